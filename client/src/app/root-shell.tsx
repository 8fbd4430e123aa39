import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../features/cookie-consent/components/cookie-banner.js';
import { UploadHost } from '../features/upload/components/upload-host.js';
import { AlertBanners } from './alert-banners.js';
import { DialogsHost } from './dialogs-host.js';

/** Above every layout: alerts, the dialogs, the upload (drop area, progress), the cookie banner. */
export function RootShell() {
  return (
    <>
      <Outlet />
      <AlertBanners />
      <DialogsHost />
      <UploadHost />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
