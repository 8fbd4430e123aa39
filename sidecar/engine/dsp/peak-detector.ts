/**
 * The limiter's detector: 4x polyphase interpolation with a long Kaiser-windowed sinc (32 taps per
 * phase, beta 7.86: about 80 dB stopband), so inter-sample peaks are read as any careful meter
 * (ffmpeg's ebur128 included) reads them, also on content near Nyquist where the 12-tap
 * BS.1770-4 Annex 2 FIR reads up to ~0.6 dB low. That accuracy is what lets the limiter's safety
 * margin shrink from 0.7 to 0.3 dB (fit.ts, LIMITER_MARGIN_DB).
 */
import { interpolatedPeak } from '../../../src/audio-core/true-peak.js';
import { besselI0 } from './bessel.js';

export const DETECTOR_TAPS = 32;
/** Interpolated values computed at input index n lie between input samples n-16 and n-15. */
export const DETECTOR_LATENCY = DETECTOR_TAPS / 2;
const OVERSAMPLING = 4;
const KAISER_BETA = 7.86;
/** The Bessel series at the precision these taps were designed with. */
const kaiserI0 = (x: number) => besselI0(x, 1e-12, 50);

/**
 * Phase p (1..3) of the interpolator: coefficient k weighs x[n - k] for the value at
 * (n - DETECTOR_LATENCY) + p / 4; each phase sums to 1 (no gain at DC).
 */
export const DETECTOR_PHASES: readonly Float64Array[] = Array.from({ length: OVERSAMPLING - 1 }, (_, index) => {
  const t = (index + 1) / OVERSAMPLING;
  const half = DETECTOR_TAPS / 2;
  const phase = new Float64Array(DETECTOR_TAPS);
  for (let k = 0; k < DETECTOR_TAPS; k++) {
    // x[n - k] sits at offset (half - k) from the base sample n - half; the value wanted is at t.
    const u = half - k - t;
    const sinc = u === 0 ? 1 : Math.sin(Math.PI * u) / (Math.PI * u);
    const r = u / (half + 0.5);
    const window = Math.abs(r) >= 1 ? 0 : kaiserI0(KAISER_BETA * Math.sqrt(1 - r * r)) / kaiserI0(KAISER_BETA);
    phase[k] = sinc * window;
  }
  const sum = phase.reduce((a, b) => a + b, 0);
  for (let k = 0; k < DETECTOR_TAPS; k++) phase[k] = phase[k]! / sum;
  return phase;
});

/**
 * The long interpolator only runs where the short Annex 2 FIR (a quarter of the work) reads within
 * this factor of the floor: the two never differ by more than ~0.7 dB on audio, this is 2 dB.
 */
const PRESCREEN = Math.pow(10, 2 / 20);

/** Largest gain any phase can apply to samples bounded by 1 (sum of |h|), at least 1 (the samples themselves). */
const DETECTOR_BOUND = Math.max(1, ...DETECTOR_PHASES.map((phase) => phase.reduce((sum, h) => sum + Math.abs(h), 0)));

/**
 * Per-sample peak envelope of the 4x-oversampled signal: out[n] = largest of |x[n-16]|, |x[n-15]|
 * and the three interpolated values between them, where `padded[0..count+31)` holds 31 samples of
 * history and then the block. Values that cannot exceed `floor` are written as `floor` without
 * running the FIR (the limiter only needs to know where the ceiling is threatened).
 */
export function peakEnvelopeOfPadded(padded: Float32Array, count: number, floor: number, out: Float32Array): void {
  const SUB = 16;
  const history = DETECTOR_TAPS - 1;
  const p1 = DETECTOR_PHASES[0]!;
  const p2 = DETECTOR_PHASES[1]!;
  const p3 = DETECTOR_PHASES[2]!;
  for (let start = 0; start < count; start += SUB) {
    const end = Math.min(count, start + SUB);
    let windowMax = 0;
    for (let i = start; i < end + history; i++) {
      const a = Math.abs(padded[i]!);
      if (a > windowMax) windowMax = a;
    }
    if (windowMax * DETECTOR_BOUND <= floor) {
      for (let n = start; n < end; n++) out[n] = floor;
      continue;
    }
    for (let n = start; n < end; n++) {
      // padded[n + history - k] is x[n - k].
      const base = n + history;
      // The Annex 2 FIR's 12 taps around the same pair of samples (its output at input index
      // n - 10 lies between x[n - 16] and x[n - 15]).
      const annex = interpolatedPeak(padded, n + history - 21);
      if (annex * PRESCREEN <= floor) {
        out[n] = floor;
        continue;
      }
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let k = 0; k < DETECTOR_TAPS; k++) {
        const x = padded[base - k]!;
        s1 += p1[k]! * x;
        s2 += p2[k]! * x;
        s3 += p3[k]! * x;
      }
      let m = Math.abs(padded[base - DETECTOR_LATENCY]!);
      const b = Math.abs(padded[base - DETECTOR_LATENCY + 1]!);
      if (b > m) m = b;
      const a1 = Math.abs(s1);
      const a2 = Math.abs(s2);
      const a3 = Math.abs(s3);
      if (a1 > m) m = a1;
      if (a2 > m) m = a2;
      if (a3 > m) m = a3;
      // Where the Annex 2 FIR reads higher (its ripple), it counts too: the bounce measures the
      // master with it, and a reading over the ceiling would cost a second render.
      if (annex > m) m = annex;
      out[n] = m > floor ? m : floor;
    }
  }
}
