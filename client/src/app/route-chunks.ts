/**
 * Route modules that load on demand, each in its own chunk: every page but the home page (the home
 * page's first load carries only its own code, and the royalty screens carry the chart library;
 * `npm run size:check` holds it to the budget). The router loads a page's chunk on navigation (the
 * route progress bar shows while it does); the link prefetcher (link-prefetch.ts) finds the same
 * loaders through the route table (routes.tsx, chunkOfPath). The bundler returns the same module for
 * both, so a prefetched page opens without waiting.
 */
import type { ComponentType } from 'react';
import type { TReleaseWizardStep } from '../../../src/modules/site/site.constants.js';
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
/** Album mode: making an album and its page (the Web Audio player comes with it). */
export const loadAlbumPages = () => import('../features/albums/routes/album-pages.js');
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

/** Each step of the release wizard (by path segment, site.constants.ts) to its page's component. */
export const WIZARD_STEP_CHUNKS: Record<TReleaseWizardStep, () => Promise<ComponentType>> = {
  track: () => import('../features/distribution/routes/new-release/track-step.js').then((m) => m.TrackStep),
  artwork: () => import('../features/distribution/routes/new-release/artwork-step.js').then((m) => m.ArtworkStep),
  'track-details': () =>
    Promise.all([import('../features/distribution/routes/new-release/track-details-step.js'), loadDistributionDialogs()]).then(([m]) => m.TrackDetailsStep),
  participants: () => import('../features/distribution/routes/new-release/participants-step.js').then((m) => m.ParticipantsStep),
  'outlet-details': () => import('../features/distribution/routes/new-release/outlet-details-step.js').then((m) => m.OutletDetailsStep),
  distribute: () => import('../features/distribution/routes/new-release/distribute-step.js').then((m) => m.DistributeStep),
};
