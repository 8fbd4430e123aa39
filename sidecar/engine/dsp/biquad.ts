import type { BiquadCoefficients } from '../meter/k-weighting.js';

export type { BiquadCoefficients } from '../meter/k-weighting.js';

/**
 * RBJ biquads: Robert Bristow-Johnson, "Cookbook formulae for audio EQ biquad filter
 * coefficients" (the W3C Audio EQ Cookbook), normalised by a0.
 */
function normalise(b0: number, b1: number, b2: number, a0: number, a1: number, a2: number): BiquadCoefficients {
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

export function highPass(frequency: number, q: number, sampleRate: number): BiquadCoefficients {
  const w = (2 * Math.PI * frequency) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return normalise((1 + cos) / 2, -(1 + cos), (1 + cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
}

export function lowPass(frequency: number, q: number, sampleRate: number): BiquadCoefficients {
  const w = (2 * Math.PI * frequency) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return normalise((1 - cos) / 2, 1 - cos, (1 - cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
}

export function peaking(frequency: number, q: number, gainDb: number, sampleRate: number): BiquadCoefficients {
  const a = Math.pow(10, gainDb / 40);
  const w = (2 * Math.PI * frequency) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return normalise(1 + alpha * a, -2 * cos, 1 - alpha * a, 1 + alpha / a, -2 * cos, 1 - alpha / a);
}

/**
 * Second-order all-pass. At Q 1/sqrt(2) it equals the sum of the Linkwitz-Riley (LR4) low-pass
 * and high-pass at its frequency: less the LR4 low-pass, it leaves the LR4 high-pass.
 */
export function allPass(frequency: number, q: number, sampleRate: number): BiquadCoefficients {
  const w = (2 * Math.PI * frequency) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return normalise(1 - alpha, -2 * cos, 1 + alpha, 1 + alpha, -2 * cos, 1 - alpha);
}

/** Shelves with the cookbook's shelf slope S (1 = steepest without overshoot). */
function shelf(kind: 'low' | 'high', frequency: number, slope: number, gainDb: number, sampleRate: number): BiquadCoefficients {
  const a = Math.pow(10, gainDb / 40);
  const w = (2 * Math.PI * frequency) / sampleRate;
  const cos = Math.cos(w);
  const alpha = (Math.sin(w) / 2) * Math.sqrt((a + 1 / a) * (1 / slope - 1) + 2);
  const k = 2 * Math.sqrt(a) * alpha;
  if (kind === 'low') {
    return normalise(
      a * (a + 1 - (a - 1) * cos + k),
      2 * a * (a - 1 - (a + 1) * cos),
      a * (a + 1 - (a - 1) * cos - k),
      a + 1 + (a - 1) * cos + k,
      -2 * (a - 1 + (a + 1) * cos),
      a + 1 + (a - 1) * cos - k,
    );
  }
  return normalise(
    a * (a + 1 + (a - 1) * cos + k),
    -2 * a * (a - 1 + (a + 1) * cos),
    a * (a + 1 + (a - 1) * cos - k),
    a + 1 - (a - 1) * cos + k,
    2 * (a - 1 - (a + 1) * cos),
    a + 1 - (a - 1) * cos - k,
  );
}

export const lowShelf = (frequency: number, slope: number, gainDb: number, sampleRate: number) => shelf('low', frequency, slope, gainDb, sampleRate);
export const highShelf = (frequency: number, slope: number, gainDb: number, sampleRate: number) => shelf('high', frequency, slope, gainDb, sampleRate);

/** Magnitude response in dB at `frequency`. */
export function magnitudeDb(c: BiquadCoefficients, frequency: number, sampleRate: number): number {
  const w = (2 * Math.PI * frequency) / sampleRate;
  const cos1 = Math.cos(w);
  const sin1 = Math.sin(w);
  const cos2 = Math.cos(2 * w);
  const sin2 = Math.sin(2 * w);
  const nr = c.b0 + c.b1 * cos1 + c.b2 * cos2;
  const ni = -(c.b1 * sin1 + c.b2 * sin2);
  const dr = 1 + c.a1 * cos1 + c.a2 * cos2;
  const di = -(c.a1 * sin1 + c.a2 * sin2);
  return 10 * Math.log10((nr * nr + ni * ni) / (dr * dr + di * di));
}

/**
 * Runs a biquad (transposed direct form II, double-precision state `state[offset..offset+1]`) over
 * `samples[0..count)` in place. The reference form of runBiquadPair.
 */
export function runBiquad(c: BiquadCoefficients, state: Float64Array, offset: number, samples: Float32Array, count: number): void {
  const b0 = c.b0, b1 = c.b1, b2 = c.b2, a1 = c.a1, a2 = c.a2;
  let s1 = state[offset]!;
  let s2 = state[offset + 1]!;
  for (let i = 0; i < count; i++) {
    const x = samples[i]!;
    const y = b0 * x + s1;
    s1 = b1 * x - a1 * y + s2;
    s2 = b2 * x - a2 * y;
    samples[i] = y;
  }
  state[offset] = s1;
  state[offset + 1] = s2;
}

/**
 * Two cascaded biquads (`first`, then `second`) over `samples[0..count)` in place, in one pass:
 * the intermediate signal stays in registers and in double precision (the EQ chain's hot loop).
 * State: `state[offset..offset+1]` for `first`, `state[secondOffset..secondOffset+1]` for `second`.
 */
export function runBiquadPair(
  first: BiquadCoefficients,
  second: BiquadCoefficients,
  state: Float64Array,
  offset: number,
  secondOffset: number,
  samples: Float32Array,
  count: number,
): void {
  runBiquadPairStrided(first, second, state, offset, secondOffset, samples, 0, 1, samples, count);
}

/**
 * runBiquadPair over `count` samples of `input` read from `start` every `stride` samples (one
 * channel of interleaved audio), written to `output[0..count)`; answers the sum of the output's
 * squares, taken in double precision before the output is rounded to float (a loudness meter's
 * K-weighting is such a pair).
 */
export function runBiquadPairStrided(
  first: BiquadCoefficients,
  second: BiquadCoefficients,
  state: Float64Array,
  offset: number,
  secondOffset: number,
  input: Float32Array,
  start: number,
  stride: number,
  output: Float32Array,
  count: number,
): number {
  const b0 = first.b0, b1 = first.b1, b2 = first.b2, a1 = first.a1, a2 = first.a2;
  const d0 = second.b0, d1 = second.b1, d2 = second.b2, e1 = second.a1, e2 = second.a2;
  let s1 = state[offset]!;
  let s2 = state[offset + 1]!;
  let t1 = state[secondOffset]!;
  let t2 = state[secondOffset + 1]!;
  let energy = 0;
  for (let n = 0, i = start; n < count; n++, i += stride) {
    const x = input[i]!;
    const y = b0 * x + s1;
    s1 = b1 * x - a1 * y + s2;
    s2 = b2 * x - a2 * y;
    const z = d0 * y + t1;
    t1 = d1 * y - e1 * z + t2;
    t2 = d2 * y - e2 * z;
    output[n] = z;
    energy += z * z;
  }
  state[offset] = s1;
  state[offset + 1] = s2;
  state[secondOffset] = t1;
  state[secondOffset + 1] = t2;
  return energy;
}
