/**
 * Linear-phase half-band FIR for 2x oversampling, and the limiter's gain applied through it: the
 * signal and the gain are interpolated to 88.2 kHz, multiplied there and decimated back, so the
 * gain's modulation products that would fold around 22.05 kHz at the base rate are filtered out
 * instead (applyGainOversampled).
 *
 * The filter is a Kaiser-windowed sinc cut at a quarter of the 2x rate: every even tap but the
 * centre is zero, so the polyphase interpolator copies the input to the even outputs and the odd
 * outputs cost HALF_BAND_PAIRS multiplications (the taps are symmetric), and so does the decimator.
 * Passband to HALF_BAND_PASS_HZ, stopband from 44.1 kHz - HALF_BAND_PASS_HZ with at least 80 dB
 * (dsp/half-band.test.ts measures it on the filter's response).
 */
import { besselI0 } from './bessel.js';

/** Symmetric pairs of non-zero odd taps (the filter has 4 * pairs - 1 taps). */
export const HALF_BAND_PAIRS = 28;
/** Passband edge, Hz: the stopband starts as far above 22.05 kHz as this is under it. */
export const HALF_BAND_PASS_HZ = 20000;
const KAISER_BETA = 8.2;
/** The Bessel series at the precision these taps were designed with. */
const kaiserI0 = (x: number) => besselI0(x, 1e-15, 60);

/**
 * The odd taps h[2s + 1], s = 0 .. pairs - 1, of the half-band filter whose centre tap is 0.5
 * (unity gain at DC: 0.5 + 2 * sum = 1). h[-(2s + 1)] is the same.
 */
export function halfBandTaps(pairs: number = HALF_BAND_PAIRS, beta: number = KAISER_BETA): Float64Array {
  const span = 4 * pairs - 1;
  const taps = new Float64Array(pairs);
  for (let s = 0; s < pairs; s++) {
    const n = 2 * s + 1;
    const r = n / ((span + 1) / 2);
    const window = kaiserI0(beta * Math.sqrt(Math.max(0, 1 - r * r))) / kaiserI0(beta);
    taps[s] = (Math.sin((Math.PI * n) / 2) / (Math.PI * n)) * window;
  }
  const sum = taps.reduce((a, b) => a + b, 0);
  for (let s = 0; s < pairs; s++) taps[s] = (taps[s]! * 0.25) / sum;
  return taps;
}

/** Magnitude of the half-band filter at `frequency` (cycles per sample of the 2x rate, 0 .. 0.5). */
export function halfBandResponse(taps: Float64Array, frequency: number): number {
  let sum = 0.5;
  for (let s = 0; s < taps.length; s++) sum += 2 * taps[s]! * Math.cos(2 * Math.PI * frequency * (2 * s + 1));
  return Math.abs(sum);
}

const TAPS = halfBandTaps();
const PAIRS = HALF_BAND_PAIRS;
/** Frames the oversampled gain stage delays its input (the decimator looks this far ahead). */
export const OVERSAMPLED_GAIN_LATENCY = 2 * PAIRS - 1;
/** History each padded buffer keeps in front of a block. */
const HISTORY = 4 * PAIRS - 2;
/** Outputs checked together for a moving gain. */
const SUB = 16;
/**
 * A gain whose total variation over the decimator's span is at most this is applied at the base
 * rate: the products the oversampling would remove are then more than 80 dB under the signal.
 */
const STEADY = 2e-3;

export interface OversampledGain {
  /** [history | block] of each channel's signal and of the gain. */
  readonly left: Float32Array;
  readonly right: Float32Array;
  readonly gain: Float32Array;
  /** Interpolated (odd) samples of the 2x signal, per channel. */
  readonly oddLeft: Float64Array;
  readonly oddRight: Float64Array;
  /** The same samples times the interpolated gain. */
  readonly productLeft: Float64Array;
  readonly productRight: Float64Array;
  /** variation[k]: sum of |g[t + 1] - g[t]| for t < k, an upper bound of how far the gain moves over a span. */
  readonly variation: Float64Array;
  /** Which odd samples of this block are computed (they are, lazily, only where the gain moves). */
  readonly oddDone: Uint8Array;
}

export function createOversampledGain(maxBlock: number): OversampledGain {
  return {
    left: new Float32Array(HISTORY + maxBlock),
    right: new Float32Array(HISTORY + maxBlock),
    gain: new Float32Array(HISTORY + maxBlock).fill(1),
    oddLeft: new Float64Array(HISTORY + maxBlock),
    oddRight: new Float64Array(HISTORY + maxBlock),
    productLeft: new Float64Array(HISTORY + maxBlock),
    productRight: new Float64Array(HISTORY + maxBlock),
    variation: new Float64Array(HISTORY + maxBlock),
    oddDone: new Uint8Array(HISTORY + maxBlock),
  };
}

