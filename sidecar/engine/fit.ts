import { CHAIN_BLOCK, createChain, limiterPeaks, limiterReductionAt, meanCompression, resetLimiter, runColourStage, runLimiterOnPeaks, runLinearStage, type Chain, type ChainParams } from './dsp/chain.js';
import { ExcerptMeter, excerptInputMeter, STEP_FRAMES, stepCountOf, type Excerpt, type ExcerptSegment } from './excerpt.js';
import { halved, hasColourDynamics, initialChainParams, raiseThresholds, type FitInputs } from './fit-params.js';
import { kWeightedFrameEnergies } from './meter/loudness-meter.js';
import { budgetOf, type EngineStyle, type StyleBudget } from './style.js';

export { excerptCorrelation, excerptInputLoudness, loadExcerpt, planExcerpt, type Excerpt } from './excerpt.js';
export type { FitInputs } from './fit-params.js';

/** How much over its budget a fit may stay (the histogram's resolution and the excerpt's noise), dB. */
const BUDGET_TOLERANCE_DB = 0.15;
const MAX_BUDGET_EVALUATIONS = 7;
/** How often the fit may move the compressors 3 dB higher up when they alone ride the gain too much. */
const MAX_RAISES = 4;
/**
 * Gain riding the colour stage (compressors, saturation) may do on its own, against the EQ
 * stage's output, dB: the rest of RIDING_BUDGET_DB is the limiter's and the tone move's.
 */
const COLOUR_RIDING_DB = 0.15;
const COLOUR_RIDING_PER_DB = 0.03;
/** Riding under the budget the colour stage leaves for the limiter, dB. */
const LIMITER_RIDING_ROOM_DB = 0.05;
/** What the limiter may add to the dynamics' riding and still count as idle, dB. */
const LIMITER_RIDING_FLOOR_DB = 0.03;
/**
 * The limiter's peaks are read for a trial's gain and this factor (3 dB) more: a louder trial reads
 * them again, but the lower the floor, the more of the excerpt the long FIR must compute.
 */
const PEAKS_HEADROOM = Math.SQRT2;
/**
 * Gain riding the fit allows (the product allows at most 0.35 dB for any style, measured by ffmpeg on the
 * master): the mean change, per 100 ms step, of output-minus-input momentary loudness, dB. Past
 * it, the gain stops and the shortfall is heldBackLu like the limiter's budget.
 */
export const RIDING_BUDGET_DB = 0.28;
const RIDING_TOLERANCE_DB = 0.02;
/** How much riding one dB of gain adds once the limiter works (the budget search's first step), dB. */
const RIDING_PER_DB = 0.12;
/** Riding of the dynamics alone (output against the EQ stage's output) under which the gain is not lowered for riding, dB. */
const DYNAMICS_RIDING_FLOOR_DB = 0.12;
/**
 * A master is never quieter than min(mix, target) by more than the product's 0.5 LU: the fit's
 * floor sits this far under it (the rest is the excerpt's and the bounce's error).
 */
const FLOOR_MARGIN_LU = 0.25;
const MAX_FLOOR_EVALUATIONS = 5;
/** Loudness accuracy the fit aims for: on the whole (short) track, and on an excerpt, LU. */
export const FIT_TOLERANCE_LU = 0.05;
const EXCERPT_TOLERANCE_LU = 0.1;
const MAX_EVALUATIONS = 6;
/**
 * The macro-dynamics budget: what the dynamics may take of the mix's loudness range is
 * (1 - lraShare) of it, but never less than this (a mix with little range keeps what the
 * arrangement gives it; its passages are not told apart by a tenth of a LU), LU.
 */
const MIN_LRA_LOSS_LU = 1;
/**
 * The fit reads the loss of loudness range on the excerpt, not on the whole track; it aims this
 * far inside the allowance (the excerpt's passages are 1.2 s, the range's are 3 s), LU.
 */
const LRA_MARGIN_LU = 0.4;
/** What the limiter may add to the range loss where the compressors alone use the allowance up, dB. */
const LIMITER_LRA_FLOOR_DB = 0.2;
/** Share of the allowed loss the colour stage (compressors) may take on its own: the rest is the limiter's. */
const COLOUR_LRA_SHARE = 0.6;
/** Windows the range loss is read over on a whole-track excerpt: about the short-term loudness' 3 s, 1 s apart (400 ms blocks, 100 ms hop). */
const LRA_WINDOW_BLOCKS = 30;
const LRA_WINDOW_HOP = 10;
/** The loudness range's quantiles (EBU Tech 3342): only the windows between them count. */
const LRA_LOW_QUANTILE = 0.1;
const LRA_HIGH_QUANTILE = 0.95;
/** Frames of the limiter's reduction histogram a hit's attack is read at: its deepest percent. */
const ATTACK_QUANTILE = 0.99;

