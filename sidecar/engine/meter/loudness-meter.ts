import { kWeightingCoefficients, type BiquadCoefficients } from './k-weighting.js';
import { runBiquadPairStrided } from '../dsp/biquad.js';
import { TRUE_PEAK_TAPS, truePeakOfPadded } from '../../../src/audio-core/true-peak.js';

/**
 * Incremental loudness meter: ITU-R BS.1770-4 integrated loudness (K-weighting, 400 ms blocks with
 * 75 % overlap, absolute gate -70 LUFS, relative gate -10 LU), EBU Tech 3341 momentary and
 * short-term loudness, EBU Tech 3342 loudness range, BS.1770-4 Annex 2 true peak and sample peak.
 * Feed interleaved blocks of any size; nothing but the 100 ms block powers is kept, so a long track
 * never has to be in memory.
 */
export interface LoudnessMeter {
  readonly sampleRate: number;
  readonly channels: number;
  /** Frames per 100 ms step (blocks are 4 steps, short-term windows 30). */
  readonly stepFrames: number;
  /** The K-weighting's two stages. */
  readonly shelf: BiquadCoefficients;
  readonly highPass: BiquadCoefficients;
  /** Per channel: transposed direct form II state of both K-weighting stages (4 values). */
  readonly filterState: Float64Array;
  /** One channel's K-weighted samples of one step (written by the filter, not read). */
  readonly weighted: Float32Array;
  stepSum: number;
  stepFill: number;
  /** Last 30 step energies (sum over channels of squared K-weighted samples). */
  readonly stepRing: Float64Array;
  stepCount: number;
  blocks: GrowableSeries;
  shortTerm: GrowableSeries;
  samplePeak: number;
  truePeak: number;
  sumSquares: number;
  frames: number;
  /** Per channel: the last 11 samples (true-peak FIR history) followed by scratch for one feed. */
  padded: Float32Array[];
  /** False: loudness only (the fit's trial renders need no peaks). */
  readonly peaks: boolean;
}

export interface GrowableSeries {
  data: Float64Array;
  length: number;
}

function push(series: GrowableSeries, value: number): void {
  if (series.length === series.data.length) {
    const grown = new Float64Array(series.data.length * 2);
    grown.set(series.data);
    series.data = grown;
  }
  series.data[series.length++] = value;
}

export const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const LRA_RELATIVE_GATE_LU = -20;

export function createLoudnessMeter(sampleRate: number, channels: number, options: { peaks?: boolean } = {}): LoudnessMeter {
  const [shelf, highPass] = kWeightingCoefficients(sampleRate);
  const stepFrames = Math.round(sampleRate / 10);
  return {
    sampleRate,
    channels,
    stepFrames,
    shelf,
    highPass,
    filterState: new Float64Array(channels * 4),
    weighted: new Float32Array(stepFrames),
    stepSum: 0,
    stepFill: 0,
    stepRing: new Float64Array(30),
    stepCount: 0,
    blocks: { data: new Float64Array(1024), length: 0 },
    shortTerm: { data: new Float64Array(1024), length: 0 },
    samplePeak: 0,
    truePeak: 0,
    sumSquares: 0,
    frames: 0,
    padded: Array.from({ length: channels }, () => new Float32Array(TRUE_PEAK_TAPS - 1)),
    peaks: options.peaks ?? true,
  };
}

/**
 * Forget every measurement but keep the filter and true-peak history: used after a pre-roll, so
 * an excerpt is measured with settled filters.
 */
export function resetMeasurements(meter: LoudnessMeter): void {
  meter.stepSum = 0;
  meter.stepFill = 0;
  meter.stepRing.fill(0);
  meter.stepCount = 0;
  meter.blocks.length = 0;
  meter.shortTerm.length = 0;
  meter.samplePeak = 0;
  meter.truePeak = 0;
  meter.sumSquares = 0;
  meter.frames = 0;
}

/** K-weights and accumulates frames `start..end` of channel `channel` from interleaved `input`. */
function kWeightedEnergy(meter: LoudnessMeter, input: Float32Array, channel: number, start: number, end: number): number {
  const o = channel * 4;
  const stride = meter.channels;
  return runBiquadPairStrided(meter.shelf, meter.highPass, meter.filterState, o, o + 2, input, start * stride + channel, stride, meter.weighted, end - start);
}

/**
 * K-weighting of two channels in one pass (the meter's hot loop): `count` frames, the left from
 * `left[leftStart]` and the right from `right[rightStart]`, each every `stride` samples
 * (interleaved stereo: one array, stride 2; planar: stride 1). State: 8 doubles, the left's two
 * stages, then the right's. Answers the sum of the frames' K-weighted energies (both channels);
 * `out`, where given, gets each frame's.
 */
