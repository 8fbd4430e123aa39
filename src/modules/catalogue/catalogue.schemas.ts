import { z } from 'zod';
import { ZStyleProcessing } from '../../audio-core/style-parameters.js';

/** Engine parameters of one style, kept in styles.processing: the audio core's schema. */
export { ZStyleProcessing, type TStyleProcessing } from '../../audio-core/style-parameters.js';

/**
 * What a style does to a track, in words a visitor understands (StyleDetails): codes the
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
