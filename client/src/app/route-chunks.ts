/**
 * Route modules that load on demand, each in its own chunk: every page but the home page (issue 9:
 * the home page's first load carries only its own code, and the royalty screens carry the chart library; `npm run size:check` holds it to the
 * budget). The router loads a page's chunk on navigation (the route progress bar shows while it
 * does); the link prefetcher (link-prefetch.ts) loads it ahead of a click. The bundler returns the
 * same module for both, so a prefetched page opens without waiting.
 */
import { loadCheckoutTrackDialog, loadDistributionDialogs, loadMasterDialogs, loadPlayerExpiredDialog } from './dialog-chunks.js';

export const loadPrivacyPolicyPage = () => import('../features/info/routes/privacy-policy-page.js');
export const loadTermsOfServicePage = () => import('../features/info/routes/terms-of-service-page.js');
export const loadBlogPages = () => import('../features/blog/routes/blog-pages.js');
/** The royalty screens carry the chart library (recharts): only subscribers open them. */
export const loadRoyaltyPages = () => import('../features/royalties/routes/royalty-pages.js');
export const loadInfoPages = () => import('../features/info/routes/info-pages.js');
export const loadComposedPages = () => import('./routes/composed-pages.js');
export const loadResetPasswordPage = () => import('../features/auth/routes/reset-password-page.js');
export const loadVerifyEmailPage = () => import('../features/auth/routes/verify-email-page.js');
/** The master pages open the checkout, edit, share and player-expired dialogs: fetched with them. */
export const loadMastersPages = () =>
  Promise.all([
    import('../features/masters/routes/masters-pages.js'),
    loadCheckoutTrackDialog(),
    loadMasterDialogs(),
    loadPlayerExpiredDialog(),
  ]).then(([pages]) => pages);
export const loadAccountLayout = () => import('../features/account/routes/account-layout.js');
export const loadPaymentsPage = () => import('../features/checkout/routes/payments-page.js');
export const loadSubscriptionPage = () => import('../features/distribution/routes/subscription-page.js');
export const loadDistributionLanding = () => import('./routes/distribution-landing-route.js');
export const loadArtistsPage = () =>
  Promise.all([import('../features/distribution/routes/artists-page.js'), loadDistributionDialogs()]).then(([page]) => page);
export const loadReleasesPage = () => import('../features/distribution/routes/releases-page.js');
export const loadNewReleasePage = () => import('../features/distribution/routes/new-release-page.js');
/** The distribution area's tabs and feedback widget (royalties feature): only subscribers see them. */
export const loadDistributionArea = () => import('./layouts/distribution-area.js');
export const loadWizardLayout = () => import('../features/distribution/wizard/wizard-layout.js');

/** The six steps of the release wizard (spec §2), by path segment. */
export const WIZARD_STEP_CHUNKS = {
  track: () => import('../features/distribution/routes/new-release/track-step.js'),
  artwork: () => import('../features/distribution/routes/new-release/artwork-step.js'),
  'track-details': () =>
    Promise.all([import('../features/distribution/routes/new-release/track-details-step.js'), loadDistributionDialogs()]).then(([step]) => step),
  participants: () => import('../features/distribution/routes/new-release/participants-step.js'),
  'outlet-details': () => import('../features/distribution/routes/new-release/outlet-details-step.js'),
  distribute: () => import('../features/distribution/routes/new-release/distribute-step.js'),
} as const;

type Chunk = () => Promise<unknown>;

/** A page inside a layout that loads on demand too: both chunks, as the router would fetch them. */
const both = (layout: Chunk, page: Chunk): Chunk => () => Promise.all([layout(), page()]);

const ACCOUNT_CHUNKS: Record<string, Chunk> = {
  '': loadAccountLayout,
  payments: both(loadAccountLayout, loadPaymentsPage),
  subscription: both(loadAccountLayout, loadSubscriptionPage),
};

const WIZARD_CHUNKS: Record<string, Chunk> = Object.fromEntries(
  Object.entries(WIZARD_STEP_CHUNKS).map(([step, load]) => [step, both(loadWizardLayout, load)]),
);

/** Single-segment pages (the segment after the leading slash). */
const PAGE_CHUNKS: Record<string, Chunk> = {
  'privacy-policy': loadPrivacyPolicyPage,
  'terms-of-service': loadTermsOfServicePage,
  about: loadInfoPages,
  info: loadComposedPages,
  faq: loadComposedPages,
  learn: loadComposedPages,
};

const DISTRIBUTION_CHUNKS: Record<string, Chunk> = {
  '': loadDistributionLanding,
  artists: both(loadDistributionArea, loadArtistsPage),
  releases: both(loadDistributionArea, loadReleasesPage),
  analytics: both(loadDistributionArea, loadRoyaltyPages),
  payments: both(loadDistributionArea, loadRoyaltyPages),
};

/** A record's own entry only: a path segment such as `constructor` names no chunk. */
const own = (chunks: Record<string, Chunk>, key: string): Chunk | null => (Object.hasOwn(chunks, key) ? (chunks[key] ?? null) : null);

/** The chunk a same-origin path opens, if it is one of the on-demand routes. */
export function chunkOfPath(pathname: string): Chunk | null {
  const [first = '', second = '', third = ''] = pathname.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (first === 'blog') return loadBlogPages;
  if (first === 'masters') return loadMastersPages;
  if (first === 'auth' && second === 'reset-password') return loadResetPasswordPage;
  if (first === 'auth' && second === 'verify-email') return loadVerifyEmailPage;
  if (first === 'account') return own(ACCOUNT_CHUNKS, second);
  if (first === 'distribution' && second === 'new-release') {
    const step = third ? own(WIZARD_CHUNKS, third) : loadNewReleasePage;
    return step && both(loadDistributionArea, step);
  }
  if (first === 'distribution') return own(DISTRIBUTION_CHUNKS, second);
  if (second === '') return own(PAGE_CHUNKS, first);
  return null;
}
