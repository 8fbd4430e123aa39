import type { TEngineStyle } from '../../src/modules/catalogue/index.js';
import { fitEqGains } from './analysis.js';
import { CHAIN_BLOCK, createChain, runColourStage, runLimiterStage, runLinearStage, type BandGains, type ChainParams } from './dsp/chain.js';
import { createLoudnessMeter, feedMeter, gatedLoudness, resetMeasurements, type GrowableSeries } from './meter/loudness-meter.js';
import type { WorkFileReader } from './work-file.js';

/**
 * Margin between the style's true-peak ceiling and the limiter's, dB. Covers gain changes within
 * the FIR span and 24-bit rounding, and above all other meters: ffmpeg's ebur128 (which resamples
 * to 48 kHz and oversamples with its own filter) reads saturated, limited masters up to ~0.45 dB
 * above the BS.1770-4 Annex 2 FIR, and the quality bar must hold on an independent meter.
 */
export const LIMITER_MARGIN_DB = 0.7;
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
    appendBlocks(this.blocks, meter.blocks);
  }

  loudness(): number {
    return gatedLoudness(this.blocks.data, this.blocks.length);
  }
}

/** Input loudness of the excerpt (the same blocks the fit measures), for the bias correction. */
export function excerptInputLoudness(excerpt: Excerpt): number {
  const meter = new ExcerptMeter();
  const outL = new Float32Array(CHAIN_BLOCK);
  const outR = new Float32Array(CHAIN_BLOCK);
  excerpt.segments.forEach((segment, s) => {
    meter.measureSegment(segment, 0, (position, count, l, r) => {
      l.set(excerpt.left[s]!.subarray(position, position + count));
      r.set(excerpt.right[s]!.subarray(position, position + count));
    }, outL, outR);
  });
  return meter.loudness();
}

export interface FittedStyle {
  styleId: number;
  styleIndex: number;
  groupName: string;
  name: string;
  /** The style's target, LUFS. */
  targetLufs: number;
  /** What the master aims at: the style's target (see fitStyle's loudness rule). */
  effectiveTargetLufs: number;
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
  /** Integrated loudness of the whole input, LUFS. */
  inputLufs: number;
  /** Integrated loudness of the excerpt's input, LUFS. */
  excerptInputLufs: number;
  bandLevelsDb: BandGains;
}

/** Chain parameters before the pre-gain is fitted. */
export function initialChainParams(style: TEngineStyle, inputs: FitInputs, effectiveTarget: number): ChainParams {
  const p = style.processing;
  return {
    highPassHz: 28,
    eqGainsDb: fitEqGains(inputs.bandLevelsDb, p.tone, p.eqStrength, p.maxEqDb),
    preGainDb: 0,
    compressor: {
      // thresholdLu is relative to the master's integrated loudness; the detector reads the mean
      // square per channel, about 3 dB under the two-channel sum BS.1770 adds up.
      thresholdDbfs: effectiveTarget + p.compression.thresholdLu - 3,
      ratio: p.compression.ratio,
      kneeDb: 6,
      attackMs: p.compression.attackMs,
      releaseMs: p.compression.releaseMs,
      detectorMs: 10,
    },
    saturation: p.saturation,
    width: p.width,
    limiter: { ceilingDbtp: p.ceilingDbtp - LIMITER_MARGIN_DB, lookaheadMs: 3, releaseMs: 80 },
  };
}

/** Reusable buffers for fitting many styles on one excerpt. */
export interface FitWorkspace {
  linearLeft: Float32Array[];
  linearRight: Float32Array[];
  blockLeft: Float32Array;
  blockRight: Float32Array;
  outLeft: Float32Array;
  outRight: Float32Array;
}

export function createFitWorkspace(excerpt: Excerpt): FitWorkspace {
  return {
    linearLeft: excerpt.left.map((l) => new Float32Array(l.length)),
    linearRight: excerpt.right.map((r) => new Float32Array(r.length)),
    blockLeft: new Float32Array(CHAIN_BLOCK),
    blockRight: new Float32Array(CHAIN_BLOCK),
    outLeft: new Float32Array(CHAIN_BLOCK),
    outRight: new Float32Array(CHAIN_BLOCK),
  };
}

/**
 * Fits one style to a track: EQ gains from the band levels (EQ stage), then the pre-gain that
 * drives the compressor, saturation and limiter so the output meets the target (dynamics stage),
 * by secant iteration on the excerpt.
 *
 * Loudness rule: every track aims at the style's target. A track already louder than the target
 * is turned down to it (a negative pre-gain), so it is never made louder nor pushed harder into the
 * limiter; decisions.md's bar (within 0.5 LU of the target) holds for it too.
 */
