import { z } from 'zod';

export { isSpaRoute, NEW_RELEASE_PATH, RELEASE_WIZARD_STEPS, SPA_ROUTE_PATTERNS, type TReleaseWizardStep } from './site.constants.js';

/** What the SPA learns at start (GET /api/config). */
export const ZPublicConfig = z.object({
  mediaUrl: z.string(),
  paymentMode: z.enum(['local', 'braintree']),
  features: z.object({ distribution: z.boolean(), blog: z.boolean() }),
  noticeBanner: z.string().nullable(),
  /** The home page's video (HOME_VIDEO_URL); `host` names who serves it, for the consent notice. */
  video: z.object({ embedUrl: z.string(), host: z.string() }).nullable(),
  /** Who runs the service, as the legal pages name it (the invoices' seller). */
  seller: z.object({ name: z.string(), addressLines: z.array(z.string()), country: z.string(), vatId: z.string(), contactEmail: z.string() }),
  /** Where the plugin bundle offer is described (PLUGIN_BUNDLE_URL); the product only mentions it. */
  pluginBundleUrl: z.string().nullable(),
  /** A Plausible-compatible event endpoint (ANALYTICS_URL), used only after analytics consent. */
  analytics: z.object({ endpoint: z.string(), site: z.string() }).nullable(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
