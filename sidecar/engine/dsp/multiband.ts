import { highPass, lowPass, runBiquad, runBiquadPair, type BiquadCoefficients } from './biquad.js';

export interface MultibandBand {
  /**
   * Threshold of the band's RMS detector, dBFS. The stage runs before the pre-gain, so the
   * threshold sits relative to the band's own level in the track, however far the track is pushed.
   */
  thresholdDbfs: number;
  ratio: number;
  attackMs: number;
  releaseMs: number;
  /** Time constant of the band's mean-square detector (long enough to average a bass cycle). */
  detectorMs: number;
}

export interface MultibandParams {
  /** Crossovers: low to mid, mid to high, Hz. */
  crossoversHz: readonly [number, number];
  kneeDb: number;
  bands: readonly [MultibandBand, MultibandBand, MultibandBand];
}

export interface Multiband {
  readonly params: MultibandParams;
  readonly mono: boolean;
  /**
   * The detectors' bands: Linkwitz-Riley (LR4) low-pass at the first crossover, LR4 high-pass at
   * it split again by LR4 at the second (two Butterworth sections each). The gains' bands: a
   * Butterworth low-pass near the first crossover and high-pass near the second (GAIN_BAND_SPREAD),
   * the mid band being what is left of the input.
   */
  readonly filters: {
    lowA: BiquadCoefficients;
    lowB: BiquadCoefficients;
    restA: BiquadCoefficients;
    restB: BiquadCoefficients;
    midA: BiquadCoefficients;
    midB: BiquadCoefficients;
    highA: BiquadCoefficients;
    highB: BiquadCoefficients;
    gainLow: BiquadCoefficients;
    gainHigh: BiquadCoefficients;
  };
  /** Two doubles per section, FILTER_STATE per channel. */
  readonly filterState: Float64Array;
  /** Per channel: the detectors' low, mid and high bands, then the gains' low and high bands. */
  readonly bandsLeft: readonly Float32Array[];
  /** The same arrays as bandsLeft for a mono source. */
  readonly bandsRight: readonly Float32Array[];
  /** Per band: [mean square, gain reduction dB, applied gain]. */
  readonly dynamics: Float64Array;
  /** [sum over frames of the power-weighted gain reduction dB, frames]. */
  readonly stats: Float64Array;
}

const FILTER_STATE = 20;
/**
 * The gains' low-pass sits this much above the first crossover and their high-pass this much
 * under the second: a 2nd-order filter's phase lag is small an octave and more inside its pass
 * band, so a band's gain stays in phase with the track where the band's detector listens.
 */
const GAIN_BAND_SPREAD = 1.5;
const BUTTERWORTH_Q = Math.SQRT1_2;
/** The gain computers run once per GROUP frames (the detectors per frame); gains are interpolated in between. */
const GROUP = 8;

export function createMultiband(params: MultibandParams, options: { mono: boolean; sampleRate: number; blockSize: number }): Multiband {
  const [lowHz, highHz] = params.crossoversHz;
  const fs = options.sampleRate;
  const bands = () => Array.from({ length: 5 }, () => new Float32Array(options.blockSize));
  const bandsLeft = bands();
  const dynamics = new Float64Array(9);
  for (let b = 0; b < 3; b++) dynamics[b * 3 + 2] = 1;
  return {
    params,
    mono: options.mono,
    filters: {
      lowA: lowPass(lowHz, BUTTERWORTH_Q, fs),
      lowB: lowPass(lowHz, BUTTERWORTH_Q, fs),
      restA: highPass(lowHz, BUTTERWORTH_Q, fs),
      restB: highPass(lowHz, BUTTERWORTH_Q, fs),
      midA: lowPass(highHz, BUTTERWORTH_Q, fs),
      midB: lowPass(highHz, BUTTERWORTH_Q, fs),
      highA: highPass(highHz, BUTTERWORTH_Q, fs),
      highB: highPass(highHz, BUTTERWORTH_Q, fs),
      gainLow: lowPass(lowHz * GAIN_BAND_SPREAD, BUTTERWORTH_Q, fs),
      gainHigh: highPass(highHz / GAIN_BAND_SPREAD, BUTTERWORTH_Q, fs),
    },
    filterState: new Float64Array(FILTER_STATE * 2),
    bandsLeft,
    bandsRight: options.mono ? bandsLeft : bands(),
    dynamics,
    stats: new Float64Array(2),
  };
}

/** The detectors' three LR4 bands and the gains' low and high bands of one channel. */
function split(mb: Multiband, input: Float32Array, count: number, channel: number, bands: readonly Float32Array[]): void {
  const f = mb.filters;
  const state = mb.filterState;
  const o = channel * FILTER_STATE;
  const [low, mid, high, gainLow, gainHigh] = bands as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  low.set(input.subarray(0, count));
  runBiquadPair(f.lowA, f.lowB, state, o, o + 2, low, count);
  high.set(input.subarray(0, count));
  runBiquadPair(f.restA, f.restB, state, o + 4, o + 6, high, count);
  mid.set(high.subarray(0, count));
  runBiquadPair(f.midA, f.midB, state, o + 8, o + 10, mid, count);
  runBiquadPair(f.highA, f.highB, state, o + 12, o + 14, high, count);
  gainLow.set(input.subarray(0, count));
  runBiquad(f.gainLow, state, o + 16, gainLow, count);
  gainHigh.set(input.subarray(0, count));
  runBiquad(f.gainHigh, state, o + 18, gainHigh, count);
}

