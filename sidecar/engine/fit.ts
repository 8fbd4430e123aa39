import { toneMoveGains } from './analysis.js';
import type { MultibandBand, MultibandParams } from './dsp/multiband.js';
import { CHAIN_BLOCK, createChain, limiterPeaks, limiterReductionAt, meanCompression, resetLimiter, runColourStage, runLimiterOnPeaks, runLinearStage, type BandGains, type ChainParams } from './dsp/chain.js';
import { DEFAULT_BUDGET, type EngineStyle } from './style.js';
import { createLoudnessMeter, feedMeter, gatedLoudness, kWeightedFrameEnergies, resetMeasurements, type GrowableSeries } from './meter/loudness-meter.js';
import type { WorkFileReader } from './work-file.js';

/**
 * Margin between the style's true-peak ceiling and the limiter's, dB: gain changes within the
 * interpolator's span, 24-bit rounding and the difference to other meters. The limiter's detector
 * (dsp/peak-detector.ts) reads inter-sample peaks with a 32-tap-per-phase interpolator, as
 * accurately as ffmpeg's ebur128 does, so 0.3 dB is enough (it was 0.7 dB with the 12-tap
 * BS.1770-4 Annex 2 FIR, which reads up to ~0.6 dB low on content near Nyquist).
 */
export const LIMITER_MARGIN_DB = 0.3;
/**
 * The limiter's timing: look-ahead and an equal hold, fast and slow release. The fast release is
 * short so a transient's reduction is over before the next 100 ms step (gain riding).
 */
export const LIMITER_TIMING = { lookaheadMs: 5, holdMs: 5, releaseFastMs: 20, releaseSlowMs: 400 } as const;
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
/** Saturation halved, and none once it is too little to hear (the stage then skips its crossover). */
const halved = (saturation: number): number => (saturation < 0.05 ? 0 : saturation / 2);
const hasColourDynamics = (params: ChainParams): boolean => params.compressor.ratio > 1 || params.saturation > 0 || params.multiband !== null;
/**
 * The limiter's peaks are read for a trial's gain and this factor (3 dB) more: a louder trial reads
 * them again, but the lower the floor, the more of the excerpt the long FIR must compute.
 */
const PEAKS_HEADROOM = Math.SQRT2;
/**
 * Gain riding the fit allows (issue 15: at most 0.35 dB for any style, measured by ffmpeg on the
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
 * An input this close under the target (or above it) counts as already loud: squeezing out the
 * last dB would cost it its loudness range, so it is only brought to the target by gain.
 */
const LOUD_INPUT_MARGIN_LU = 1.5;
/** Budget for an input already at (or near) the target: gain only, the limiter barely working. */
const LOUD_INPUT_BUDGET = { limiterDb: 0.5, compressionDb: 0 } as const;
/** Loudness accuracy the fit aims for: on the whole (short) track, and on an excerpt, LU. */
export const FIT_TOLERANCE_LU = 0.05;
const EXCERPT_TOLERANCE_LU = 0.1;
const MAX_EVALUATIONS = 6;
/** Tracks up to this long are fitted on the whole track, so the fit is exact. */
const WHOLE_TRACK_FRAMES = 20 * 44100;
const SEGMENTS = 10;
/** Measured part of a segment: 1.2 s = nine 400 ms blocks at the 100 ms hop. */
const SEGMENT_BLOCKS = 9;
const STEP_FRAMES = 4410;
const SEGMENT_FRAMES = (SEGMENT_BLOCKS + 3) * STEP_FRAMES;
const SEGMENT_PREROLL = Math.round(0.3 * 44100);
/** Frames read past a segment's end so the limiter's delayed output covers it. */
const SEGMENT_TAIL = 512;

export interface ExcerptSegment {
  /** Input frame where processing starts (pre-roll included). */
  start: number;
  /** Input frame where measuring starts. */
  measureStart: number;
  /** Input frame where measuring ends (exclusive). */
  end: number;
}

/**
 * The fit's excerpt. A short track is used whole (the fit is then exact). Otherwise SEGMENTS
 * slices of 1.2 s (with 0.3 s pre-roll) chosen at evenly spaced quantiles of the track's loudness
 * distribution (windows of nine 400 ms blocks, only those above the BS.1770 relative gate): the
 * excerpt holds quiet, typical and loud passages in the proportion the track has them, which is
 * what the compressor's and limiter's loudness loss depends on. The remaining level difference
 * between the whole track's and the excerpt's input loudness corrects the excerpt's target.
 *
 * `blocks` are the analysis pass's 400 ms block powers (100 ms hop).
 */