export interface FittedStyle {
  styleId: number;
  styleIndex: number;
  groupName: string;
  name: string;
  /** The style's target, LUFS. */
  targetLufs: number;
  /** What the master aims at: the style's target less heldBackLu (see fitStyle's loudness rule). */
  effectiveTargetLufs: number;
  /** How far short of the target the dynamics budget stops the master, LU (0: target met). */
  heldBackLu: number;
  /** The mix was at least as loud as the style's target: the master is brought to the target. */
  loudInput: boolean;
  /** Loudness the master never goes under, whatever the budget: min(mix, target) less a margin, LUFS. */
  floorLufs: number;
  /**
   * The budget alone would have left the master quieter than its mix: it is kept at the floor, and
   * the limiter removes the overs the mix already had (that reduction is not the style's to spend).
   */
  keptMixLoudness: boolean;
  /** The mix's loudness (as the stereo master it becomes) and true peak, for the report. */
  inputLufs: number;
  inputTruePeakDb: number;
  /** What the dynamics did on the excerpt at the fitted gain: limiter reduction (95th percentile) and mean compression, dB. */
  limiterP95Db: number;
  compressionDb: number;
  /**
   * What the dynamics took of the loudness range on the excerpt (the loudest passages turned down
   * against the quiet ones), and the limiter's reduction on the attacks over its typical one, dB.
   */
  lraLossDb: number;
  attackLossDb: number;
  ceilingDbtp: number;
  chain: ChainParams;
  /** Output loudness change per dB of pre-gain near the solution (for the bounce's closed loop). */
  loudnessSlope: number;
  /** Dynamics-stage evaluations the fit needed. */
  iterations: number;
  /** Loudness the fit predicts for the whole track, LUFS. */
  predictedLufs: number;
  /** True peak the fit predicts for the master (from the excerpt), dBTP. */
  predictedTruePeakDb: number;
  /** Pre-gain beyond the linear estimate that the compressor, saturation and limiter take away, dB. */
  dynamicsLossDb: number;
}

/** Reusable buffers for fitting many styles on one excerpt. */
export interface FitWorkspace {
  linearLeft: Float32Array[];
  linearRight: Float32Array[];
  /**
   * Per segment, the colour stage's output at zero pre-gain (the limiter's latency longer than
   * the segment) and the limiter's peak envelope of it: the gain trials of one set of parameters
   * scale these instead of running the colour stage and the detector again.
   */
  colourLeft: Float32Array[];
  colourRight: Float32Array[];
  peaks: Float32Array[];
  /**
   * Per segment, the K-weighted energy of each frame of the colour stage's output: a gain trial's
   * loudness is these weighted by the limiter's squared gain (the gain changes slowly against the
   * K-weighting filters' response, so weighting after the filters reads within a few hundredths of
   * a LU of filtering the limited output).
   */
  energy: Float32Array[];
  blockLeft: Float32Array;
  blockRight: Float32Array;
  outLeft: Float32Array;
  outRight: Float32Array;
}

export function createFitWorkspace(excerpt: Excerpt): FitWorkspace {
  return {
    linearLeft: excerpt.left.map((l) => new Float32Array(l.length)),
    linearRight: excerpt.right.map((r) => new Float32Array(r.length)),
    colourLeft: excerpt.left.map(() => new Float32Array(0)),
    colourRight: excerpt.left.map(() => new Float32Array(0)),
    peaks: excerpt.left.map(() => new Float32Array(0)),
    energy: excerpt.left.map(() => new Float32Array(0)),
    blockLeft: new Float32Array(CHAIN_BLOCK),
    blockRight: new Float32Array(CHAIN_BLOCK),
    outLeft: new Float32Array(CHAIN_BLOCK),
    outRight: new Float32Array(CHAIN_BLOCK),
  };
}

/** One gain trial: the excerpt's loudness error against its target and what the dynamics did. */
interface Trial {
  gain: number;
  error: number;
  limiterDb: number;
  compressionDb: number;
  riding: number;
  dynamicsRiding: number;
  /** Loudness range taken away: the loudest windows' reduction less the quietest ones', dB. */
  lraLossDb: number;
  /** The limiter's reduction on the attacks (ATTACK_QUANTILE) over its median, dB. */
  attackLossDb: number;
}

/**
 * The excerpt's passages the range loss is read over (blocks of the linear stage's meter), with
 * the linear stage's mean power of each.
 */
interface RangeWindow {
  segment: number;
  /** First block, relative to the segment's first. */
  first: number;
  count: number;
  power: number;
}

/**
 * Passages of the excerpt for the range loss: each segment of a sampled excerpt is one (they sit
 * at quantiles of the track's loudness), a whole track is cut into about 3 s windows. Only those
 * over the range's relative gate and between its quantiles count.
 */
function rangeWindows(meter: ExcerptMeter): RangeWindow[] {
  const blocks = meter.blocks.data;
  const windows: RangeWindow[] = [];
  meter.segmentStarts.forEach((start, segment) => {
    const end = segment + 1 < meter.segmentStarts.length ? meter.segmentStarts[segment + 1]! : meter.blocks.length;
    const length = end - start;
    const size = Math.min(length, LRA_WINDOW_BLOCKS);
    for (let first = 0; size > 0 && first + size <= length; first += LRA_WINDOW_HOP) {
      let sum = 0;
      for (let b = start + first; b < start + first + size; b++) sum += blocks[b]!;
      windows.push({ segment, first, count: size, power: sum / size });
      if (size === length) break;
    }
  });
  const absolute = Math.pow(10, (-70 + 0.691) / 10);
  const audible = windows.filter((w) => w.power > absolute);
  if (audible.length === 0) return [];
  const mean = audible.reduce((sum, w) => sum + w.power, 0) / audible.length;
  const gated = audible.filter((w) => w.power > mean * 0.01).sort((a, b) => a.power - b.power);
  const n = gated.length;
  // A window stands for the quantile at its rank's middle.
  return gated.filter((_, rank) => {
    const q = (rank + 0.5) / n;
    return q >= LRA_LOW_QUANTILE - 0.5 / n && q <= LRA_HIGH_QUANTILE + 0.5 / n;
  });
}

