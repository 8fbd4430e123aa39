import type { RouteObject } from 'react-router';
import { AccountLayout, AccountProfilePage } from '../features/account/routes/account-layout.js';
import { AccountPaymentsPage } from '../features/checkout/routes/payments-page.js';
import { ResetPasswordPage } from '../features/auth/routes/reset-password-page.js';
import { VerifyEmailPage } from '../features/auth/routes/verify-email-page.js';
import { BlogPage, BlogPostPage } from '../features/blog/routes/blog-pages.js';
import { DistributionArtistsPage } from '../features/distribution/routes/artists-page.js';
import { SubscriptionPage } from '../features/distribution/routes/subscription-page.js';
import { AboutPage, LearnPage, PrivacyPolicyPage, TermsOfServicePage } from '../features/info/routes/info-pages.js';
import { MasterSongPage, MastersPage, SharedMastersPage } from '../features/masters/routes/masters-pages.js';
import { DistributionGuard, RequireLogin, UnknownPath } from './guards.js';
import { AuthLayout, DefaultLayout, NoPaddingLayout } from './layouts/site-layouts.js';
import { RootShell } from './root-shell.js';
import { DistributionLandingRoute, FaqPage, SupportPage } from './routes/composed-pages.js';
import { ErrorPage, RootErrorFallback } from './routes/error-page.js';
import { HomePage } from './routes/home-page.js';
import { NotFoundPage } from './routes/not-found-page.js';

/** Pages of one layout; a failing page shows the error page inside that layout. */
const withErrorPage = (children: RouteObject[]): RouteObject[] => [{ errorElement: <ErrorPage />, children }];

/** The route table of spec §2 (English paths, no locale prefix). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RootErrorFallback />,
    children: [
      {
        element: <NoPaddingLayout />,
        children: withErrorPage([
          { index: true, element: <HomePage /> },
          { path: 'index-old', element: <HomePage /> },
        ]),
      },
      {
        element: <AuthLayout />,
        children: withErrorPage([
          { path: 'auth/reset-password/:resetToken?', element: <ResetPasswordPage /> },
          { path: 'auth/verify-email/:verifyToken?', element: <VerifyEmailPage /> },
        ]),
      },
      {
        element: <DefaultLayout />,
        children: withErrorPage([
          {
            path: 'account',
            element: <RequireLogin />,
            children: [
              {
                element: <AccountLayout />,
                children: [
                  { index: true, element: <AccountProfilePage /> },
                  { path: 'payments', element: <AccountPaymentsPage /> },
                  { path: 'subscription', element: <SubscriptionPage /> },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'masters',
            element: <RequireLogin />,
            children: [
              { index: true, element: <MastersPage /> },
              { path: 'shared', element: <SharedMastersPage /> },
              { path: 'song/:id?', element: <MasterSongPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: 'info', element: <SupportPage /> },
          { path: 'faq', element: <FaqPage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'terms-of-service', element: <TermsOfServicePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'learn', element: <LearnPage /> },
          { path: 'blog', element: <BlogPage /> },
          { path: 'blog/:slug', element: <BlogPostPage /> },
          {
            path: 'distribution',
            children: [
              { index: true, element: <DistributionLandingRoute /> },
              {
                element: <DistributionGuard />,
                children: [
                  // Releases, the wizard, analytics and payments are hidden until they are built (issues 13, 14).
                  { path: 'artists', element: <DistributionArtistsPage /> },
                ],
              },
            ],
          },
          { path: '*', element: <UnknownPath notFound={<NotFoundPage />} /> },
        ]),
      },
    ],
  },
];
