import { z } from 'zod';

/**
 * A style's engine parameters: what the catalogue keeps in `styles.processing` and the engine takes
 * as plain values (the engine's type is inferred from this schema, so the two cannot drift apart).
 * The bounds are what the engine is built and tested for.
 */
export const ZStyleProcessing = z.object({
  /** Integrated loudness the master aims at (ITU-R BS.1770-4), LUFS. */
  targetLufs: z.number().min(-24).max(-6),
  /** True-peak ceiling, dBTP. */
  ceilingDbtp: z.number().max(-1),
  /** The style's tonal move, dB per band, applied to the track as it is. */
  tone: z.object({
    low: z.number().min(-6).max(6),
    lowMid: z.number().min(-6).max(6),
    mid: z.number().min(-6).max(6),
    highMid: z.number().min(-6).max(6),
    high: z.number().min(-6).max(6),
  }),
  /** Share of the distance to the engine's neutral reference that a small corrective match closes (0..1). */
  eqStrength: z.number().min(0).max(1),
  /** Largest change of any band (move and match together), dB. */
  maxEqDb: z.number().min(0).max(12),
  compression: z.object({
    ratio: z.number().min(1).max(10),
    /** Threshold above the track's median short-term loudness, LU. */
    thresholdLu: z.number().min(0).max(20),
    attackMs: z.number().min(0.1).max(200),
    releaseMs: z.number().min(5).max(2000),
  }),
  /** Side gain above 120 Hz: 1 keeps the stereo image, above widens, below narrows. */
  width: z.number().min(0).max(2),
  /** Low-band saturation amount (0..1). */
  saturation: z.number().min(0).max(1),
  /**
   * M/S equalisation: a high shelf on the side signal from 8 kHz (air on the sides, dB >= 0) and a
   * low shelf on it under 120 Hz (dB <= 0: the low end in the middle). Absent: none.
   */
  midSide: z.object({ sideAirDb: z.number().min(0).max(6), sideBassDb: z.number().min(-12).max(0) }).optional(),
  /**
   * A gentle three-band compressor (bands split at 150 Hz, by a Linkwitz-Riley crossover, and at
   * 6 kHz) ahead of the full-band one: each band's ratio, and its threshold above the band's own
   * typical level, LU. For the bass-heavy styles. Absent: none.
   */
  multiband: z
    .object({
      ratios: z.object({ low: z.number().min(1).max(4), mid: z.number().min(1).max(4), high: z.number().min(1).max(4) }),
      thresholdLu: z.number().min(0).max(12),
    })
    .optional(),
  /**
   * The dynamics budget: how much the style may squeeze to reach its target, as the limiter gain
   * reduction the 95th percentile of the frames may reach and the mean compressor gain reduction,
   * dB; the share of the mix's loudness range (LRA) the master keeps (macro-dynamics: quiet
   * passages against a tutti), and how far a hit's attack may fall against its body, dB
   * (micro-dynamics). The fit stops at the first one used up and reports what is missing as
   * heldBackLu. Absent: the default budget (for each absent part, its default).
   */
  budget: z
    .object({
      limiterDb: z.number().min(0).max(20),
      compressionDb: z.number().min(0).max(20),
      lraShare: z.number().min(0.4).max(1).optional(),
      attackLossDb: z.number().min(0.5).max(6).optional(),
    })
    .optional(),
});
export type TStyleProcessing = z.infer<typeof ZStyleProcessing>;