export function fitStyle(
  style: TEngineStyle,
  inputs: FitInputs,
  excerpt: Excerpt,
  workspace: FitWorkspace,
  onIteration: (iteration: number) => void,
  /** Styles already fitted to this track: their losses give the first trial a close start. */
  fittedBefore: readonly FittedStyle[] = [],
): FittedStyle {
  const target = style.processing.targetLufs;
  const effectiveTarget = target;
  const params = initialChainParams(style, inputs, effectiveTarget);
  const base = {
    styleId: style.id,
    styleIndex: style.styleIndex,
    groupName: style.groupName,
    name: style.name,
    targetLufs: target,
    effectiveTargetLufs: Math.round(effectiveTarget * 100) / 100,
    ceilingDbtp: style.processing.ceilingDbtp,
  };
  const bias = excerpt.whole || !Number.isFinite(inputs.excerptInputLufs) ? 0 : inputs.inputLufs - inputs.excerptInputLufs;
  const excerptTarget = effectiveTarget - bias;

  // Linear stage once per style; the gain trials below reuse its output.
  excerpt.segments.forEach((_, s) => {
    const chain = createChain(params, { mono: excerpt.mono });
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
  if (!Number.isFinite(linearLufs) || !Number.isFinite(effectiveTarget)) {
    return { ...base, chain: params, loudnessSlope: 1, iterations: 0, predictedLufs: inputs.inputLufs, dynamicsLossDb: 0 };
  }

  let evaluations = 0;
  const evaluate = (preGainDb: number): number => {
    evaluations++;
    onIteration(evaluations);
    const trial: ChainParams = { ...params, preGainDb };
    const meter = new ExcerptMeter();
    excerpt.segments.forEach((segment, s) => {
      const chain = createChain(trial, { mono: excerpt.mono });
      const linL = workspace.linearLeft[s]!;
      const linR = workspace.linearRight[s]!;
      const length = linL.length;
      meter.measureSegment(segment, chain.latency, (position, count, outL, outR) => {
        const available = Math.max(0, Math.min(count, length - position));
        workspace.blockLeft.set(linL.subarray(position, position + available));
        workspace.blockRight.set(linR.subarray(position, position + available));
        workspace.blockLeft.fill(0, available, count);
        workspace.blockRight.fill(0, available, count);
        runColourStage(chain, workspace.blockLeft, workspace.blockRight, count);
        runLimiterStage(chain, workspace.blockLeft, workspace.blockRight, count, outL, outR);
      }, workspace.outLeft, workspace.outRight);
    });
    return meter.loudness() - excerptTarget;
  };

  const tolerance = excerpt.whole ? FIT_TOLERANCE_LU : EXCERPT_TOLERANCE_LU;
  const linearGain = excerptTarget - linearLufs;
  const nearest = fittedBefore
    .filter((other) => other.iterations > 0)
    .sort((a, b) => Math.abs(a.effectiveTargetLufs - effectiveTarget) - Math.abs(b.effectiveTargetLufs - effectiveTarget))[0];
  let g0 = Math.max(-30, Math.min(36, linearGain + (nearest ? nearest.dynamicsLossDb : 0.5)));
  let f0 = evaluate(g0);
  let best = { gain: g0, error: f0 };
  let slope = nearest ? nearest.loudnessSlope : 1;
  let g1 = g0 - f0 / slope;
  while (Math.abs(best.error) > tolerance && evaluations < MAX_EVALUATIONS) {
    g1 = Math.max(-30, Math.min(36, g1));
    // Pinned at a bound it already tried: another evaluation would only repeat it.
    if (g1 === g0 && evaluations > 1) break;
    const f1 = evaluate(g1);
    if (Math.abs(f1) < Math.abs(best.error)) best = { gain: g1, error: f1 };
    if (Math.abs(f1) <= tolerance) break;
    if (g1 !== g0) slope = Math.max(0.05, Math.min(1.5, (f1 - f0) / (g1 - g0)));
    const next = g1 - f1 / slope;
    g0 = g1;
    f0 = f1;
    g1 = Math.max(g0 - 12, Math.min(g0 + 12, next));
  }
  return {
    ...base,
    chain: { ...params, preGainDb: Math.round(best.gain * 1000) / 1000 },
    loudnessSlope: slope,
    iterations: evaluations,
    predictedLufs: Math.round((effectiveTarget + best.error) * 100) / 100,
    dynamicsLossDb: best.gain - linearGain,
  };
}

/**
 * One thread's share of a preparation: claims the next unfitted style from `claims` (shared by
 * both threads, so neither waits while styles remain) and fits it with every fit known so far as
 * first-guess history (`history` also grows with the other thread's fits as they arrive).
 */
export async function fitClaimedStyles(
  claims: Int32Array,
  styles: readonly TEngineStyle[],
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