/**
 * One style's fit on one excerpt: the stages it runs once (the linear stage; the colour stage and
 * the limiter's peaks for each set of colour parameters) and the gain trials that reuse them.
 */
class StyleFit {
  evaluations = 0;
  /** How often the compressors were moved up (and the saturation halved). */
  raised = 0;
  /** The colour stage's own riding against the EQ stage's output (0 when it does nothing). */
  colourRidingDb = 0;
  /** What the colour stage takes of the loudness range on its own (the same at any pre-gain), dB. */
  colourLraLossDb = 0;
  private readonly linearMeter = new ExcerptMeter();
  private readonly inputMeter: ExcerptMeter;
  private readonly ceiling: number;
  /**
   * The colour stage's output and the limiter's peaks were made for `colourOf` (the colour stage
   * is scale-invariant, so a gain trial only scales them); the peaks serve any trial whose
   * ceiling / scale is at or above `peaksFloor`.
   */
  private colourOf: ChainParams | null = null;
  private peaksFloor = Infinity;
  private compression = new Float64Array(2);
  /**
   * One limiter per segment for every trial (its settings do not change during a fit), with the
   * gain at the base rate: the oversampled stage only filters what would fold past 22.05 kHz,
   * which the loudness does not see.
   */
  private trialChains: Chain[] = [];
  /** The passages the range loss is read over, from the linear stage's output. */
  private windows: RangeWindow[] = [];
  /** What the dynamics may take of the loudness range, dB. */
  readonly lraAllowanceDb: number;

  constructor(
    public params: ChainParams,
    readonly budget: StyleBudget,
    private readonly excerpt: Excerpt,
    private readonly workspace: FitWorkspace,
    private readonly excerptTarget: number,
    private readonly onIteration: (iteration: number) => void,
    inputLra: number,
  ) {
    this.inputMeter = excerptInputMeter(excerpt);
    this.ceiling = Math.pow(10, params.limiter.ceilingDbtp / 20);
    this.lraAllowanceDb = Math.max(MIN_LRA_LOSS_LU, (1 - budget.lraShare) * (Number.isFinite(inputLra) ? inputLra : 0)) - LRA_MARGIN_LU;
  }

  /**
   * What `meter` (the same segments after the dynamics, its blocks times `factor` against the
   * linear stage's) took of the loudness range: the largest reduction of a passage less the
   * smallest, dB.
   */
  rangeLoss(meter: ExcerptMeter, factor: number): number {
    let most = -Infinity;
    let least = Infinity;
    for (const w of this.windows) {
      const start = meter.segmentStarts[w.segment];
      if (start === undefined) continue;
      let sum = 0;
      for (let b = start + w.first; b < start + w.first + w.count; b++) sum += meter.blocks.data[b]!;
      if (!(sum > 0)) continue;
      const reduction = 10 * Math.log10((w.power * factor * w.count) / sum);
      if (reduction > most) most = reduction;
      if (reduction < least) least = reduction;
    }
    return most > least ? most - least : 0;
  }

  /** The linear stage (once per style; the gain trials reuse its output): its loudness, LUFS. */
  runLinear(): number {
    const { excerpt, workspace } = this;
    excerpt.segments.forEach((_, s) => {
      const chain = createChain({ ...this.params, multiband: null }, { mono: excerpt.mono, oversampledGain: false });
      const l = workspace.linearLeft[s]!;
      const r = workspace.linearRight[s]!;
      l.set(excerpt.left[s]!);
      r.set(excerpt.right[s]!);
      for (let position = 0; position < l.length; position += CHAIN_BLOCK) {
        const count = Math.min(CHAIN_BLOCK, l.length - position);
        runLinearStage(chain, l.subarray(position, position + count), r.subarray(position, position + count), count);
      }
    });
    excerpt.segments.forEach((segment, s) => {
      this.linearMeter.measureSegment(segment, 0, (position, count, outL, outR) => {
        outL.set(workspace.linearLeft[s]!.subarray(position, position + count));
        outR.set(workspace.linearRight[s]!.subarray(position, position + count));
      }, workspace.outLeft, workspace.outRight);
    });
    this.windows = rangeWindows(this.linearMeter);
    return this.linearMeter.loudness();
  }

  startTrials(): void {
    this.trialChains = this.excerpt.segments.map(() => createChain({ ...this.params, multiband: null }, { mono: this.excerpt.mono, oversampledGain: false }));
  }

  /** The colour stage's output at zero pre-gain, for the current parameters. */
  private ensureColour(): void {
    if (this.colourOf === this.params) return;
    this.compression = new Float64Array(2);
    this.excerpt.segments.forEach((_, s) => this.colourSegment(s));
    this.colourOf = this.params;
    this.peaksFloor = Infinity;
  }

