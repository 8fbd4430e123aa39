/**
 * The SPA's paths as plain values (no zod: the SPA's first load imports this file). Re-exported by
 * site.schemas.ts.
 */

/** The release wizard: its start page, and its steps in order, each a path segment below it. */
export const NEW_RELEASE_PATH = '/distribution/new-release';
/** The SPA's route table, its step navigation and the web process's list of routes all take the steps from here. */
export const RELEASE_WIZARD_STEPS = ['track', 'artwork', 'track-details', 'participants', 'outlet-details', 'distribute'] as const;
export type TReleaseWizardStep = (typeof RELEASE_WIZARD_STEPS)[number];

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
  '/masters/album',
  '/masters/album/:id',
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
  NEW_RELEASE_PATH,
  ...RELEASE_WIZARD_STEPS.map((step) => `${NEW_RELEASE_PATH}/${step}` as const),
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
