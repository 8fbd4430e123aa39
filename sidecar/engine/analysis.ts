import { TONE_BANDS, type BandGains, type ToneBand } from './dsp/chain.js';

/** Edges of the five tonal-balance bands, Hz: low, low mid, mid, high mid, high. */
export const BAND_EDGES_HZ: Record<ToneBand, [number, number]> = {
  low: [20, 150],
  lowMid: [150, 500],
  mid: [500, 2000],
  highMid: [2000, 6000],
  high: [6000, 20000],
};

/**
 * The engine's neutral tonal reference: each band's share of the total power, dB, of a typical
 * modern mix (pink noise tilted by about -1.5 dB/octave above 150 Hz, with a fuller low end).
 * The small corrective match of toneMoveGains leans toward it.
 */
export const NEUTRAL_BAND_LEVELS_DB: BandGains = { low: -1.5, lowMid: -6.0, mid: -7.0, highMid: -10.5, high: -13.5 };

const FFT_SIZE = 4096;

/** In-place iterative radix-2 complex FFT (Cooley-Tukey) of length re.length (a power of two). */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = (-2 * Math.PI) / size;
    for (let k = 0; k < half; k++) {
      const wr = Math.cos(step * k);
      const wi = Math.sin(step * k);
      for (let start = k; start < n; start += size) {
        const a = start;
        const b = start + half;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
}

/**
 * Long-term spectrum (Welch: Hann-windowed 4096-point frames of the mid signal, power averaged)
 * summed into the five bands. Frames are taken at a stride, so a whole track costs a few hundred FFTs.
 */
export interface SpectrumAccumulator {
  readonly sampleRate: number;
  readonly stride: number;
  nextFrame: number;
  readonly window: Float64Array;
  readonly re: Float64Array;
  readonly im: Float64Array;
  readonly bandPower: Float64Array;
  count: number;
}

export function createSpectrumAccumulator(totalFrames: number, sampleRate: number, maxFrames = 240): SpectrumAccumulator {
  const window = new Float64Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE);
  return {
    sampleRate,
    stride: Math.max(FFT_SIZE, Math.floor(totalFrames / maxFrames)),
    nextFrame: 0,
    window,
    re: new Float64Array(FFT_SIZE),
    im: new Float64Array(FFT_SIZE),
    bandPower: new Float64Array(TONE_BANDS.length),
    count: 0,
  };
}

/** Feeds a block that starts at `blockStart`; analyses every FFT frame lying wholly inside it. */
export function feedSpectrum(acc: SpectrumAccumulator, input: Float32Array, channels: number, blockStart: number, count: number): void {
  while (acc.nextFrame >= blockStart && acc.nextFrame + FFT_SIZE <= blockStart + count) {
    const offset = acc.nextFrame - blockStart;
    for (let i = 0; i < FFT_SIZE; i++) {
      let v = 0;
      for (let ch = 0; ch < channels; ch++) v += input[(offset + i) * channels + ch]!;
      acc.re[i] = (v / channels) * acc.window[i]!;
      acc.im[i] = 0;
    }
    fft(acc.re, acc.im);
    const binHz = acc.sampleRate / FFT_SIZE;
    TONE_BANDS.forEach((band, b) => {
      const [lo, hi] = BAND_EDGES_HZ[band];
      let sum = 0;
      for (let k = Math.ceil(lo / binHz); k < Math.min(FFT_SIZE / 2, Math.ceil(hi / binHz)); k++) sum += acc.re[k]! * acc.re[k]! + acc.im[k]! * acc.im[k]!;
      acc.bandPower[b] = acc.bandPower[b]! + sum;
    });
    acc.count++;
    acc.nextFrame += acc.stride;
  }
  // A frame straddling two blocks is skipped: move to the first frame that starts in a later block.
  while (acc.nextFrame < blockStart + count && acc.nextFrame + FFT_SIZE > blockStart + count) acc.nextFrame += acc.stride;
}

/** Each band's share of the total power, dB (-Infinity everywhere for silence). */
export function bandLevelsDb(acc: SpectrumAccumulator): BandGains {
  const total = acc.bandPower.reduce((sum, p) => sum + p, 0);
  const levels = {} as BandGains;
  TONE_BANDS.forEach((band, b) => {
    levels[band] = total > 0 && acc.bandPower[b]! > 0 ? 10 * Math.log10(acc.bandPower[b]! / total) : -Infinity;
  });
  return levels;
}

/** Largest corrective match toward the neutral reference, dB: a nudge, never the style's sound. */
export const MAX_MATCH_DB = 1;
/** A style's move this large in a band is deliberate: the match may add to it, never take from it. */
const DELIBERATE_MOVE_DB = 1;

/**
 * EQ stage: the style's tonal move applied to the track as it is ("Bright": more air and presence
 * than the input had), plus a small corrective match toward the neutral reference (a share
 * `strength` of the distance, at most MAX_MATCH_DB per band) that only evens out a track far off
 * balance, and never against a deliberate move of the style. The mean of the match is removed (overall level is the dynamics stage's job); the total
 * per band is bounded by ±maxDb.
 */
export function toneMoveGains(measured: BandGains, tone: BandGains, strength: number, maxDb: number): BandGains {
  const gains = { ...tone } as BandGains;
  const matchable = TONE_BANDS.every((band) => Number.isFinite(measured[band]));
  const diffs = TONE_BANDS.map((band) => (matchable ? NEUTRAL_BAND_LEVELS_DB[band] - measured[band] : 0));
  const mean = diffs.reduce((sum, d) => sum + d, 0) / diffs.length;
  TONE_BANDS.forEach((band, b) => {
    let match = Math.max(-MAX_MATCH_DB, Math.min(MAX_MATCH_DB, strength * (diffs[b]! - mean)));
    // The match never undoes a deliberate move: "Bright" stays brighter than the input even on a
    // mix that is already brighter than the reference.
    if (Math.abs(tone[band]) >= DELIBERATE_MOVE_DB && match * tone[band] < 0) match = 0;
    gains[band] = Math.round(Math.max(-maxDb, Math.min(maxDb, tone[band] + match)) * 100) / 100;
  });
  return gains;
}

