import { allPass, highPass, lowPass, type BiquadCoefficients } from './biquad.js';

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
  /** Butterworth sections (Q 1/sqrt 2): two in a row make a Linkwitz-Riley (LR4) filter. */
  readonly lowPass: BiquadCoefficients;
  /** All-pass at the first crossover: less the LR4 low-pass, the LR4 high-pass (what is above it). */
  readonly phase: BiquadCoefficients;
  readonly highPass: BiquadCoefficients;
  /** Filter state: 12 doubles per channel (two for each of four sections, four unused). */
  readonly filterState: Float64Array;
  /** The gains' low and high bands of one block: left low, left high, right low, right high. */
  readonly gainBands: readonly [Float32Array, Float32Array, Float32Array, Float32Array];
  /** The detectors' band powers of one block (low, mid, high squared), the left's, then the right's. */
  readonly bandPowers: readonly Float64Array[];
  /** Per band: [mean square, gain reduction dB, applied gain]. */
  readonly dynamics: Float64Array;
  /** [sum over frames of the power-weighted gain reduction dB, frames]. */
  readonly stats: Float64Array;
}

const BUTTERWORTH_Q = Math.SQRT1_2;
/** The gain computers run once per GROUP frames (the detectors per frame); gains are interpolated in between. */
const GROUP = 8;

export function createMultiband(params: MultibandParams, options: { mono: boolean; sampleRate: number; blockSize: number }): Multiband {
  const [lowHz, highHz] = params.crossoversHz;
  const fs = options.sampleRate;
  const dynamics = new Float64Array(9);
  for (let b = 0; b < 3; b++) dynamics[b * 3 + 2] = 1;
  const band = () => new Float32Array(options.blockSize);
  return {
    params,
    mono: options.mono,
    lowPass: lowPass(lowHz, BUTTERWORTH_Q, fs),
    phase: allPass(lowHz, BUTTERWORTH_Q, fs),
    highPass: highPass(highHz, BUTTERWORTH_Q, fs),
    filterState: new Float64Array(24),
    gainBands: [band(), band(), band(), band()],
    bandPowers: Array.from({ length: 6 }, () => new Float64Array(options.blockSize)),
    dynamics,
    stats: new Float64Array(2),
  };
}

/**
 * Three-band compressor, in place: each band has its own stereo-linked RMS detector and a
 * soft-knee gain computer with attack/release smoothing in the log domain, so an 808 is held by
 * the low band's gain, and the voice and the cymbals above it do not duck with it.
 *
 * The low and mid detectors are split by a Linkwitz-Riley crossover (LR4: a kick does not reach
 * the mid band's detector; what is above it is the crossover's all-pass less its low-pass, one
 * section instead of two); the mid and high detectors by a 2nd-order high-pass at the second
 * crossover, on what is above the first (hi-hats and a voice need less separation than a kick).
 * The gains act on complementary bands, a 2nd-order low-pass at the first crossover (the LR4's
 * first section), that high-pass, and the rest of the input, which sum back to the input exactly: while no band works, the stage
 * passes the track unchanged, without the phase turn and the few milliseconds of bass delay a
 * Linkwitz-Riley sum adds; with every band at one gain, it is that gain; and a 2nd-order filter's
 * gentle phase keeps a band's gain mostly in phase with the track where the band is loud.
 * Per block, the bands are split a channel at a time (every filter state in locals), then the
 * detectors and gain computers run over them.
 */
