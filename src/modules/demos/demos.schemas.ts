import { z } from 'zod';

/** Spec §1: 8 demos shown collapsed, about 24 expanded. */
export const DEMOS_COLLAPSED = 8;
export const DEMOS_MAX = 24;

export const ZAddDemoInput = z.object({ masterId: z.uuid('demo.masterNotFound'), order: z.number().int().optional() });
export type TAddDemoInput = z.infer<typeof ZAddDemoInput>;
export const ZRemoveDemoInput = z.object({ masterId: z.uuid('demo.masterNotFound') });
export type TRemoveDemoInput = z.infer<typeof ZRemoveDemoInput>;
export const ZDemoAudioInput = z.object({ masterId: z.uuid('global.error.notFound'), version: z.enum(['original', 'mastered']) });
export type TDemoAudioInput = z.infer<typeof ZDemoAudioInput>;

/** Demo song (spec §3: src, title, peaks), with both versions' addresses for the A/B switch. */
export const ZDemo = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  style: z.string(),
  src: z.object({ original: z.string(), mastered: z.string() }),
  peaks: z.array(z.number()),
  durationS: z.number(),
});
export type TDemo = z.infer<typeof ZDemo>;
