import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { DistributionGuard, RequireLogin, UnknownPath } from './guards.js';
import { AuthLayout, DefaultLayout, NoPaddingLayout } from './layouts/site-layouts.js';
import type { RouteHandle } from './page-title.js';
import { RELEASE_WIZARD_STEPS } from '../../../src/modules/site/site.constants.js';
import { RootShell } from './root-shell.js';
import {
  loadAccountLayout,
  loadArtistsPage,
  loadBlogPages,
  loadComposedPages,
  loadDistributionArea,
  loadDistributionLanding,
  loadInfoPages,
  loadMastersPages,
  loadAlbumPages,
  loadNewReleasePage,
  loadPaymentsPage,
  loadPrivacyPolicyPage,
  loadReleasesPage,
  loadRoyaltyPages,
  loadResetPasswordPage,
  loadSubscriptionPage,
  loadTermsOfServicePage,
  loadVerifyEmailPage,
  loadWizardLayout,
  WIZARD_STEP_CHUNKS,
} from './route-chunks.js';
import { ErrorPage, RootErrorFallback } from './routes/error-page.js';
import { HomePage } from './routes/home-page.js';
import { NotFoundPage } from './routes/not-found-page.js';

type Chunk = () => Promise<unknown>;
/** The router's `lazy` of an on-demand route, carrying the chunk it loads for the link prefetcher. */
type OnDemand = (() => Promise<{ Component: ComponentType }>) & { chunk: Chunk };

/** A route whose component comes from an on-demand chunk (route-chunks.ts). */
const onDemand = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): OnDemand =>
  Object.assign(async () => ({ Component: pick(await load()) }), { chunk: load });

/** Pages of one layout; a failing page shows the error page inside that layout. */
const withErrorPage = (children: RouteObject[]): RouteObject[] => [{ errorElement: <ErrorPage />, children }];

/** A route's page name for the browser tab (page-title.ts). */
const title = (text: MessageDescriptor): RouteHandle => ({ title: text });
const notFoundTitle = title(msg`Page not found`);