export function runMultiband(mb: Multiband, left: Float32Array, right: Float32Array, count: number, sampleRate: number): void {
  const bands = mb.params.bands;
  const knee = Math.max(mb.params.kneeDb, 1e-6);
  const halfKnee = knee / 2;
  const d0 = 1 - Math.exp(-1000 / (bands[0].detectorMs * sampleRate));
  const d1 = 1 - Math.exp(-1000 / (bands[1].detectorMs * sampleRate));
  const d2 = 1 - Math.exp(-1000 / (bands[2].detectorMs * sampleRate));
  const attack = bands.map((b) => Math.exp((-1000 * GROUP) / (b.attackMs * sampleRate)));
  const release = bands.map((b) => Math.exp((-1000 * GROUP) / (b.releaseMs * sampleRate)));
  const [gLowL, gHighL, gLowR0, gHighR0] = mb.gainBands;
  const mono = mb.mono;
  const gLowR = mono ? gLowL : gLowR0;
  const gHighR = mono ? gHighL : gHighR0;
  // The bands do not depend on the gains: the whole block is split first, a channel at a time.
  splitBands(mb, 0, left, count);
  if (!mono) splitBands(mb, 1, right, count);
  const [lowL, midL, highL, lowR, midR, highR] = mb.bandPowers as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  const st = mb.dynamics;
  let ms0 = st[0]!, ms1 = st[3]!, ms2 = st[6]!;
  const gr = [st[1]!, st[4]!, st[7]!];
  const applied = [st[2]!, st[5]!, st[8]!];
  const next = [1, 1, 1];
  const levels = new Float64Array(3);
  let weightedSum = 0;
  for (let i0 = 0; i0 < count; i0 += GROUP) {
    const i1 = i0 + GROUP < count ? i0 + GROUP : count;
    if (mono) {
      for (let i = i0; i < i1; i++) {
        ms0 += d0 * (lowL[i]! - ms0);
        ms1 += d1 * (midL[i]! - ms1);
        ms2 += d2 * (highL[i]! - ms2);
      }
    } else {
      for (let i = i0; i < i1; i++) {
        ms0 += d0 * ((lowL[i]! + lowR[i]!) * 0.5 - ms0);
        ms1 += d1 * ((midL[i]! + midR[i]!) * 0.5 - ms1);
        ms2 += d2 * ((highL[i]! + highR[i]!) * 0.5 - ms2);
      }
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
    if (next[0] !== 1 || next[1] !== 1 || next[2] !== 1 || g0 !== 1 || g1 !== 1 || g2 !== 1) {
      for (let i = i0, k = 1; i < i1; i++, k++) {
        const gm = g1 + s1 * k;
        const gl = g0 + s0 * k - gm;
        const gh = g2 + s2 * k - gm;
        left[i] = gm * left[i]! + gl * gLowL[i]! + gh * gHighL[i]!;
        right[i] = mono ? left[i]! : gm * right[i]! + gl * gLowR[i]! + gh * gHighR[i]!;
      }
    } else if (mono) {
      for (let i = i0; i < i1; i++) right[i] = left[i]!;
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

/**
 * One channel's bands over `samples[0..count)`: the gains' low and high bands into the channel's
 * `mb.gainBands`, the detectors' band powers into its `mb.bandPowers`. Filter state at
 * `mb.filterState[12 * channel..]`: low A, low B, all-pass, high (at 0..5 and 8..9; 6..7, 10..11 unused).
 */
function splitBands(mb: Multiband, channel: 0 | 1, samples: Float32Array, count: number): void {
  const gLow = mb.gainBands[2 * channel]!;
  const gHigh = mb.gainBands[2 * channel + 1]!;
  const lowPower = mb.bandPowers[3 * channel]!;
  const midPower = mb.bandPowers[3 * channel + 1]!;
  const highPower = mb.bandPowers[3 * channel + 2]!;
  const offset = 12 * channel;
  const lp = mb.lowPass;
  const rp = mb.phase;
  const hp = mb.highPass;
  const lb0 = lp.b0, lb1 = lp.b1, lb2 = lp.b2, la1 = lp.a1, la2 = lp.a2;
  const rb0 = rp.b0, rb1 = rp.b1, rb2 = rp.b2, ra1 = rp.a1, ra2 = rp.a2;
  const hb0 = hp.b0, hb1 = hp.b1, hb2 = hp.b2, ha1 = hp.a1, ha2 = hp.a2;
  const f = mb.filterState;
  let a0 = f[offset]!, a1 = f[offset + 1]!, b0 = f[offset + 2]!, b1 = f[offset + 3]!;
  let p0 = f[offset + 4]!, p1 = f[offset + 5]!, h0 = f[offset + 8]!, h1 = f[offset + 9]!;
  for (let i = 0; i < count; i++) {
    const x = samples[i]!;
    let y = lb0 * x + a0;
    a0 = lb1 * x - la1 * y + a1;
    a1 = lb2 * x - la2 * y;
    gLow[i] = y;
    const low = lb0 * y + b0;
    b0 = lb1 * y - la1 * low + b1;
    b1 = lb2 * y - la2 * low;
    y = rb0 * x + p0;
    p0 = rb1 * x - ra1 * y + p1;
    p1 = rb2 * x - ra2 * y;
    const rest = y - low;
    y = hb0 * rest + h0;
    h0 = hb1 * rest - ha1 * y + h1;
    h1 = hb2 * rest - ha2 * y;
    gHigh[i] = y;
    const high = y;
    const mid = rest - high;
    lowPower[i] = low * low;
    midPower[i] = mid * mid;
    highPower[i] = high * high;
  }
  f[offset] = a0; f[offset + 1] = a1; f[offset + 2] = b0; f[offset + 3] = b1;
  f[offset + 4] = p0; f[offset + 5] = p1; f[offset + 8] = h0; f[offset + 9] = h1;
}