export function planExcerpt(frames: number, blocks?: Float64Array, blockCount = blocks?.length ?? 0): ExcerptSegment[] {
  if (frames <= WHOLE_TRACK_FRAMES || !blocks || blockCount < SEGMENT_BLOCKS * SEGMENTS) return [{ start: 0, measureStart: 0, end: frames }];
  const windows = blockCount - SEGMENT_BLOCKS + 1;
  const power = new Float64Array(windows);
  let sum = 0;
  for (let b = 0; b < blockCount; b++) {
    sum += blocks[b]!;
    if (b >= SEGMENT_BLOCKS) sum -= blocks[b - SEGMENT_BLOCKS]!;
    if (b >= SEGMENT_BLOCKS - 1) power[b - SEGMENT_BLOCKS + 1] = sum / SEGMENT_BLOCKS;
  }
  const integrated = gatedLoudness(blocks, blockCount);
  const gate = Number.isFinite(integrated) ? Math.pow(10, (integrated - 10 + 0.691) / 10) : 0;
  const candidates = Array.from({ length: windows }, (_, w) => w).filter((w) => power[w]! > gate && power[w]! > 0);
  if (candidates.length < SEGMENTS) return [{ start: 0, measureStart: 0, end: frames }];
  candidates.sort((a, b) => power[a]! - power[b]!);
  const chosen: number[] = [];
  const overlaps = (w: number) => chosen.some((c) => Math.abs(c - w) < SEGMENT_BLOCKS + 3);
  for (let i = 0; i < SEGMENTS; i++) {
    const rank = Math.floor(((i + 0.5) / SEGMENTS) * candidates.length);
    // Nearest rank whose window does not overlap one already chosen.
    for (let d = 0; d < candidates.length; d++) {
      const up = candidates[rank + d];
      const down = candidates[rank - d];
      if (up !== undefined && !overlaps(up)) {
        chosen.push(up);
        break;
      }
      if (down !== undefined && !overlaps(down)) {
        chosen.push(down);
        break;
      }
    }
  }
  return chosen
    .sort((a, b) => a - b)
    .map((w) => {
      const measureStart = w * STEP_FRAMES;
      return { start: Math.max(0, measureStart - SEGMENT_PREROLL), measureStart, end: Math.min(frames, measureStart + SEGMENT_FRAMES) };
    });
}

export interface Excerpt {
  segments: ExcerptSegment[];
  /** Per segment, planar input [start, end + tail) (mono sources: right is the same array). */
  left: Float32Array[];
  right: Float32Array[];
  mono: boolean;
  whole: boolean;
}

export function loadExcerpt(reader: WorkFileReader, segments: ExcerptSegment[]): Excerpt {
  const channels = reader.file.channels;
  const whole = segments.length === 1 && segments[0]!.start === 0 && segments[0]!.end === reader.file.frames;
  const left: Float32Array[] = [];
  const right: Float32Array[] = [];
  for (const segment of segments) {
    const length = segment.end - segment.start + SEGMENT_TAIL;
    const interleaved = new Float32Array(length * channels);
    // Past the track's end the reader gives zeros, as the bounce's flush does.
    reader.read(segment.start, length, interleaved);
    if (channels === 1) {
      left.push(interleaved);
      right.push(interleaved);
    } else {
      const l = new Float32Array(length);
      const r = new Float32Array(length);
      for (let i = 0; i < length; i++) {
        l[i] = interleaved[i * channels]!;
        r[i] = interleaved[i * channels + 1]!;
      }
      left.push(l);
      right.push(r);
    }
  }
  return { segments, left, right, mono: channels === 1, whole };
}

function appendBlocks(target: GrowableSeries, source: GrowableSeries): void {
  if (target.length + source.length > target.data.length) {
    const grown = new Float64Array(Math.max(target.data.length * 2, target.length + source.length));
    grown.set(target.data.subarray(0, target.length));
    target.data = grown;
  }
  target.data.set(source.data.subarray(0, source.length), target.length);
  target.length += source.length;
}

/**
 * Gated loudness of planar stereo segments where output index o belongs to input frame
 * segment.start + o - delay; measuring starts (filters already settled) at segment.measureStart.
 */
class ExcerptMeter {
  readonly blocks: GrowableSeries = { data: new Float64Array(256), length: 0 };
  /** Index of each segment's first block in `blocks`. */
  readonly segmentStarts: number[] = [];
  private readonly interleaved = new Float32Array(CHAIN_BLOCK * 2);