  private colourSegment(s: number): void {
    const { workspace } = this;
    const chain = createChain({ ...this.params, preGainDb: 0 }, { mono: this.excerpt.mono, oversampledGain: false });
    const linL = workspace.linearLeft[s]!;
    const linR = workspace.linearRight[s]!;
    const length = linL.length;
    const total = length + chain.latency;
    if (workspace.colourLeft[s]!.length < total) {
      workspace.colourLeft[s] = new Float32Array(total);
      workspace.colourRight[s] = new Float32Array(total);
      workspace.peaks[s] = new Float32Array(total);
    }
    const colourL = workspace.colourLeft[s]!;
    const colourR = workspace.colourRight[s]!;
    for (let position = 0; position < total; position += CHAIN_BLOCK) {
      const count = Math.min(CHAIN_BLOCK, total - position);
      const l = colourL.subarray(position, position + count);
      const r = colourR.subarray(position, position + count);
      const available = Math.max(0, Math.min(count, length - position));
      l.set(linL.subarray(position, position + available));
      r.set(linR.subarray(position, position + available));
      l.fill(0, available, count);
      r.fill(0, available, count);
      runColourStage(chain, l, r, count);
    }
    this.compression[0] = this.compression[0]! + chain.compressorStats[0]!;
    this.compression[1] = this.compression[1]! + chain.compressorStats[1]!;
    if (workspace.energy[s]!.length < length) workspace.energy[s] = new Float32Array(length);
    kWeightedFrameEnergies(colourL, colourR, length, 44100, workspace.energy[s]!);
  }

  /** The limiter's peak envelope of the colour stage's output, read down to what `scale` needs. */
  private preparePeaks(scale: number): void {
    this.ensureColour();
    if (this.ceiling / scale >= this.peaksFloor) return;
    this.peaksFloor = this.ceiling / scale / PEAKS_HEADROOM;
    const { workspace } = this;
    this.excerpt.segments.forEach((_, s) => {
      const chain = createChain({ ...this.params, preGainDb: 0, multiband: null }, { mono: this.excerpt.mono, oversampledGain: false });
      const total = workspace.linearLeft[s]!.length + chain.latency;
      for (let position = 0; position < total; position += CHAIN_BLOCK) {
        const count = Math.min(CHAIN_BLOCK, total - position);
        const l = workspace.colourLeft[s]!.subarray(position, position + count);
        const r = workspace.colourRight[s]!.subarray(position, position + count);
        workspace.peaks[s]!.set(limiterPeaks(chain, l, r, count, this.peaksFloor), position);
      }
    });
  }

  /**
   * True peak of the master at `preGainDb` as the excerpt predicts it: the limiter's detector peaks
   * (4x oversampled) times the gain, no higher than the limiter's ceiling, dBTP.
   */
  predictedTruePeakDb(preGainDb: number): number {
    const scale = Math.pow(10, preGainDb / 20);
    this.preparePeaks(scale);
    let peak = 0;
    this.excerpt.segments.forEach((_, s) => {
      const peaks = this.workspace.peaks[s]!;
      const total = Math.min(peaks.length, this.workspace.linearLeft[s]!.length + (this.trialChains[s]?.latency ?? 0));
      for (let i = 0; i < total; i++) if (peaks[i]! > peak) peak = peaks[i]!;
    });
    return Math.round(20 * Math.log10(Math.min(this.ceiling, peak * scale)) * 100) / 100;
  }

  /** Mean compression of the colour stage for the current parameters, dB. */
  colourCompression(): number {
    this.ensureColour();
    return meanCompression(this.compression);
  }

  /**
   * Gain riding of the colour stage's output (the same at any pre-gain): against the input (the
   * tone move's riding included) and against the EQ stage's output (the dynamics' alone).
   */
  colourRiding(): { total: number; dynamics: number; lraLoss: number } {
    this.ensureColour();
    const meter = new ExcerptMeter();
    this.excerpt.segments.forEach((segment, s) => {
      const energy = this.workspace.energy[s]!;
      const steps = new Float64Array(stepCountOf(segment));
      const first = segment.measureStart - segment.start;
      for (let k = 0; k < steps.length; k++) {
        let sum = 0;
        for (let j = first + k * STEP_FRAMES, stop = j + STEP_FRAMES; j < stop; j++) sum += energy[j]!;
        steps[k] = sum;
      }
      meter.addSteps(steps, 1);
    });
    return { total: meter.riding(this.inputMeter), dynamics: meter.riding(this.linearMeter), lraLoss: this.rangeLoss(meter, 1) };
  }

  /** One gain trial: the limiter's gain computer on the stored peaks, the loudness from the stored energies. */
  evaluate(preGainDb: number): Trial {
    this.evaluations++;
    this.onIteration(this.evaluations);
    const scale = Math.pow(10, preGainDb / 20);
    this.preparePeaks(scale);
    const meter = new ExcerptMeter();
    const histogram = new Float64Array(400);
    this.excerpt.segments.forEach((segment, s) => {
      const chain = this.trialChains[s]!;
      meter.addSteps(this.limitSegment(chain, segment, s, scale), scale * scale);
      for (let b = 0; b < histogram.length; b++) histogram[b] = histogram[b]! + chain.limiterHistogram[b]!;
    });
    return {
      gain: preGainDb,
      error: meter.loudness() - this.excerptTarget,
      limiterDb: limiterReductionAt(histogram, 0.95),
      compressionDb: meanCompression(this.compression),
      riding: meter.riding(this.inputMeter),
      dynamicsRiding: meter.riding(this.linearMeter),
      lraLossDb: this.rangeLoss(meter, scale * scale),
      attackLossDb: limiterReductionAt(histogram, ATTACK_QUANTILE) - limiterReductionAt(histogram, 0.5),
    };
  }

