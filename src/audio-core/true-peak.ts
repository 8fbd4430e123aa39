/**
 * True-peak estimation of ITU-R BS.1770-4, Annex 2: 4x oversampling with the 48-tap polyphase FIR
 * the annex lists (12 taps per phase), taking the largest absolute interpolated value. The annex's
 * optional 12.04 dB input attenuation is for fixed-point arithmetic and not needed in float.
 */
export const TRUE_PEAK_PHASES: readonly Float64Array[] = [
  Float64Array.from([0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625, 0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.0148925781250, -0.00830078125]),
  Float64Array.from([-0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.16650390625, 0.465087890625, 0.77978515625, -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375]),
  Float64Array.from([-0.0189208984375, 0.0330810546875, -0.0582275390625, 0.1015625, -0.2003173828125, 0.77978515625, 0.465087890625, -0.16650390625, 0.089111328125, -0.0517578125, 0.029296875, -0.0291748046875]),
  Float64Array.from([-0.00830078125, 0.0148925781250, -0.026611328125, 0.047607421875, -0.102294921875, 0.97216796875, 0.1373291015625, -0.0594482421875, 0.033203125, -0.0196533203125, 0.010986328125, 0.001708984375]),
];
export const TRUE_PEAK_TAPS = 12;
/** Largest gain any phase can apply to a window of samples bounded by 1 (sum of |h|). */
export const TRUE_PEAK_BOUND = Math.max(...TRUE_PEAK_PHASES.map((phase) => phase.reduce((sum, h) => sum + Math.abs(h), 0)));

/** Largest |x| of `samples[from..to)`: what bounds the FIR outputs that read only those samples. */
function absMax(samples: Float32Array, from: number, to: number): number {
  let max = 0;
  for (let i = from; i < to; i++) {
    const a = Math.abs(samples[i]!);
    if (a > max) max = a;
  }
  return max;
}

/**
 * Largest |interpolated value| (and |sample|) of the 4x-oversampled signal whose samples are
 * `padded[0..count+11)`: the first 11 are the previous block's last samples (history), so outputs
 * for the block's `count` samples are computed. Sub-blocks whose samples cannot reach `floor`
 * (bound = max|x| * sum|h|) are skipped, which makes a running maximum cheap.
 */
export function truePeakOfPadded(padded: Float32Array, count: number, floor: number): number {
  let peak = floor;
  const SUB = 32;
  for (let start = 0; start < count; start += SUB) {
    const end = Math.min(count, start + SUB);
    const windowMax = absMax(padded, start, end + TRUE_PEAK_TAPS - 1);
    if (windowMax * TRUE_PEAK_BOUND <= peak) continue;
    for (let n = start; n < end; n++) {
      const m = interpolatedPeak(padded, n);
      if (m > peak) peak = m;
      const a = Math.abs(padded[n + 11]!);
      if (a > peak) peak = a;
    }
  }
  return peak;
}

/** The true peak of one channel (linear; 0 for silence), the signal taken as silent before its first sample. */
export function truePeakOf(samples: Float32Array): number {
  const padded = new Float32Array(samples.length + TRUE_PEAK_TAPS - 1);
  padded.set(samples, TRUE_PEAK_TAPS - 1);
  return truePeakOfPadded(padded, samples.length, 0);
}

/**
 * The Annex 2 FIR unrolled with its coefficients as constants (the hot loop of the meter and the
 * limiter's detector): largest |value| of the four phases computed at input index n, where
 * `p[i + 11 - k]` is x[n - k]. Generated from TRUE_PEAK_PHASES; a test checks they agree.
 */
function interpolatedPeak(p: Float32Array, i: number): number {
  const x0 = p[i + 11]!;
  const x1 = p[i + 10]!;
  const x2 = p[i + 9]!;
  const x3 = p[i + 8]!;
  const x4 = p[i + 7]!;
  const x5 = p[i + 6]!;
  const x6 = p[i + 5]!;
  const x7 = p[i + 4]!;
  const x8 = p[i + 3]!;
  const x9 = p[i + 2]!;
  const x10 = p[i + 1]!;
  const x11 = p[i + 0]!;
  const s0 = 0.001708984375 * x0 + 0.010986328125 * x1 + -0.0196533203125 * x2 + 0.033203125 * x3 + -0.0594482421875 * x4 + 0.1373291015625 * x5 + 0.97216796875 * x6 + -0.102294921875 * x7 + 0.047607421875 * x8 + -0.026611328125 * x9 + 0.014892578125 * x10 + -0.00830078125 * x11;
  const s1 = -0.0291748046875 * x0 + 0.029296875 * x1 + -0.0517578125 * x2 + 0.089111328125 * x3 + -0.16650390625 * x4 + 0.465087890625 * x5 + 0.77978515625 * x6 + -0.2003173828125 * x7 + 0.1015625 * x8 + -0.0582275390625 * x9 + 0.0330810546875 * x10 + -0.0189208984375 * x11;
  const s2 = -0.0189208984375 * x0 + 0.0330810546875 * x1 + -0.0582275390625 * x2 + 0.1015625 * x3 + -0.2003173828125 * x4 + 0.77978515625 * x5 + 0.465087890625 * x6 + -0.16650390625 * x7 + 0.089111328125 * x8 + -0.0517578125 * x9 + 0.029296875 * x10 + -0.0291748046875 * x11;
  const s3 = -0.00830078125 * x0 + 0.014892578125 * x1 + -0.026611328125 * x2 + 0.047607421875 * x3 + -0.102294921875 * x4 + 0.97216796875 * x5 + 0.1373291015625 * x6 + -0.0594482421875 * x7 + 0.033203125 * x8 + -0.0196533203125 * x9 + 0.010986328125 * x10 + 0.001708984375 * x11;
  const a0 = s0 < 0 ? -s0 : s0;
  const a1 = s1 < 0 ? -s1 : s1;
  const a2 = s2 < 0 ? -s2 : s2;
  const a3 = s3 < 0 ? -s3 : s3;
  const m01 = a0 > a1 ? a0 : a1;
  const m23 = a2 > a3 ? a2 : a3;
  return m01 > m23 ? m01 : m23;
}

/** Reference form of interpolatedPeak (loops over TRUE_PEAK_PHASES), for the test that pins the unrolled one. */
export function interpolatedPeakReference(p: Float32Array, i: number): number {
  let peak = 0;
  for (const phase of TRUE_PEAK_PHASES) {
    let sum = 0;
    for (let k = 0; k < TRUE_PEAK_TAPS; k++) sum += phase[k]! * p[i + 11 - k]!;
    peak = Math.max(peak, Math.abs(sum));
  }
  return peak;
}

export { interpolatedPeak };