/**
 * Three-band compressor, in place: each band has its own stereo-linked RMS detector, fed by
 * Linkwitz-Riley bands (clean separation: a kick does not reach the mid band's detector), and a
 * soft-knee gain computer with attack/release smoothing in the log domain. So an 808 is held by
 * the low band's gain, and the voice and the cymbals above it do not duck with it.
 *
 * The gains act on complementary bands (a 2nd-order low-pass, a 2nd-order high-pass and the rest
 * of the input) that sum back to the input exactly: while no band works, the stage passes the
 * track unchanged, without the phase rotation (and the few milliseconds of bass delay) a
 * Linkwitz-Riley sum would add to every master of the style; with all bands at one gain, it is
 * that gain. Their gentle slopes keep a band's gain in phase with the track where it acts.
 */
export function runMultiband(mb: Multiband, left: Float32Array, right: Float32Array, count: number, sampleRate: number): void {
  split(mb, left, count, 0, mb.bandsLeft);
  if (!mb.mono) split(mb, right, count, 1, mb.bandsRight);
  const [l0, l1, l2, lLow, lHigh] = mb.bandsLeft as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  const [r0, r1, r2, rLow, rHigh] = mb.bandsRight as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  const bands = mb.params.bands;
  const knee = Math.max(mb.params.kneeDb, 1e-6);
  const halfKnee = knee / 2;
  const detector = bands.map((b) => 1 - Math.exp(-1000 / (b.detectorMs * sampleRate)));
  const attack = bands.map((b) => Math.exp((-1000 * GROUP) / (b.attackMs * sampleRate)));
  const release = bands.map((b) => Math.exp((-1000 * GROUP) / (b.releaseMs * sampleRate)));
  const d0 = detector[0]!, d1 = detector[1]!, d2 = detector[2]!;
  const st = mb.dynamics;
  let ms0 = st[0]!, ms1 = st[3]!, ms2 = st[6]!;
  const gr = [st[1]!, st[4]!, st[7]!];
  const applied = [st[2]!, st[5]!, st[8]!];
  const next = [1, 1, 1];
  const levels = new Float64Array(3);
  let weightedSum = 0;
  for (let i0 = 0; i0 < count; i0 += GROUP) {
    const i1 = i0 + GROUP < count ? i0 + GROUP : count;
    for (let i = i0; i < i1; i++) {
      const a0 = l0[i]!, b0 = r0[i]!, a1 = l1[i]!, b1 = r1[i]!, a2 = l2[i]!, b2 = r2[i]!;
      ms0 += d0 * ((a0 * a0 + b0 * b0) * 0.5 - ms0);
      ms1 += d1 * ((a1 * a1 + b1 * b1) * 0.5 - ms1);
      ms2 += d2 * ((a2 * a2 + b2 * b2) * 0.5 - ms2);
    }
    const len = i1 - i0;
    levels[0] = ms0;
    levels[1] = ms1;
    levels[2] = ms2;
    let power = 0;
    let weighted = 0;
    for (let b = 0; b < 3; b++) {
      const band = bands[b]!;
      const ms = levels[b]!;
      let target = 0;
      if (band.ratio > 1 && ms > 1e-12) {
        const level = 4.342944819032518 * Math.log(ms);
        const over = level - band.thresholdDbfs;
        const slope = 1 - 1 / band.ratio;
        if (over >= halfKnee) target = slope * over;
        else if (over > -halfKnee) target = (slope * (over + halfKnee) * (over + halfKnee)) / (2 * knee);
      }
      const coefficient = target > gr[b]! ? attack[b]! : release[b]!;
      const a = len === GROUP ? coefficient : Math.pow(coefficient, len / GROUP);
      gr[b] = a * gr[b]! + (1 - a) * target;
      next[b] = gr[b]! > 1e-6 ? Math.pow(10, -gr[b]! / 20) : 1;
      power += ms;
      weighted += ms * gr[b]!;
    }
    if (power > 0) weightedSum += (weighted / power) * len;
    const g0 = applied[0]!, g1 = applied[1]!, g2 = applied[2]!;
    const s0 = (next[0]! - g0) / len, s1 = (next[1]! - g1) / len, s2 = (next[2]! - g2) / len;
    // out = gLow * low + gMid * (x - low - high) + gHigh * high.
    for (let i = i0, k = 1; i < i1; i++, k++) {
      const gm = g1 + s1 * k;
      left[i] = gm * left[i]! + (g0 + s0 * k - gm) * lLow[i]! + (g2 + s2 * k - gm) * lHigh[i]!;
    }
    if (mb.mono) {
      right.set(left.subarray(i0, i1), i0);
    } else {
      for (let i = i0, k = 1; i < i1; i++, k++) {
        const gm = g1 + s1 * k;
        right[i] = gm * right[i]! + (g0 + s0 * k - gm) * rLow[i]! + (g2 + s2 * k - gm) * rHigh[i]!;
      }
    }
    applied[0] = next[0]!;
    applied[1] = next[1]!;
    applied[2] = next[2]!;
  }
  st[0] = ms0;
  st[3] = ms1;
  st[6] = ms2;
  for (let b = 0; b < 3; b++) {
    st[b * 3 + 1] = gr[b]!;
    st[b * 3 + 2] = applied[b]!;
  }
  mb.stats[0] = mb.stats[0]! + weightedSum;
  mb.stats[1] = mb.stats[1]! + count;
}