  /** A segment's 100 ms step energies after the limiter at `scale`. */
  private limitSegment(chain: Chain, segment: ExcerptSegment, s: number, scale: number): Float64Array {
    const { workspace } = this;
    resetLimiter(chain);
    const colourL = workspace.colourLeft[s]!;
    const colourR = workspace.colourRight[s]!;
    const peaks = workspace.peaks[s]!;
    const energy = workspace.energy[s]!;
    const latency = chain.latency;
    const steps = new Float64Array(stepCountOf(segment));
    const first = segment.measureStart - segment.start;
    const last = first + steps.length * STEP_FRAMES;
    const total = segment.end - segment.start + latency;
    for (let position = 0; position < total; position += CHAIN_BLOCK) {
      const count = Math.min(CHAIN_BLOCK, total - position);
      runLimiterOnPeaks(chain, colourL.subarray(position), colourR.subarray(position), peaks.subarray(position), scale, count, workspace.outLeft, workspace.outRight, false);
      // Output frame o is input frame o - latency times the gain computed for o.
      const gains = chain.gainBlock;
      const offset = latency - position;
      let i = Math.max(first, position - latency);
      const end = Math.min(last, position + count - latency);
      while (i < end) {
        const step = Math.floor((i - first) / STEP_FRAMES);
        const stop = Math.min(end, first + (step + 1) * STEP_FRAMES);
        let sum = 0;
        for (let j = i; j < stop; j++) {
          const g = gains[j + offset]!;
          sum += g * g * energy[j]!;
        }
        steps[step] = steps[step]! + sum;
        i = stop;
      }
    }
    return steps;
  }

  /**
   * The colour stage is scale-invariant: how much it compresses and how much it rides the gain do
   * not depend on the pre-gain, so both are brought within the budget before the gain is searched.
   * The compressor's amount: one correction of its threshold. Its riding: the compressors work
   * from higher up and the saturation is halved until it rides no more than COLOUR_RIDING_DB.
   */
  settleColour(): void {
    const excess = this.colourCompression() - this.budget.compressionDb;
    if (excess > BUDGET_TOLERANCE_DB && this.params.compressor.ratio > 1) this.params = raiseThresholds(this.params, excess / (1 - 1 / this.params.compressor.ratio));
    // Its riding falls about COLOUR_RIDING_PER_DB for each dB the thresholds move up: one step
    // to where it should be within budget, then measured again.
    // The whole riding before the limiter (the tone move's too) must leave the limiter room
    // under the budget, as far as the colour stage can give it.
    let colour = this.colourRiding();
    const over = () => Math.max(colour.dynamics - COLOUR_RIDING_DB, Math.min(colour.total - (RIDING_BUDGET_DB - LIMITER_RIDING_ROOM_DB), colour.dynamics - LIMITER_RIDING_FLOOR_DB));
    // The compressors' share of the range loss: about as many dB higher up as they take too much
    // (the loudest passages are over the threshold by that much more).
    const lraOver = () => colour.lraLoss - COLOUR_LRA_SHARE * this.lraAllowanceDb;
    while (this.raised < MAX_RAISES && hasColourDynamics(this.params) && (over() > 0 || lraOver() > 0)) {
      this.raised++;
      const ridingStep = over() > 0 ? over() / COLOUR_RIDING_PER_DB + 1 : 0;
      const ratio = this.params.compressor.ratio;
      const lraStep = lraOver() > 0 ? (lraOver() * ratio) / Math.max(0.1, ratio - 1) + 1 : 0;
      const step = Math.max(2, Math.min(12, Math.max(ridingStep, lraStep)));
      this.params = { ...raiseThresholds(this.params, step), saturation: halved(this.params.saturation) };
      colour = this.colourRiding();
    }
    this.colourRidingDb = colour.dynamics;
    this.colourLraLossDb = colour.lraLoss;
  }

  /** The limiter alone moves the compressors up (and halves the saturation) 3 dB at a time. */
  raiseColour(): void {
    this.raised++;
    this.params = { ...raiseThresholds(this.params, 3), saturation: halved(this.params.saturation) };
    const colour = this.colourRiding();
    this.colourRidingDb = colour.dynamics;
    this.colourLraLossDb = colour.lraLoss;
  }

  /** The limiter's part of the budget: its reduction, the range it takes and the attacks. */
  limiterOk(trial: Trial): boolean {
    return trial.limiterDb <= this.budget.limiterDb + BUDGET_TOLERANCE_DB && this.lraOk(trial) && this.attackOk(trial);
  }