  measureSegment(segment: ExcerptSegment, delay: number, produce: (position: number, count: number, outL: Float32Array, outR: Float32Array) => void, outL: Float32Array, outR: Float32Array): void {
    const meter = createLoudnessMeter(44100, 2, { peaks: false });
    const total = segment.end - segment.start + delay;
    const resetAt = delay + segment.measureStart - segment.start;
    let didReset = resetAt <= delay;
    for (let position = 0; position < total; position += CHAIN_BLOCK) {
      const count = Math.min(CHAIN_BLOCK, total - position);
      produce(position, count, outL, outR);
      let a = Math.max(position, delay);
      const b = position + count;
      while (a < b) {
        const stop = !didReset && resetAt > a && resetAt < b ? resetAt : b;
        for (let o = a; o < stop; o++) {
          this.interleaved[(o - a) * 2] = outL[o - position]!;
          this.interleaved[(o - a) * 2 + 1] = outR[o - position]!;
        }
        feedMeter(meter, this.interleaved, stop - a);
        a = stop;
        if (!didReset && a >= resetAt) {
          resetMeasurements(meter);
          didReset = true;
        }
      }
    }
    this.segmentStarts.push(this.blocks.length);
    appendBlocks(this.blocks, meter.blocks);
  }

  /**
   * A segment measured from its 100 ms step energies (K-weighted, both channels, times `factor`):
   * the 400 ms blocks a meter forms of them.
   */
  addSteps(steps: Float64Array, factor: number): void {
    this.segmentStarts.push(this.blocks.length);
    const blocks = Math.max(0, steps.length - 3);
    const block: GrowableSeries = { data: new Float64Array(blocks), length: blocks };
    for (let j = 0; j < blocks; j++) block.data[j] = ((steps[j]! + steps[j + 1]! + steps[j + 2]! + steps[j + 3]!) * factor) / (4 * STEP_FRAMES);
    appendBlocks(this.blocks, block);
  }

  loudness(): number {
    return gatedLoudness(this.blocks.data, this.blocks.length);
  }

  /**
   * Gain riding against `input` (a meter of the same segments): the mean change, per 100 ms step,
   * of output-minus-input momentary loudness, dB (issue 15's definition). Steps within a segment
   * only; blocks where either side is under RIDING_FLOOR_LUFS are left out.
   */
  riding(input: ExcerptMeter): number {
    const out = this.blocks.data;
    const inp = input.blocks.data;
    const floor = Math.pow(10, (RIDING_FLOOR_LUFS + 0.691) / 10);
    let sum = 0;
    let steps = 0;
    this.segmentStarts.forEach((start, s) => {
      const end = s + 1 < this.segmentStarts.length ? this.segmentStarts[s + 1]! : this.blocks.length;
      const inputStart = input.segmentStarts[s];
      if (inputStart === undefined) return;
      let previous = NaN;
      for (let k = start; k < end; k++) {
        const o = out[k]!;
        const i = inp[inputStart + k - start]!;
        if (!(o > floor && i > floor)) {
          previous = NaN;
          continue;
        }
        const difference = 4.342944819032518 * Math.log(o / i);
        if (!Number.isNaN(previous)) {
          sum += Math.abs(difference - previous);
          steps++;
        }
        previous = difference;
      }
    });
    return steps > 0 ? sum / steps : 0;
  }
}

/** Whole 100 ms steps a segment's measured part holds (the steps its meter closes). */
const stepCountOf = (segment: ExcerptSegment): number => Math.max(0, Math.floor((segment.end - segment.measureStart) / STEP_FRAMES));

/** Momentary loudness under which a step does not count as riding (near silence), LUFS. */
const RIDING_FLOOR_LUFS = -50;

/** The excerpt's input blocks, measured once per excerpt (every style's riding is read against them). */
const inputMeters = new WeakMap<Excerpt, ExcerptMeter>();
function excerptInputMeter(excerpt: Excerpt): ExcerptMeter {
  let meter = inputMeters.get(excerpt);
  if (!meter) {
    meter = new ExcerptMeter();
    const outL = new Float32Array(CHAIN_BLOCK);
    const outR = new Float32Array(CHAIN_BLOCK);
    excerpt.segments.forEach((segment, s) => {
      meter!.measureSegment(segment, 0, (position, count, l, r) => {
        l.set(excerpt.left[s]!.subarray(position, position + count));
        r.set(excerpt.right[s]!.subarray(position, position + count));
      }, outL, outR);
    });
    inputMeters.set(excerpt, meter);
  }
  return meter;
}

/** Input loudness of the excerpt (the same blocks the fit measures), for the bias correction. */
export function excerptInputLoudness(excerpt: Excerpt): number {
  return excerptInputMeter(excerpt).loudness();
}