function kWeightStereo(
  shelf: BiquadCoefficients,
  highPass: BiquadCoefficients,
  st: Float64Array,
  left: Float32Array,
  leftStart: number,
  right: Float32Array,
  rightStart: number,
  stride: number,
  count: number,
  out: Float32Array | null,
): number {
  const b0 = shelf.b0, b1 = shelf.b1, b2 = shelf.b2, a1 = shelf.a1, a2 = shelf.a2;
  const d0 = highPass.b0, d1 = highPass.b1, d2 = highPass.b2, e1 = highPass.a1, e2 = highPass.a2;
  let ls1 = st[0]!, ls2 = st[1]!, lt1 = st[2]!, lt2 = st[3]!;
  let rs1 = st[4]!, rs2 = st[5]!, rt1 = st[6]!, rt2 = st[7]!;
  let energy = 0;
  for (let n = 0, i = leftStart, j = rightStart; n < count; n++, i += stride, j += stride) {
    const xl = left[i]!;
    const xr = right[j]!;
    const yl = b0 * xl + ls1;
    const yr = b0 * xr + rs1;
    ls1 = b1 * xl - a1 * yl + ls2;
    rs1 = b1 * xr - a1 * yr + rs2;
    ls2 = b2 * xl - a2 * yl;
    rs2 = b2 * xr - a2 * yr;
    const zl = d0 * yl + lt1;
    const zr = d0 * yr + rt1;
    lt1 = d1 * yl - e1 * zl + lt2;
    rt1 = d1 * yr - e1 * zr + rt2;
    lt2 = d2 * yl - e2 * zl;
    rt2 = d2 * yr - e2 * zr;
    const e = zl * zl + zr * zr;
    if (out !== null) out[n] = e;
    energy += e;
  }
  st[0] = ls1;
  st[1] = ls2;
  st[2] = lt1;
  st[3] = lt2;
  st[4] = rs1;
  st[5] = rs2;
  st[6] = rt1;
  st[7] = rt2;
  return energy;
}

function closeStep(meter: LoudnessMeter): void {
  const ring = meter.stepRing;
  ring[meter.stepCount % 30] = meter.stepSum;
  meter.stepCount++;
  meter.stepSum = 0;
  meter.stepFill = 0;
  if (meter.stepCount >= 4) {
    let sum = 0;
    for (let k = 1; k <= 4; k++) sum += ring[(meter.stepCount - k) % 30]!;
    push(meter.blocks, sum / (4 * meter.stepFrames));
  }
  if (meter.stepCount >= 30) {
    let sum = 0;
    for (let k = 0; k < 30; k++) sum += ring[k]!;
    push(meter.shortTerm, sum / (30 * meter.stepFrames));
  }
}

/** Feeds `frames` interleaved frames (channel count of the meter). */
export function feedMeter(meter: LoudnessMeter, input: Float32Array, frames: number): void {
  const channels = meter.channels;
  let position = 0;
  while (position < frames) {
    const take = Math.min(frames - position, meter.stepFrames - meter.stepFill);
    let energy = 0;
    if (channels === 2) energy = kWeightStereo(meter.shelf, meter.highPass, meter.filterState, input, position * 2, input, position * 2 + 1, 2, take, null);
    else for (let ch = 0; ch < channels; ch++) energy += kWeightedEnergy(meter, input, ch, position, position + take);
    meter.stepSum += energy;
    meter.stepFill += take;
    position += take;
    if (meter.stepFill === meter.stepFrames) closeStep(meter);
  }
  meter.frames += frames;
  if (!meter.peaks) return;
  // Peaks per channel over the whole feed, with the FIR history carried across feeds.
  const history = TRUE_PEAK_TAPS - 1;
  for (let ch = 0; ch < channels; ch++) {
    let padded = meter.padded[ch]!;
    if (padded.length < frames + history) {
      const grown = new Float32Array(frames + history);
      grown.set(padded.subarray(0, history));
      padded = grown;
      meter.padded[ch] = grown;
    }
    let peak = meter.samplePeak;
    let squares = 0;
    for (let n = 0, i = ch; n < frames; n++, i += channels) {
      const x = input[i]!;
      padded[history + n] = x;
      squares += x * x;
      const a = x < 0 ? -x : x;
      if (a > peak) peak = a;
    }
    meter.samplePeak = peak;
    meter.sumSquares += squares;
    meter.truePeak = truePeakOfPadded(padded, frames, meter.truePeak);
    padded.copyWithin(0, frames, frames + history);
  }
}

/**
 * K-weighted energy of each frame of planar stereo, both channels summed (the filters start at
 * rest): what a loudness meter adds up, per frame, so a caller can weight frames by a gain.
 */