  /**
   * Where the compressors, moved up as far as they may be, still take more than the allowance, a
   * lower gain would not give the range back: the limiter may then add no more than a little.
   */
  lraLimitDb(): number {
    return Math.max(this.lraAllowanceDb, this.colourLraLossDb + LIMITER_LRA_FLOOR_DB);
  }

  lraOk(trial: Trial): boolean {
    return trial.lraLossDb <= this.lraLimitDb() + BUDGET_TOLERANCE_DB;
  }

  attackOk(trial: Trial): boolean {
    return trial.attackLossDb <= this.budget.attackLossDb + BUDGET_TOLERANCE_DB;
  }

  /**
   * What the limiter adds to the dynamics' riding: once it is this small, less gain would not
   * ride less (the tone move and the colour stage do not change with the gain).
   */
  limiterIdle(trial: Trial): boolean {
    return trial.dynamicsRiding - this.colourRidingDb <= LIMITER_RIDING_FLOOR_DB;
  }

  ridingOk(trial: Trial): boolean {
    return trial.riding <= RIDING_BUDGET_DB + RIDING_TOLERANCE_DB || trial.dynamicsRiding <= DYNAMICS_RIDING_FLOOR_DB || this.limiterIdle(trial);
  }

  withinBudget(trial: Trial): boolean {
    return this.limiterOk(trial) && this.ridingOk(trial);
  }

  overshootDb(trial: Trial): number {
    // Past the limiter's onset, its reduction, the range it takes and the attacks' loss each grow
    // about 1 dB per dB of gain.
    return Math.max(
      trial.limiterDb - this.budget.limiterDb,
      trial.lraLossDb - this.lraLimitDb(),
      trial.attackLossDb - this.budget.attackLossDb,
      this.ridingOk(trial) ? 0 : (trial.riding - RIDING_BUDGET_DB) / RIDING_PER_DB,
      0,
    );
  }
}

/** Where the loudness search ended: its best trial and the loudness slope it last measured. */
interface LoudnessSearch {
  best: Trial;
  slope: number;
}

/**
 * The pre-gain that meets the excerpt's target, by secant iteration from `g0`. It stops at the
 * first trial past the budget (more gain would only go further): the budget search takes over.
 */
function searchLoudness(fit: StyleFit, g0: number, slope: number, tolerance: number): LoudnessSearch {
  const first = fit.evaluate(g0);
  let f0 = first.error;
  let best = first;
  const firstOk = fit.withinBudget(first);
  let g1 = g0 - f0 / slope;
  while (firstOk && Math.abs(best.error) > tolerance && fit.evaluations < MAX_EVALUATIONS) {
    g1 = Math.max(-30, Math.min(36, g1));
    // Pinned at a bound it already tried: another evaluation would only repeat it.
    if (g1 === g0 && fit.evaluations > 1) break;
    const trial = fit.evaluate(g1);
    const f1 = trial.error;
    if (Math.abs(f1) < Math.abs(best.error)) best = trial;
    if (Math.abs(f1) <= tolerance) break;
    if (g1 !== g0) slope = Math.max(0.05, Math.min(1.5, (f1 - f0) / (g1 - g0)));
    const next = g1 - f1 / slope;
    g0 = g1;
    f0 = f1;
    g1 = Math.max(g0 - 12, Math.min(g0 + 12, next));
    if (!fit.withinBudget(trial)) {
      best = trial;
      break;
    }
  }
  return { best, slope };
}

/** The budget search's bracket: the loudest trial within budget so far and the quietest past it. */
interface Bracket {
  low: Trial | null;
  high: Trial;
}

/** The next gain of the budget search: a secant on whichever budget binds, inside the bracket. */
function nextBudgetGain(fit: StyleFit, { low, high }: Bracket): number {
  if (!low) return high.gain - Math.max(0.5, Math.min(12, fit.overshootDb(high)));
  const span = high.gain - low.gain;
  let next = high.gain;
  if (high.limiterDb > fit.budget.limiterDb + BUDGET_TOLERANCE_DB && high.limiterDb > low.limiterDb) next = Math.min(next, low.gain + ((fit.budget.limiterDb - low.limiterDb) * span) / (high.limiterDb - low.limiterDb));
  if (!fit.lraOk(high) && high.lraLossDb > low.lraLossDb) next = Math.min(next, low.gain + ((fit.lraLimitDb() - low.lraLossDb) * span) / (high.lraLossDb - low.lraLossDb));
  if (!fit.attackOk(high) && high.attackLossDb > low.attackLossDb) next = Math.min(next, low.gain + ((fit.budget.attackLossDb - low.attackLossDb) * span) / (high.attackLossDb - low.attackLossDb));
  if (!fit.ridingOk(high) && high.riding > low.riding) next = Math.min(next, low.gain + ((RIDING_BUDGET_DB - low.riding) * span) / (high.riding - low.riding));
  return Math.min(high.gain - 0.05, Math.max(low.gain + 0.05, next));
}

/** A trial within both budgets is close enough to the budget's edge to stop. */
function atBudgetEdge(fit: StyleFit, trial: Trial): boolean {
  return fit.budget.limiterDb - trial.limiterDb <= 0.3 || fit.lraLimitDb() - trial.lraLossDb <= 0.3 || fit.budget.attackLossDb - trial.attackLossDb <= 0.3 || (trial.dynamicsRiding > DYNAMICS_RIDING_FLOOR_DB && RIDING_BUDGET_DB - trial.riding <= 0.04);
}