/**
 * out[i] = input frame (i - OVERSAMPLED_GAIN_LATENCY) of this stream times its gain, the gain
 * applied at 2x: the signal and the gain are interpolated by the half-band filter, multiplied and
 * decimated, so modulation products past 22.05 kHz are filtered out rather than folded back.
 * Written as the base-rate product g[j] * x[j] plus the oversampled product of
 * the gain's deviation from g[j] within the decimator's span: where the gain holds still the
 * result is exactly g * x and nothing is filtered (the passband never changes when the limiter
 * rests), and the band above HALF_BAND_PASS_HZ, which the filters do not pass, is still limited
 * (at the base rate) so the true peak stays under the ceiling at every frequency. Computed only
 * where the gain's total variation over the span exceeds STEADY. `mono`: left and right are the same signal.
 */
export function applyGainOversampled(
  state: OversampledGain,
  left: Float32Array,
  right: Float32Array,
  gain: Float32Array,
  count: number,
  mono: boolean,
  outLeft: Float32Array,
  outRight: Float32Array,
): void {
  const x = state.left;
  const y = state.right;
  const g = state.gain;
  x.set(left.subarray(0, count), HISTORY);
  g.set(gain.subarray(0, count), HISTORY);
  if (!mono) y.set(right.subarray(0, count), HISTORY);
  const done = state.oddDone;
  done.fill(0, 0, HISTORY + count);
  const first = HISTORY - OVERSAMPLED_GAIN_LATENCY;
  const variation = state.variation;
  variation[0] = 0;
  for (let k = 1; k < HISTORY + count; k++) variation[k] = variation[k - 1]! + Math.abs(g[k]! - g[k - 1]!);
  for (let i0 = 0; i0 < count; i0 += SUB) {
    const i1 = Math.min(count, i0 + SUB);
    // The decimator's outputs j0 .. j1 - 1 read the gain at j0 - 2 * PAIRS + 1 .. j1 + 2 * PAIRS - 2.
    const j0 = first + i0;
    const j1 = first + i1;
    if (variation[j1 + 2 * PAIRS - 2]! - variation[j0 - 2 * PAIRS + 1]! <= STEADY) {
      for (let i = i0, j = j0; i < i1; i++, j++) {
        outLeft[i] = x[j]! * g[j]!;
        outRight[i] = (mono ? x[j]! : y[j]!) * g[j]!;
      }
      continue;
    }
    // The interpolated samples m = j0 - PAIRS .. j1 - 1 + PAIRS - 1 (between x[m] and x[m + 1]).
    for (let m = j0 - PAIRS; m < j1 + PAIRS - 1; m++) {
      if (done[m]) continue;
      done[m] = 1;
      const gm = interpolate(g, m);
      const l = interpolate(x, m);
      state.oddLeft[m] = l;
      state.productLeft[m] = l * gm;
      if (!mono) {
        const r = interpolate(y, m);
        state.oddRight[m] = r;
        state.productRight[m] = r * gm;
      }
    }
    decimate(x, g, state.oddLeft, state.productLeft, j0, j1, i0, outLeft);
    if (mono) outRight.set(outLeft.subarray(i0, i1), i0);
    else decimate(y, g, state.oddRight, state.productRight, j0, j1, i0, outRight);
  }
  x.copyWithin(0, count, count + HISTORY);
  g.copyWithin(0, count, count + HISTORY);
  if (!mono) y.copyWithin(0, count, count + HISTORY);
}

/** The 2x signal between x[m] and x[m + 1] (the interpolator's gain of 2 included). */
function interpolate(x: Float32Array, m: number): number {
  const taps = TAPS;
  let sum = 0;
  for (let s = 0; s < PAIRS; s++) sum += taps[s]! * (x[m - s]! + x[m + 1 + s]!);
  return 2 * sum;
}

function decimate(x: Float32Array, g: Float32Array, odd: Float64Array, product: Float64Array, j0: number, j1: number, i0: number, out: Float32Array): void {
  const taps = TAPS;
  for (let j = j0, i = i0; j < j1; j++, i++) {
    // The decimated 2x product less g[j] times the decimated 2x signal (the even samples cancel).
    let products = 0;
    let signal = 0;
    for (let s = 0; s < PAIRS; s++) {
      const a = j - 1 - s;
      const b = j + s;
      const h = taps[s]!;
      products += h * (product[a]! + product[b]!);
      signal += h * (odd[a]! + odd[b]!);
    }
    const gj = g[j]!;
    out[i] = gj * x[j]! + products - gj * signal;
  }
}