/** Correlation of left and right over the excerpt (Pearson, zero-mean signals): 1 for mono. */
export function excerptCorrelation(excerpt: Excerpt): number {
  if (excerpt.mono) return 1;
  let lr = 0;
  let ll = 0;
  let rr = 0;
  excerpt.left.forEach((left, s) => {
    const right = excerpt.right[s]!;
    for (let i = 0; i < left.length; i++) {
      lr += left[i]! * right[i]!;
      ll += left[i]! * left[i]!;
      rr += right[i]! * right[i]!;
    }
  });
  return ll > 0 && rr > 0 ? lr / Math.sqrt(ll * rr) : 1;
}

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
  /** The input was at, above or within 1.5 LU under the target: gain only, no compression, no colour. */
  loudInput: boolean;
  /** What the dynamics did on the excerpt at the fitted gain: limiter reduction (95th percentile) and mean compression, dB. */
  limiterP95Db: number;
  compressionDb: number;
  ceilingDbtp: number;
  chain: ChainParams;
  /** Output loudness change per dB of pre-gain near the solution (for the bounce's closed loop). */
  loudnessSlope: number;
  /** Dynamics-stage evaluations the fit needed. */
  iterations: number;
  /** Loudness the fit predicts for the whole track, LUFS. */
  predictedLufs: number;
  /** Pre-gain beyond the linear estimate that the compressor, saturation and limiter take away, dB. */
  dynamicsLossDb: number;
}

export interface FitInputs {
  /**
   * Integrated loudness of the whole input as the stereo master it becomes, LUFS (a mono input's
   * own reading + 3.01 dB: its one channel is played on both sides).
   */
  inputLufs: number;
  /** Median gated short-term loudness of the input, same convention, LUFS: where the compressor's threshold sits. */
  shortTermLufs: number;
  /** Correlation of left and right over the excerpt (1 for mono). */
  correlation: number;
  /** Integrated loudness of the excerpt's input, LUFS. */
  excerptInputLufs: number;
  bandLevelsDb: BandGains;
}

/** Largest side gain that keeps the correlation at or above this (Wide must not make a mix fall apart). */
const MIN_CORRELATION = 0.35;

/**
 * Width that cannot damage: no widening of an input whose correlation is already low, and never
 * so much that it would fall under MIN_CORRELATION. With mid and side uncorrelated, correlation
 * c = (M - S) / (M + S) in powers, so side gain w gives (M - w^2 S) / (M + w^2 S).
 */
export function safeWidth(width: number, correlation: number): number {
  if (width <= 1) return width;
  if (!Number.isFinite(correlation) || correlation < 0.5) return 1;
  const ratio = (1 + correlation) / Math.max(1e-6, 1 - correlation);
  const limit = Math.sqrt((ratio * (1 - MIN_CORRELATION)) / (1 + MIN_CORRELATION));
  return Math.max(1, Math.min(width, limit));
}

/**
 * Where the compressor's detector reads a track relative to its short-term loudness, dB: the mean
 * square per channel is about 3 dB under the two-channel sum BS.1770 adds up, and the side-chain
 * high-pass takes out the bass that carries much of a mix's power (about 3 dB more on music).
 */
const COMPRESSOR_REFERENCE_OFFSET_DB = 6;

/**
 * Air on the sides widens like the width stage does: none for an input whose correlation is
 * already low (safeWidth's rule). A cut is always safe.
 */
export const safeSideAir = (db: number, correlation: number): number => (db <= 0 || (Number.isFinite(correlation) && correlation >= 0.5) ? db : 0);

/**
 * Where a band's per-channel mean square sits relative to the track's short-term loudness plus
 * the band's share of the power, dB: BS.1770 adds both channels (3.01 dB) and subtracts 0.691.
 */
const MULTIBAND_REFERENCE_OFFSET_DB = 2.3;
/** The three-band compressor's crossovers: the edges of the analysis bands (low, the three middle bands, high). */
export const MULTIBAND_CROSSOVERS_HZ = [150, 6000] as const;

/**
 * The three-band compressor's settings for a style: each band's threshold `thresholdLu` above
 * the band's own typical level (its share of the track's power after the tone move, from the
 * analysis' long-term spectrum); slower in the low band (a bass cycle is long, and a fast gain on
 * it distorts), faster in the high band.
 */
function multibandParams(p: EngineStyle['processing'], inputs: FitInputs, eq: BandGains, reference: number): MultibandParams | null {
  const m = p.multiband;
  if (!m || !Number.isFinite(reference)) return null;
  const share = (bands: readonly (keyof BandGains)[]) => 10 * Math.log10(bands.reduce((sum, band) => sum + Math.pow(10, (inputs.bandLevelsDb[band] + eq[band]) / 10), 0));
  const base = reference - MULTIBAND_REFERENCE_OFFSET_DB + m.thresholdLu;
  const { attackMs, releaseMs } = p.compression;
  return {
    crossoversHz: MULTIBAND_CROSSOVERS_HZ,
    kneeDb: 6,
    bands: [
      { thresholdDbfs: base + share(['low']), ratio: m.ratios.low, attackMs: Math.max(30, attackMs * 1.5), releaseMs: Math.max(400, releaseMs * 3), detectorMs: 80 },
      { thresholdDbfs: base + share(['lowMid', 'mid', 'highMid']), ratio: m.ratios.mid, attackMs, releaseMs: Math.max(300, releaseMs * 2), detectorMs: 60 },
      { thresholdDbfs: base + share(['high']), ratio: m.ratios.high, attackMs: Math.max(10, attackMs / 2), releaseMs: Math.max(200, releaseMs * 1.5), detectorMs: 40 },
    ],
  };
}