/**
 * Over budget (the limiter's, or gain riding): the largest gain that stays within both. The
 * limiter's reduction grows about 1 dB per dB of gain once it works, riding about 0.1-0.15 dB,
 * so a secant on the binding one converges in a few trials. Riding counts only where the
 * dynamics ride: under DYNAMICS_RIDING_FLOOR_DB what still rides is the static tone move on
 * material whose spectrum changes from beat to beat, and a lower gain would not help.
 */
function searchBudget(fit: StyleFit, over: Trial): Trial {
  const bracket: Bracket = { low: null, high: over };
  let gain = over.gain - Math.max(0.5, Math.min(12, fit.overshootDb(over)));
  // The trial before, with the same settings (riding compares only across those).
  let previous: Trial | null = over;
  for (let k = 0; k < MAX_BUDGET_EVALUATIONS; k++) {
    const trial = fit.evaluate(gain);
    const before = previous;
    previous = trial;
    if (fit.limiterOk(trial) && !fit.ridingOk(trial) && before && before.gain > trial.gain && trial.riding >= before.riding - RIDING_TOLERANCE_DB / 4) {
      // Less gain rides no less: what rides is the tone move on material whose spectrum changes
      // from beat to beat, which the limiter was partly evening out. The least riding within
      // the limiter's budget is the loudest clean version there is.
      return fit.limiterOk(before) && before.riding <= trial.riding ? before : trial;
    }
    if (fit.withinBudget(trial)) {
      if (!bracket.low || trial.gain > bracket.low.gain) bracket.low = trial;
      if (atBudgetEdge(fit, trial)) break;
    } else if (fit.limiterOk(trial) && fit.limiterIdle(trial) && hasColourDynamics(fit.params) && fit.raised < MAX_RAISES) {
      // The limiter is idle and it still rides: the compressor and the saturation do, and the
      // gain cannot change that (both are set relative to the track's level and move with the
      // gain). The compressor works from higher up and the saturation is halved instead; the
      // trials above, made with the old settings, rode more and stay a conservative bound.
      fit.raiseColour();
      bracket.low = null;
      previous = null;
      gain = trial.gain;
      continue;
    } else if (fit.limiterOk(trial) && fit.limiterIdle(trial)) {
      // Nothing left that a lower gain would calm: this is the loudest it gets.
      return trial;
    } else {
      bracket.high = trial;
    }
    if (bracket.low && bracket.high.gain - bracket.low.gain < 0.15) break;
    gain = nextBudgetGain(fit, bracket);
  }
  return bracket.low ?? bracket.high;
}

/** The fit's identity fields and the loudness rule's inputs. */
function styleBase(style: EngineStyle, inputs: FitInputs) {
  const target = style.processing.targetLufs;
  const finite = Number.isFinite(inputs.inputLufs);
  return {
    styleId: style.id,
    styleIndex: style.styleIndex,
    groupName: style.groupName,
    name: style.name,
    targetLufs: target,
    ceilingDbtp: style.processing.ceilingDbtp,
    loudInput: finite && inputs.inputLufs >= target,
    floorLufs: finite ? Math.round((Math.min(inputs.inputLufs, target) - FLOOR_MARGIN_LU) * 100) / 100 : -Infinity,
    keptMixLoudness: false,
    inputLufs: inputs.inputLufs,
    inputTruePeakDb: inputs.truePeakDb,
  };
}

/**
 * The gain that brings a master under its floor up to `aimError` (against the target), by secant
 * from that trial. The limiter takes whatever it must: on a loud or clipped mix, its overs.
 */
function searchFloor(fit: StyleFit, under: Trial, aimError: number, slope: number, tolerance: number): Trial {
  let previous = under;
  let best = under;
  let gain = under.gain + Math.min(24, (aimError - under.error) / slope);
  for (let k = 0; k < MAX_FLOOR_EVALUATIONS; k++) {
    const trial = fit.evaluate(gain);
    if (trial.error > best.error) best = trial;
    if (trial.error >= aimError - tolerance) return trial;
    if (trial.gain !== previous.gain) slope = Math.max(0.05, Math.min(1.5, (trial.error - previous.error) / (trial.gain - previous.gain)));
    previous = trial;
    gain = trial.gain + Math.min(24, (aimError - trial.error) / slope);
  }
  return best;
}

/** The first trial's gain: the linear estimate plus the loss the nearest style already fitted had. */
function firstGain(linearGain: number, nearest: FittedStyle | undefined): number {
  return Math.max(-30, Math.min(36, linearGain + (nearest ? nearest.dynamicsLossDb : 0.5)));
}

/** The style fitted before (on this track, on the same path) whose target is nearest. */
function nearestFitted(fittedBefore: readonly FittedStyle[], target: number, loudInput: boolean): FittedStyle | undefined {
  return fittedBefore
    .filter((other) => other.iterations > 0 && other.heldBackLu === 0 && other.loudInput === loudInput)
    .sort((a, b) => Math.abs(a.targetLufs - target) - Math.abs(b.targetLufs - target))[0];
}

