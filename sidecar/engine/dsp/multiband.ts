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
 * One pass per block, every filter state in locals.
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
  const lp = mb.lowPass;
  const rp = mb.phase;
  const hp = mb.highPass;
  const lb0 = lp.b0, lb1 = lp.b1, lb2 = lp.b2, la1 = lp.a1, la2 = lp.a2;
  const rb0 = rp.b0, rb1 = rp.b1, rb2 = rp.b2, ra1 = rp.a1, ra2 = rp.a2;
  const hb0 = hp.b0, hb1 = hp.b1, hb2 = hp.b2, ha1 = hp.a1, ha2 = hp.a2;
  const f = mb.filterState;
  // Left: low A, low B, all-pass, high (at 0..5 and 8..9; 6..7, 10..11 unused); the right from 12.
  let la0 = f[0]!, la1s = f[1]!, lbb0 = f[2]!, lbb1 = f[3]!, lra0 = f[4]!, lra1 = f[5]!, lha0 = f[8]!, lha1 = f[9]!;
  let ra0 = f[12]!, ra1s = f[13]!, rbb0 = f[14]!, rbb1 = f[15]!, rra0 = f[16]!, rra1 = f[17]!, rha0 = f[20]!, rha1 = f[21]!;
  const [gLowL, gHighL, gLowR0, gHighR0] = mb.gainBands;
  const mono = mb.mono;
  const gLowR = mono ? gLowL : gLowR0;
  const gHighR = mono ? gHighL : gHighR0;
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
      const xl = left[i]!;
      let y = lb0 * xl + la0;
      la0 = lb1 * xl - la1 * y + la1s;
      la1s = lb2 * xl - la2 * y;
      gLowL[i] = y;
      const lowL = lb0 * y + lbb0;
      lbb0 = lb1 * y - la1 * lowL + lbb1;
      lbb1 = lb2 * y - la2 * lowL;
      y = rb0 * xl + lra0;
      lra0 = rb1 * xl - ra1 * y + lra1;
      lra1 = rb2 * xl - ra2 * y;
      const restL = y - lowL;
      y = hb0 * restL + lha0;
      lha0 = hb1 * restL - ha1 * y + lha1;
      lha1 = hb2 * restL - ha2 * y;
      gHighL[i] = y;
      const highL = y;
      const midL = restL - highL;
      if (mono) {
        ms0 += d0 * (lowL * lowL - ms0);
        ms1 += d1 * (midL * midL - ms1);
        ms2 += d2 * (highL * highL - ms2);
        continue;
      }
      const xr = right[i]!;
      y = lb0 * xr + ra0;
      ra0 = lb1 * xr - la1 * y + ra1s;
      ra1s = lb2 * xr - la2 * y;
      gLowR[i] = y;
      const lowR = lb0 * y + rbb0;
      rbb0 = lb1 * y - la1 * lowR + rbb1;
      rbb1 = lb2 * y - la2 * lowR;
      y = rb0 * xr + rra0;
      rra0 = rb1 * xr - ra1 * y + rra1;
      rra1 = rb2 * xr - ra2 * y;
      const restR = y - lowR;
      y = hb0 * restR + rha0;
      rha0 = hb1 * restR - ha1 * y + rha1;
      rha1 = hb2 * restR - ha2 * y;
      gHighR[i] = y;
      const highR = y;
      const midR = restR - highR;
      ms0 += d0 * ((lowL * lowL + lowR * lowR) * 0.5 - ms0);
      ms1 += d1 * ((midL * midL + midR * midR) * 0.5 - ms1);
      ms2 += d2 * ((highL * highL + highR * highR) * 0.5 - ms2);
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
  f[0] = la0; f[1] = la1s; f[2] = lbb0; f[3] = lbb1; f[4] = lra0; f[5] = lra1; f[8] = lha0; f[9] = lha1;
  f[12] = ra0; f[13] = ra1s; f[14] = rbb0; f[15] = rbb1; f[16] = rra0; f[17] = rra1; f[20] = rha0; f[21] = rha1;
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
