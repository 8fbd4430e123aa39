import { z } from 'zod';

export { DEMOS_COLLAPSED, DEMOS_MAX } from './demos.constants.js';

export const ZAddDemoInput = z.object({ masterId: z.uuid('demo.masterNotFound'), order: z.number().int().optional() });
export type TAddDemoInput = z.infer<typeof ZAddDemoInput>;
export const ZRemoveDemoInput = z.object({ masterId: z.uuid('demo.masterNotFound') });
export type TRemoveDemoInput = z.infer<typeof ZRemoveDemoInput>;
export const ZDemoAudioInput = z.object({ masterId: z.uuid('global.error.notFound'), version: z.enum(['original', 'mastered']) });
export type TDemoAudioInput = z.infer<typeof ZDemoAudioInput>;

/** Demo song (src, title, peaks), with both versions' addresses for the A/B switch. */
export const ZDemo = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  /** The catalogue's style id, so a style's details can play its demo. */
  styleId: z.number().int(),
  /** "Group - Style" in the caller's language. */
  style: z.string(),
  src: z.object({ original: z.string(), mastered: z.string() }),
  peaks: z.array(z.number()),
  durationS: z.number(),
});
export type TDemo = z.infer<typeof ZDemo>;