export function kWeightedFrameEnergies(left: Float32Array, right: Float32Array, count: number, sampleRate: number, out: Float32Array): void {
  const [shelf, highPass] = kWeightingCoefficients(sampleRate);
  kWeightStereo(shelf, highPass, new Float64Array(8), left, 0, right, 0, 1, count, out);
}

export const powerToLufs = (power: number): number => (power > 0 ? -0.691 + 10 * Math.log10(power) : -Infinity);
export const toDb = (linear: number): number => (linear > 0 ? 20 * Math.log10(linear) : -Infinity);

const ABSOLUTE_GATE_POWER = Math.pow(10, (ABSOLUTE_GATE_LUFS + 0.691) / 10);

/**
 * The powers of `powers[0..count)` that pass both gates, in their order: the absolute gate, and the
 * relative gate `relativeLu` under the mean power of those above the absolute one (BS.1770-4, 2.8;
 * EBU Tech 3342 gates the short-term loudness the same way, 20 LU under).
 */
function gatedPowers(powers: Float64Array, count: number, relativeLu: number): number[] {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < count; i++) {
    const p = powers[i]!;
    if (p > ABSOLUTE_GATE_POWER) {
      sum += p;
      n++;
    }
  }
  if (n === 0) return [];
  const relativePower = (sum / n) * Math.pow(10, relativeLu / 10);
  const gated: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = powers[i]!;
    if (p > ABSOLUTE_GATE_POWER && p > relativePower) gated.push(p);
  }
  return gated;
}

/** Gated integrated loudness (BS.1770-4, 2.8) of 400 ms block powers (sum over channels). */
export function gatedLoudness(blocks: Float64Array, count: number): number {
  const gated = gatedPowers(blocks, count, RELATIVE_GATE_LU);
  if (gated.length === 0) return -Infinity;
  let sum = 0;
  for (const p of gated) sum += p;
  return powerToLufs(sum / gated.length);
}

/** Loudness range (EBU Tech 3342): 10th to 95th percentile of gated short-term loudness. */
export function loudnessRange(shortTerm: Float64Array, count: number): number {
  const gated = gatedPowers(shortTerm, count, LRA_RELATIVE_GATE_LU).map(powerToLufs);
  if (gated.length === 0) return 0;
  gated.sort((a, b) => a - b);
  const at = (q: number) => gated[Math.min(gated.length - 1, Math.max(0, Math.round((gated.length - 1) * q)))]!;
  return at(0.95) - at(0.1);
}

/** Median of the gated short-term loudness (the same gates as the loudness range), LUFS. */
export function medianShortTerm(shortTerm: Float64Array, count: number): number {
  const gated = gatedPowers(shortTerm, count, LRA_RELATIVE_GATE_LU);
  if (gated.length === 0) return -Infinity;
  gated.sort((a, b) => a - b);
  return powerToLufs(gated[Math.floor((gated.length - 1) / 2)]!);
}

export interface LoudnessResult {
  /** Integrated loudness, LUFS (-Infinity for digital silence or less than one block). */
  integratedLufs: number;
  /** Loudness range, LU. */
  lra: number;
  truePeakDb: number;
  samplePeakDb: number;
  /** RMS over all channels, dBFS. */
  rmsDb: number;
  maxMomentaryLufs: number;
  maxShortTermLufs: number;
  frames: number;
}

function maxOf(series: GrowableSeries): number {
  let max = 0;
  for (let i = 0; i < series.length; i++) if (series.data[i]! > max) max = series.data[i]!;
  return max;
}

export function meterResult(meter: LoudnessMeter): LoudnessResult {
  const samples = meter.frames * meter.channels;
  return {
    integratedLufs: gatedLoudness(meter.blocks.data, meter.blocks.length),
    lra: loudnessRange(meter.shortTerm.data, meter.shortTerm.length),
    truePeakDb: toDb(meter.truePeak),
    samplePeakDb: toDb(meter.samplePeak),
    rmsDb: samples > 0 ? 10 * Math.log10(meter.sumSquares / samples || 0) : -Infinity,
    maxMomentaryLufs: powerToLufs(maxOf(meter.blocks)),
    maxShortTermLufs: powerToLufs(maxOf(meter.shortTerm)),
    frames: meter.frames,
  };
}

/** One-call measurement of an interleaved buffer. */
export function measureLoudness(input: Float32Array, sampleRate: number, channels: number): LoudnessResult {
  const meter = createLoudnessMeter(sampleRate, channels);
  const frames = input.length / channels;
  const block = 65536;
  for (let start = 0; start < frames; start += block) {
    const count = Math.min(block, frames - start);
    feedMeter(meter, input.subarray(start * channels, (start + count) * channels), count);
  }
  return meterResult(meter);
}
