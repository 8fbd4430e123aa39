import { z } from 'zod';

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

/**
 * The SPA's routes as react-router patterns: `:name` is one segment, `:name?` an optional
 * one. The web process answers a page load of any other path with 404 (and the same index.html,
 * which shows the not-found page); client/src/app/routes.test.tsx holds routes.tsx to this list.
 */
export const SPA_ROUTE_PATTERNS = [
  '/',
  '/index-old',
  '/auth/reset-password/:resetToken?',
  '/auth/verify-email/:verifyToken?',
  '/payout-address/confirm/:token',
  '/account',
  '/account/payments',
  '/account/subscription',
  '/masters',
  '/masters/shared',
  '/masters/song/:id?',
  '/info',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/about',
  '/learn',
  '/blog',
  '/blog/:slug',
  '/distribution',
  '/distribution/analytics',
  '/distribution/payments',
  '/distribution/artists',
  '/distribution/releases',
  '/distribution/new-release',
  '/distribution/new-release/track',
  '/distribution/new-release/artwork',
  '/distribution/new-release/track-details',
  '/distribution/new-release/participants',
  '/distribution/new-release/outlet-details',
  '/distribution/new-release/distribute',
] as const;

/** Whether `pathname` is one of the SPA's routes (a trailing slash is allowed, as react-router does). */
export function isSpaRoute(pathname: string, patterns: readonly string[] = SPA_ROUTE_PATTERNS): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some((pattern) => {
    const parts = pattern.split('/').filter(Boolean);
    const required = parts.filter((part) => !part.endsWith('?')).length;
    if (segments.length < required || segments.length > parts.length) return false;
    return segments.every((segment, index) => {
      const part = parts[index]!;
      return part.startsWith(':') ? segment.length > 0 : part === segment;
    });
  });
}
