import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { trackEvent } from '../lib/analytics.js';
import { CookieBanner } from '../features/cookie-consent/components/cookie-banner.js';
import { UploadHost } from '../features/upload/components/upload-host.js';
import { AlertBanners } from './alert-banners.js';
import { useAnalyticsLoader } from './analytics-loader.js';
import { DialogsHost } from './dialogs-host.js';
import { useLinkPrefetch } from './link-prefetch.js';
import { usePageTitle } from './page-title.js';
import { RouteProgress } from './route-progress.js';

/** Above every layout: alerts, the dialogs, the upload (drop area, progress), the cookie banner. */
export function RootShell() {
  const { pathname } = useLocation();
  useAnalyticsLoader();
  useLinkPrefetch();
  usePageTitle();
  // A page view per route (sent only with consent, lib/analytics.ts).
  useEffect(() => {
    trackEvent('page_view', { page_path: pathname });
  }, [pathname]);
  return (
    <>
      <RouteProgress />
      <Outlet />
      <AlertBanners />
      <DialogsHost />
      <UploadHost />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
