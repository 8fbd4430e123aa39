import { z } from 'zod';

/** Engine parameters of one style, kept in styles.processing (sql/0002). */
export const ZStyleProcessing = z.object({
  /** Integrated loudness the master must meet (ITU-R BS.1770-4), LUFS. */
  targetLufs: z.number().min(-24).max(-6),
  /** True-peak ceiling, dBTP. */
  ceilingDbtp: z.number().max(-1),
  /** The style's tonal move, dB per band, applied to the track as it is (sql/0040). */
  tone: z.object({
    low: z.number().min(-6).max(6),
    lowMid: z.number().min(-6).max(6),
    mid: z.number().min(-6).max(6),
    highMid: z.number().min(-6).max(6),
    high: z.number().min(-6).max(6),
  }),
  /** Share of the distance to the engine's neutral reference that a small corrective match closes (0..1). */
  eqStrength: z.number().min(0).max(1),
  /** Largest correction of any band, dB. */
  maxEqDb: z.number().min(0).max(12),
  compression: z.object({
    ratio: z.number().min(1).max(10),
    /** Threshold above the track's median short-term loudness, LU. */
    thresholdLu: z.number().min(0).max(20),
    attackMs: z.number().min(0.1).max(200),
    releaseMs: z.number().min(5).max(2000),
  }),
  /** Side-channel gain: 1 keeps the stereo image, above widens, below narrows. */
  width: z.number().min(0).max(2),
  /** Low-band saturation amount (0..1). */
  saturation: z.number().min(0).max(1),
  /** M/S equalisation: air shelf on the side from 8 kHz, low shelf on the side under 120 Hz, dB (sql/0086). */
  midSide: z.object({ sideAirDb: z.number().min(0).max(6), sideBassDb: z.number().min(-12).max(0) }).optional(),
  /** Three-band compressor (crossovers 150 Hz, 6 kHz): ratio per band, threshold above each band's typical level, LU. */
  multiband: z
    .object({
      ratios: z.object({ low: z.number().min(1).max(4), mid: z.number().min(1).max(4), high: z.number().min(1).max(4) }),
      thresholdLu: z.number().min(0).max(12),
    })
    .optional(),
  /**
   * The dynamics budget: limiter gain reduction at the 95th percentile and mean compression the
   * style may use, dB. The master stops there and reports the shortfall as heldBackLu.
   */
  budget: z.object({ limiterDb: z.number().min(0).max(20), compressionDb: z.number().min(0).max(20) }).optional(),
});
export type TStyleProcessing = z.infer<typeof ZStyleProcessing>;

/**
 * What a style does to a track, in words a visitor understands (issue 11, StyleDetails): codes the
 * server derives from the style's engine parameters (catalogue.service.ts, styleTraits) and the
 * client names in the interface language. The engine's figures stay on the server.
 */
export const STYLE_TRAITS = ['fullLowEnd', 'warmBody', 'cleanLowMids', 'brightTop', 'softTop', 'punchy', 'dynamic', 'wide', 'focused', 'analogColour', 'airySides', 'centredBass', 'bandwiseLowEnd'] as const;
export const ZStyleTrait = z.enum(STYLE_TRAITS);
export type TStyleTrait = z.infer<typeof ZStyleTrait>;

export const ZStyle = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The integrated loudness its masters meet, LUFS (the engine's targetLufs). */
  targetLufs: z.number(),
  /** The true-peak ceiling its masters stay under, dBTP. */
  ceilingDbtp: z.number(),
  traits: z.array(ZStyleTrait),
  styleIndex: z.number().int(),
  order: z.number().int(),
  enabled: z.boolean(),
  usageCount: z.number().int(),
});
export type TStyle = z.infer<typeof ZStyle>;

export const ZStyleGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  order: z.number().int(),
  enabled: z.boolean(),
  styles: z.array(ZStyle),
});
export type TStyleGroup = z.infer<typeof ZStyleGroup>;

/** A style with what the engine needs, for the sidecar and the command line. */
export const ZEngineStyle = z.object({
  id: z.number().int(),
  styleIndex: z.number().int(),
  groupName: z.string(),
  name: z.string(),
  processing: ZStyleProcessing,
});
export type TEngineStyle = z.infer<typeof ZEngineStyle>;

export const ZSetEnabledInput = z.object({
  target: z.enum(['style', 'group']),
  /** "Group" for a group, "Group/Style" for a style. */
  name: z.string().min(1),
  enabled: z.boolean(),
});
export type TSetEnabledInput = z.infer<typeof ZSetEnabledInput>;

/** One line of the operators' style list: every style, enabled or not, with its group's switch. */
export const ZOperatorStyle = z.object({
  group: z.string(),
  groupEnabled: z.boolean(),
  style: z.string(),
  styleEnabled: z.boolean(),
  styleIndex: z.number().int(),
});
export type TOperatorStyle = z.infer<typeof ZOperatorStyle>;