/**
 * The route table (English paths, no locale prefix; docs/product-rules.md, "Pages"). Every page but
 * home loads on demand. Its paths are the web process's SPA_ROUTE_PATTERNS
 * (src/modules/site/site.schemas.ts; routes.test.tsx keeps the two equal).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RootErrorFallback />,
    // A page opened directly waits for its on-demand chunk before the first render; nothing is
    // drawn meanwhile (the chunk is small and usually cached), and saying so keeps the console quiet.
    HydrateFallback: () => null,
    children: [
      {
        element: <NoPaddingLayout />,
        children: withErrorPage([
          { index: true, element: <HomePage />, handle: title(msg`Online mastering`) },
          { path: 'index-old', element: <HomePage />, handle: title(msg`Online mastering`) },
        ]),
      },
      {
        element: <AuthLayout />,
        children: withErrorPage([
          { path: 'auth/reset-password/:resetToken?', lazy: onDemand(loadResetPasswordPage, (m) => m.ResetPasswordPage), handle: title(msg`Reset password`) },
          { path: 'auth/verify-email/:verifyToken?', lazy: onDemand(loadVerifyEmailPage, (m) => m.VerifyEmailPage), handle: title(msg`Confirm your e-mail`) },
          { path: 'payout-address/confirm/:token', lazy: onDemand(loadRoyaltyPages, (m) => m.ConfirmPayoutAddressPage), handle: title(msg`Confirm your payout address`) },
        ]),
      },
      {
        element: <DefaultLayout />,
        children: withErrorPage([
          {
            path: 'account',
            element: <RequireLogin />,
            handle: title(msg`Account`),
            children: [
              {
                lazy: onDemand(loadAccountLayout, (m) => m.AccountLayout),
                children: [
                  { index: true, lazy: onDemand(loadAccountLayout, (m) => m.AccountProfilePage) },
                  { path: 'payments', lazy: onDemand(loadPaymentsPage, (m) => m.AccountPaymentsPage), handle: title(msg`Payments`) },
                  { path: 'subscription', lazy: onDemand(loadSubscriptionPage, (m) => m.SubscriptionPage), handle: title(msg`Subscription`) },
                ],
              },
              { path: '*', element: <NotFoundPage />, handle: notFoundTitle },
            ],
          },
          {
            path: 'masters',
            element: <RequireLogin />,
            handle: title(msg`Masters`),
            children: [
              { index: true, lazy: onDemand(loadMastersPages, (m) => m.MastersPage) },
              { path: 'shared', lazy: onDemand(loadMastersPages, (m) => m.SharedMastersPage), handle: title(msg`Shared with me`) },
              { path: 'song/:id?', lazy: onDemand(loadMastersPages, (m) => m.MasterSongPage), handle: title(msg`Master`) },
              { path: 'album', lazy: onDemand(loadAlbumPages, (m) => m.NewAlbumPage), handle: title(msg`Master as album`) },
              { path: 'album/:id', lazy: onDemand(loadAlbumPages, (m) => m.AlbumPage), handle: title(msg`Album`) },
              { path: '*', element: <NotFoundPage />, handle: notFoundTitle },
            ],
          },
          { path: 'info', lazy: onDemand(loadComposedPages, (m) => m.SupportPage), handle: title(msg`Support`) },
          { path: 'faq', lazy: onDemand(loadComposedPages, (m) => m.FaqPage), handle: title(msg`FAQ`) },
          { path: 'privacy-policy', lazy: onDemand(loadPrivacyPolicyPage, (m) => m.PrivacyPolicyPage), handle: title(msg`Privacy policy`) },
          { path: 'terms-of-service', lazy: onDemand(loadTermsOfServicePage, (m) => m.TermsOfServicePage), handle: title(msg`Terms of service`) },
          { path: 'about', lazy: onDemand(loadInfoPages, (m) => m.AboutPage), handle: title(msg`About`) },
          { path: 'learn', lazy: onDemand(loadComposedPages, (m) => m.LearnPage), handle: title(msg`How mastering works`) },
          { path: 'blog', lazy: onDemand(loadBlogPages, (m) => m.BlogPage), handle: title(msg`Blog`) },
          { path: 'blog/:slug', lazy: onDemand(loadBlogPages, (m) => m.BlogPostPage), handle: title(msg`Blog`) },
          {
            path: 'distribution',
            handle: title(msg`Distribution`),
            children: [
              { index: true, lazy: onDemand(loadDistributionLanding, (m) => m.DistributionLandingRoute) },
              {
                element: <DistributionGuard />,
                children: [
                  {
                    lazy: onDemand(loadDistributionArea, (m) => m.DistributionArea),
                    children: [
                      { path: 'analytics', lazy: onDemand(loadRoyaltyPages, (m) => m.AnalyticsPage), handle: title(msg`Analytics`) },
                      { path: 'payments', lazy: onDemand(loadRoyaltyPages, (m) => m.PaymentsPage), handle: title(msg`Payments`) },
                      { path: 'artists', lazy: onDemand(loadArtistsPage, (m) => m.DistributionArtistsPage), handle: title(msg`Artists`) },
                      { path: 'releases', lazy: onDemand(loadReleasesPage, (m) => m.ReleasesPage), handle: title(msg`Releases`) },
                      {
                        path: 'new-release',
                        handle: title(msg`New release`),
                        children: [
                          { index: true, lazy: onDemand(loadNewReleasePage, (m) => m.NewReleasePage) },
                          {
                            // A step without a current album goes back to /distribution/new-release.
                            lazy: onDemand(loadWizardLayout, (m) => m.WizardLayout),
                            children: RELEASE_WIZARD_STEPS.map((step) => ({ path: step, lazy: onDemand(WIZARD_STEP_CHUNKS[step], (Component) => Component) })),
                          },
                          { path: '*', element: <NotFoundPage />, handle: notFoundTitle },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <UnknownPath notFound={<NotFoundPage />} />, handle: notFoundTitle },
        ]),
      },
    ],
  },
];

const chunkOfRoute = (route: RouteObject): Chunk | null => (typeof route.lazy === 'function' && 'chunk' in route.lazy ? (route.lazy as OnDemand).chunk : null);

/**
 * The code a same-origin path opens, if its page loads on demand: the chunks of every on-demand
 * route the router would match (layouts and page), or null when the page itself is not on demand
 * (home, the not-found pages).
 */
export function chunkOfPath(pathname: string): Chunk | null {
  const matches = matchRoutes(routes, pathname);
  const page = matches?.at(-1)?.route;
  if (!matches || !page || !chunkOfRoute(page)) return null;
  const chunks = [...new Set(matches.map((match) => chunkOfRoute(match.route)).filter((chunk): chunk is Chunk => chunk !== null))];
  return chunks.length === 1 ? chunks[0]! : () => Promise.all(chunks.map((chunk) => chunk()));
}