const raised = (band: MultibandBand, db: number): MultibandBand => ({ ...band, thresholdDbfs: band.thresholdDbfs + db });

/** The compressors work from `db` higher up (the full-band one and every band of the three-band one). */
function raiseThresholds(params: ChainParams, db: number): ChainParams {
  return {
    ...params,
    compressor: { ...params.compressor, thresholdDbfs: params.compressor.thresholdDbfs + db },
    multiband: params.multiband && { ...params.multiband, bands: [raised(params.multiband.bands[0], db), raised(params.multiband.bands[1], db), raised(params.multiband.bands[2], db)] },
  };
}

/** Chain parameters before the pre-gain is fitted. */
export function initialChainParams(style: EngineStyle, inputs: FitInputs, loudInput: boolean): ChainParams {
  const p = style.processing;
  const reference = Number.isFinite(inputs.shortTermLufs) ? inputs.shortTermLufs : inputs.inputLufs;
  // A track already at its target is turned down and otherwise left alone: no tone move either
  // (boosting the edges of an already limited mix would only raise its peaks).
  const eqGainsDb = loudInput ? { low: 0, lowMid: 0, mid: 0, highMid: 0, high: 0 } : toneMoveGains(inputs.bandLevelsDb, p.tone, p.eqStrength, p.maxEqDb);
  return {
    highPassHz: 28,
    eqGainsDb,
    midSide: loudInput || !p.midSide ? { sideAirDb: 0, sideBassDb: 0 } : { sideAirDb: safeSideAir(p.midSide.sideAirDb, inputs.correlation), sideBassDb: p.midSide.sideBassDb },
    preGainDb: 0,
    multiband: loudInput ? null : multibandParams(p, inputs, eqGainsDb, reference),
    compressor: {
      // thresholdLu is relative to the track's median short-term loudness (see the offset).
      thresholdDbfs: (Number.isFinite(reference) ? reference : -20) + p.compression.thresholdLu - COMPRESSOR_REFERENCE_OFFSET_DB,
      // A track already at its target is turned down and otherwise left alone.
      ratio: loudInput ? 1 : p.compression.ratio,
      kneeDb: 6,
      attackMs: p.compression.attackMs,
      releaseMs: p.compression.releaseMs,
      // Long enough that the gain follows phrases rather than single beats (gain riding).
      detectorMs: 40,
      sidechainHz: 100,
    },
    saturation: loudInput ? 0 : p.saturation,
    // The curve bends from about 6 dB over the track's typical level on, whatever that level is.
    saturationReferenceDbfs: (Number.isFinite(reference) ? reference : -20) + 6,
    width: loudInput ? 1 : safeWidth(p.width, inputs.correlation),
    limiter: { ceilingDbtp: p.ceilingDbtp - LIMITER_MARGIN_DB, ...LIMITER_TIMING },
  };
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

/**
 * Fits one style to a track: the tonal move (EQ stage), then the pre-gain that drives the
 * compressor, saturation and limiter so the output meets the target (dynamics stage), by secant
 * iteration on the excerpt, within the style's dynamics budget.
 *
 * Loudness rule: a track aims at the style's target, but never past the budget: when the
 * limiter's 95th-percentile gain reduction would exceed the style's `budget.limiterDb`, the gain
 * stops where the budget is used up and the shortfall is `heldBackLu` (the loudest clean version).
 * A track already at or above the target (or within LOUD_INPUT_MARGIN_LU under it) is brought to
 * it by gain and otherwise left alone (no tone move, compression, saturation or widening), so it
 * is never squeezed.
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
  const loudInput = Number.isFinite(inputs.inputLufs) && inputs.inputLufs >= target - LOUD_INPUT_MARGIN_LU;
  // A track already at its target is only turned down: the limiter may catch its overs, no more.
  const budget = loudInput ? LOUD_INPUT_BUDGET : (style.processing.budget ?? DEFAULT_BUDGET);
  let params = initialChainParams(style, inputs, loudInput);
  const base = {
    styleId: style.id,
    styleIndex: style.styleIndex,
    groupName: style.groupName,
    name: style.name,
    targetLufs: target,
    ceilingDbtp: style.processing.ceilingDbtp,
    loudInput,
  };
  const bias = excerpt.whole || !Number.isFinite(inputs.excerptInputLufs) ? 0 : inputs.inputLufs - inputs.excerptInputLufs;
  const excerptTarget = target - bias;

  // Linear stage once per style; the gain trials below reuse its output.
  excerpt.segments.forEach((_, s) => {
    const chain = createChain({ ...params, multiband: null }, { mono: excerpt.mono, oversampledGain: false });
    const l = workspace.linearLeft[s]!;
    const r = workspace.linearRight[s]!;
    l.set(excerpt.left[s]!);
    r.set(excerpt.right[s]!);
    for (let position = 0; position < l.length; position += CHAIN_BLOCK) {
      const count = Math.min(CHAIN_BLOCK, l.length - position);
      runLinearStage(chain, l.subarray(position, position + count), r.subarray(position, position + count), count);
    }
  });
  const linearMeter = new ExcerptMeter();
  excerpt.segments.forEach((segment, s) => {
    linearMeter.measureSegment(segment, 0, (position, count, outL, outR) => {
      outL.set(workspace.linearLeft[s]!.subarray(position, position + count));
      outR.set(workspace.linearRight[s]!.subarray(position, position + count));
    }, workspace.outLeft, workspace.outRight);
  });
  const linearLufs = linearMeter.loudness();
  if (!Number.isFinite(linearLufs) || !Number.isFinite(target)) {
    return { ...base, effectiveTargetLufs: target, heldBackLu: 0, chain: params, loudnessSlope: 1, iterations: 0, predictedLufs: inputs.inputLufs, dynamicsLossDb: 0, limiterP95Db: 0, compressionDb: 0 };
  }

  let evaluations = 0;
  interface Trial { gain: number; error: number; limiterDb: number; compressionDb: number; riding: number; dynamicsRiding: number }
  const inputMeter = excerptInputMeter(excerpt);
  // The colour stage's output and the limiter's peaks for `colourOf` (the parameters they were
  // made with; the colour stage is scale-invariant, so a gain trial only scales them), and the
  // floor the peaks were read with (they serve any trial whose ceiling / scale is at or above it).
  let colourOf: ChainParams | null = null;
  let peaksFloor = Infinity;
  let compression = new Float64Array(2);
  const ceiling = Math.pow(10, params.limiter.ceilingDbtp / 20);
  const ensureColour = () => {
    if (colourOf === params) return;
    compression = new Float64Array(2);
    excerpt.segments.forEach((_, s) => {
      const chain = createChain({ ...params, preGainDb: 0 }, { mono: excerpt.mono, oversampledGain: false });
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
      compression[0] = compression[0]! + chain.compressorStats[0]!;
      compression[1] = compression[1]! + chain.compressorStats[1]!;
      if (workspace.energy[s]!.length < length) workspace.energy[s] = new Float32Array(length);
      kWeightedFrameEnergies(colourL, colourR, length, 44100, workspace.energy[s]!);
    });
    colourOf = params;
    peaksFloor = Infinity;
  };
  const preparePeaks = (scale: number) => {
    ensureColour();
    if (ceiling / scale >= peaksFloor) return;
    peaksFloor = ceiling / scale / PEAKS_HEADROOM;
    excerpt.segments.forEach((_, s) => {
      const chain = createChain({ ...params, preGainDb: 0, multiband: null }, { mono: excerpt.mono, oversampledGain: false });
      const total = workspace.linearLeft[s]!.length + chain.latency;
      for (let position = 0; position < total; position += CHAIN_BLOCK) {
        const count = Math.min(CHAIN_BLOCK, total - position);
        const l = workspace.colourLeft[s]!.subarray(position, position + count);
        const r = workspace.colourRight[s]!.subarray(position, position + count);
        workspace.peaks[s]!.set(limiterPeaks(chain, l, r, count, peaksFloor), position);
      }
    });
  };
  /**
   * Gain riding of the colour stage's output (the same at any pre-gain): against the input (the
   * tone move's riding included) and against the EQ stage's output (the dynamics' alone).
   */
  const colourRiding = (): { total: number; dynamics: number } => {
    ensureColour();
    const meter = new ExcerptMeter();
    excerpt.segments.forEach((segment, s) => {
      const energy = workspace.energy[s]!;
      const steps = new Float64Array(stepCountOf(segment));
      const first = segment.measureStart - segment.start;
      for (let k = 0; k < steps.length; k++) {
        let sum = 0;
        for (let j = first + k * STEP_FRAMES, stop = j + STEP_FRAMES; j < stop; j++) sum += energy[j]!;
        steps[k] = sum;
      }
      meter.addSteps(steps, 1);
    });
    return { total: meter.riding(inputMeter), dynamics: meter.riding(linearMeter) };
  };
  // One limiter per segment for every trial (its settings do not change during a fit), with the
  // gain at the base rate: the oversampled stage only filters what would fold past 22.05 kHz,
  // which the loudness does not see.
  const trialChains = excerpt.segments.map(() => createChain({ ...params, multiband: null }, { mono: excerpt.mono, oversampledGain: false }));
  const evaluate = (preGainDb: number): Trial => {
    evaluations++;
    onIteration(evaluations);
    const scale = Math.pow(10, preGainDb / 20);
    preparePeaks(scale);
    const meter = new ExcerptMeter();
    const histogram = new Float64Array(400);
    excerpt.segments.forEach((segment, s) => {
      const chain = trialChains[s]!;
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
      meter.addSteps(steps, scale * scale);
      for (let b = 0; b < histogram.length; b++) histogram[b] = histogram[b]! + chain.limiterHistogram[b]!;
    });
    const result = { gain: preGainDb, error: meter.loudness() - excerptTarget, limiterDb: limiterReductionAt(histogram, 0.95), compressionDb: meanCompression(compression), riding: meter.riding(inputMeter), dynamicsRiding: meter.riding(linearMeter) };
    return result;
  };

  const tolerance = excerpt.whole ? FIT_TOLERANCE_LU : EXCERPT_TOLERANCE_LU;
  const linearGain = excerptTarget - linearLufs;
  const nearest = fittedBefore
    .filter((other) => other.iterations > 0 && other.heldBackLu === 0 && other.loudInput === loudInput)
    .sort((a, b) => Math.abs(a.targetLufs - target) - Math.abs(b.targetLufs - target))[0];
  let g0 = Math.max(-30, Math.min(36, linearGain + (nearest ? nearest.dynamicsLossDb : 0.5)));
  // The colour stage is scale-invariant: how much it compresses and how much it rides the gain do
  // not depend on the pre-gain, so both are brought within the budget before the gain is searched.
  // The compressor's amount: one correction of its threshold. Its riding: the compressors work
  // from higher up and the saturation is halved until it rides no more than COLOUR_RIDING_DB.
  let raised = 0;
  // The colour stage's own riding (0 when it does nothing: a loud input).
  let colourRidingDb = 0;
  if (!loudInput) {
    ensureColour();
    const excess = meanCompression(compression) - budget.compressionDb;
    if (excess > BUDGET_TOLERANCE_DB && params.compressor.ratio > 1) params = raiseThresholds(params, excess / (1 - 1 / params.compressor.ratio));
    // Its riding falls about COLOUR_RIDING_PER_DB for each dB the thresholds move up: one step
    // to where it should be within budget, then measured again.
    // The whole riding before the limiter (the tone move's too) must leave the limiter room
    // under the budget, as far as the colour stage can give it.
    let colour = colourRiding();
    const over = () => Math.max(colour.dynamics - COLOUR_RIDING_DB, Math.min(colour.total - (RIDING_BUDGET_DB - LIMITER_RIDING_ROOM_DB), colour.dynamics - LIMITER_RIDING_FLOOR_DB));
    while (raised < MAX_RAISES && hasColourDynamics(params) && over() > 0) {
      raised++;
      const step = Math.max(2, Math.min(12, over() / COLOUR_RIDING_PER_DB + 1));
      params = { ...raiseThresholds(params, step), saturation: halved(params.saturation) };
      colour = colourRiding();
    }
    colourRidingDb = colour.dynamics;
  }
  const limiterOk = (trial: Trial) => trial.limiterDb <= budget.limiterDb + BUDGET_TOLERANCE_DB;
  // What the limiter adds to the dynamics' riding: once it is this small, less gain would not
  // ride less (the tone move and the colour stage do not change with the gain).
  const limiterIdle = (trial: Trial) => trial.dynamicsRiding - colourRidingDb <= LIMITER_RIDING_FLOOR_DB;
  const ridingOk = (trial: Trial) =>
    trial.riding <= RIDING_BUDGET_DB + RIDING_TOLERANCE_DB || trial.dynamicsRiding <= DYNAMICS_RIDING_FLOOR_DB || limiterIdle(trial);
  const overshootDb = (trial: Trial) => Math.max(limiterOk(trial) ? 0 : trial.limiterDb - budget.limiterDb, ridingOk(trial) ? 0 : (trial.riding - RIDING_BUDGET_DB) / RIDING_PER_DB);
  const first = evaluate(g0);
  let f0 = first.error;
  let best = first;
  // A first trial past the budget: the budget search takes over at once (more gain would only go further).
  const firstOk = limiterOk(first) && ridingOk(first);
  let slope = nearest ? nearest.loudnessSlope : 1;
  let g1 = g0 - f0 / slope;
  while (firstOk && Math.abs(best.error) > tolerance && evaluations < MAX_EVALUATIONS) {
    g1 = Math.max(-30, Math.min(36, g1));
    // Pinned at a bound it already tried: another evaluation would only repeat it.
    if (g1 === g0 && evaluations > 1) break;
    const trial = evaluate(g1);
    const f1 = trial.error;
    if (Math.abs(f1) < Math.abs(best.error)) best = trial;
    if (Math.abs(f1) <= tolerance) break;
    if (g1 !== g0) slope = Math.max(0.05, Math.min(1.5, (f1 - f0) / (g1 - g0)));
    const next = g1 - f1 / slope;
    g0 = g1;
    f0 = f1;
    g1 = Math.max(g0 - 12, Math.min(g0 + 12, next));
    // Past the budget already (more gain would only go further): the budget search below takes
    // over from this trial.
    if (!limiterOk(trial) || !ridingOk(trial)) {
      best = trial;
      break;
    }
  }

  // Over budget (the limiter's, or gain riding): the largest gain that stays within both. The
  // limiter's reduction grows about 1 dB per dB of gain once it works, riding about 0.1-0.15 dB,
  // so a secant on the binding one converges in a few trials. Riding counts only where the
  // dynamics ride: under DYNAMICS_RIDING_FLOOR_DB what still rides is the static tone move on
  // material whose spectrum changes from beat to beat, and a lower gain would not help.
  const limited = !limiterOk(best) || !ridingOk(best);
  if (limited) {
    let high = best;
    let low: Trial | null = null;
    let gain = best.gain - Math.max(0.5, Math.min(12, overshootDb(best)));
    // The trial before, with the same settings (riding compares only across those).
    let previous: Trial | null = best;
    for (let k = 0; k < MAX_BUDGET_EVALUATIONS; k++) {
      const trial = evaluate(gain);
      const before = previous;
      previous = trial;
      if (limiterOk(trial) && !ridingOk(trial) && before && before.gain > trial.gain && trial.riding >= before.riding - RIDING_TOLERANCE_DB / 4) {
        // Less gain rides no less: what rides is the tone move on material whose spectrum changes
        // from beat to beat, which the limiter was partly evening out. The least riding within
        // the limiter's budget is the loudest clean version there is.
        low = limiterOk(before) && before.riding <= trial.riding ? before : trial;
        break;
      }
      if (limiterOk(trial) && ridingOk(trial)) {
        if (!low || trial.gain > low.gain) low = trial;
        if (budget.limiterDb - trial.limiterDb <= 0.3 || (trial.dynamicsRiding > DYNAMICS_RIDING_FLOOR_DB && RIDING_BUDGET_DB - trial.riding <= 0.04)) break;
      } else if (limiterOk(trial) && limiterIdle(trial) && hasColourDynamics(params) && raised < MAX_RAISES) {
        // The limiter is idle and it still rides: the compressor and the saturation do, and the
        // gain cannot change that (both are set relative to the track's level and move with the
        // gain). The compressor works from higher up and the saturation is halved instead; the
        // trials above, made with the old settings, rode more and stay a conservative bound.
        raised++;
        params = { ...raiseThresholds(params, 3), saturation: halved(params.saturation) };
        colourRidingDb = colourRiding().dynamics;
        low = null;
        previous = null;
        gain = trial.gain;
        continue;
      } else if (limiterOk(trial) && limiterIdle(trial)) {
        // Nothing left that a lower gain would calm: this is the loudest it gets.
        low = trial;
        break;
      } else {
        high = trial;
      }
      let next: number;
      if (low) {
        const span = high.gain - low.gain;
        next = high.gain;
        if (!limiterOk(high) && high.limiterDb > low.limiterDb) next = Math.min(next, low.gain + ((budget.limiterDb - low.limiterDb) * span) / (high.limiterDb - low.limiterDb));
        if (!ridingOk(high) && high.riding > low.riding) next = Math.min(next, low.gain + ((RIDING_BUDGET_DB - low.riding) * span) / (high.riding - low.riding));
        gain = Math.min(high.gain - 0.05, Math.max(low.gain + 0.05, next));
        if (span < 0.15) break;
      } else {
        gain = high.gain - Math.max(0.5, Math.min(12, overshootDb(high)));
      }
    }
    best = low ?? high;
  }

  const predictedLufs = target + best.error;
  const heldBackLu = limited && best.error < 0 ? Math.round(-best.error * 100) / 100 : 0;
  return {
    ...base,
    effectiveTargetLufs: Math.round((target - heldBackLu) * 100) / 100,
    heldBackLu,
    chain: { ...params, preGainDb: Math.round(best.gain * 1000) / 1000 },
    loudnessSlope: slope,
    iterations: evaluations,
    predictedLufs: Math.round(predictedLufs * 100) / 100,
    dynamicsLossDb: best.gain - linearGain,
    limiterP95Db: Math.round(best.limiterDb * 10) / 10,
    compressionDb: Math.round(best.compressionDb * 10) / 10,
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
