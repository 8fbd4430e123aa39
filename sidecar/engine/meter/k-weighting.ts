/**
 * K-weighting pre-filter of ITU-R BS.1770-4 (Annex 1): a high shelf (head effects) followed by the
 * RLB high-pass. The recommendation tabulates coefficients for 48 kHz only; these are derived for
 * any rate from the analogue prototypes' parameters (the derivation libebur128 uses), which
 * reproduce the 48 kHz table to the printed precision.
 */
export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

export function kWeightingCoefficients(sampleRate: number): [BiquadCoefficients, BiquadCoefficients] {
  // Stage 1: high shelf, +4 dB above ~1.7 kHz.
  const f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q = 0.7071752369554196;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = Math.pow(10, gainDb / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  const a0 = 1 + k / q + k * k;
  const shelf: BiquadCoefficients = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: RLB weighting, a second-order high-pass at ~38 Hz.
  const f1 = 38.13547087602444;
  const q1 = 0.5003270373238773;
  const k1 = Math.tan((Math.PI * f1) / sampleRate);
  const d = 1 + k1 / q1 + k1 * k1;
  const highPass: BiquadCoefficients = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k1 * k1 - 1)) / d,
    a2: (1 - k1 / q1 + k1 * k1) / d,
  };
  return [shelf, highPass];
}