/**
 * Fits one style to a track: the tonal move (EQ stage), then the pre-gain that drives the
 * compressor, saturation and limiter so the output meets the target (dynamics stage), by secant
 * iteration on the excerpt, within the style's dynamics budget.
 *
 * Loudness rule: a track aims at the style's target, but never past the budget: when the
 * limiter's 95th-percentile gain reduction would exceed the style's `budget.limiterDb`, the gain
 * stops where the budget is used up and the shortfall is `heldBackLu` (the loudest clean version).
 * Never under the floor, though: a master is at least as loud as its mix (or, for a mix louder
 * than the target, at the target). What the limiter takes to hold a loud, clipped mix at its own
 * loudness are the overs the mix already had, not the style's squeezing, so the floor is kept
 * whatever that costs the budget (`keptMixLoudness`). Every track gets the style's whole chain.
 */
export function fitStyle(
  style: EngineStyle,
  inputs: FitInputs,
  excerpt: Excerpt,
  workspace: FitWorkspace,
  onIteration: (iteration: number) => void,
  /** Styles already fitted to this track: their losses give the first trial a close start. */
  fittedBefore: readonly FittedStyle[] = [],
): FittedStyle {
  const target = style.processing.targetLufs;
  const budget = budgetOf(style.processing);
  const base = styleBase(style, inputs);
  const bias = excerpt.whole || !Number.isFinite(inputs.excerptInputLufs) ? 0 : inputs.inputLufs - inputs.excerptInputLufs;
  const fit = new StyleFit(initialChainParams(style, inputs), budget, excerpt, workspace, target - bias, onIteration, inputs.lra);
  const linearLufs = fit.runLinear();
  if (!Number.isFinite(linearLufs) || !Number.isFinite(target)) {
    return { ...base, effectiveTargetLufs: target, heldBackLu: 0, chain: fit.params, loudnessSlope: 1, iterations: 0, predictedLufs: inputs.inputLufs, predictedTruePeakDb: inputs.truePeakDb, dynamicsLossDb: 0, limiterP95Db: 0, compressionDb: 0, lraLossDb: 0, attackLossDb: 0 };
  }
  fit.startTrials();
  const linearGain = target - bias - linearLufs;
  const nearest = nearestFitted(fittedBefore, target, base.loudInput);
  fit.settleColour();
  const tolerance = excerpt.whole ? FIT_TOLERANCE_LU : EXCERPT_TOLERANCE_LU;
  const search = searchLoudness(fit, firstGain(linearGain, nearest), nearest ? nearest.loudnessSlope : 1, tolerance);
  const limited = !fit.withinBudget(search.best);
  let best = limited ? searchBudget(fit, search.best) : search.best;
  const floorError = base.floorLufs - target;
  const keptMixLoudness = best.error < floorError;
  // At the floor, not over it: there the loudness gains a tenth of a dB per dB of gain, so every
  // tenth of a LU more would cost about a dB more limiting.
  if (keptMixLoudness) best = searchFloor(fit, best, floorError, search.slope, tolerance);
  // A loud mix brought to the target is not held back, however much of its overs the limiter took.
  const atTarget = base.loudInput && best.error >= floorError;
  const heldBackLu = (limited || keptMixLoudness) && !atTarget && best.error < 0 ? Math.round(-best.error * 100) / 100 : 0;
  return {
    ...base,
    keptMixLoudness,
    effectiveTargetLufs: Math.round((target - heldBackLu) * 100) / 100,
    heldBackLu,
    chain: { ...fit.params, preGainDb: Math.round(best.gain * 1000) / 1000 },
    loudnessSlope: search.slope,
    iterations: fit.evaluations,
    predictedLufs: Math.round((target + best.error) * 100) / 100,
    predictedTruePeakDb: fit.predictedTruePeakDb(best.gain),
    dynamicsLossDb: best.gain - linearGain,
    limiterP95Db: Math.round(best.limiterDb * 10) / 10,
    compressionDb: Math.round(best.compressionDb * 10) / 10,
    lraLossDb: Math.round(best.lraLossDb * 10) / 10,
    attackLossDb: Math.round(best.attackLossDb * 10) / 10,
  };
}

/**
 * One thread's share of a preparation: claims the next unfitted style from `claims` (shared by
 * both threads, so neither waits while styles remain) and fits it with every fit known so far as
 * first-guess history (`history` also grows with the other thread's fits as they arrive).
 */
export async function fitClaimedStyles(
  claims: Int32Array,
  styles: readonly EngineStyle[],
  inputs: FitInputs,
  excerpt: Excerpt,
  history: FittedStyle[],
  onIteration: (iteration: number) => void,
  onFitted: (index: number, fitted: FittedStyle) => void,
): Promise<void> {
  const workspace = createFitWorkspace(excerpt);
  for (let index = Atomics.add(claims, 0, 1); index < styles.length; index = Atomics.add(claims, 0, 1)) {
    const fitted = fitStyle(styles[index]!, inputs, excerpt, workspace, onIteration, history);
    history.push(fitted);
    onFitted(index, fitted);
    // Lets the other thread's fits arrive as history before the next claim.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** A claim counter both fitting threads share. */
export const createFitClaims = (): Int32Array => new Int32Array(new SharedArrayBuffer(4));
