import { z } from 'zod';

/** What the SPA learns at start (decisions.md: GET /api/config). */
export const ZPublicConfig = z.object({
  mediaUrl: z.string(),
  paymentMode: z.enum(['local', 'braintree']),
  features: z.object({ distribution: z.boolean(), blog: z.boolean() }),
  noticeBanner: z.string().nullable(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
