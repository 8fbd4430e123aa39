import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useEffect, type ReactNode } from 'react';
import { useAppStoreApi } from '../lib/app-store.js';
import { useDialogs } from '../lib/dialogs.js';
import { useAuthStatus, useIsLoggedIn } from '../features/auth/auth-store.js';
import { useDistributionData, useDistributionUser } from '../features/distribution/distribution-store.js';
import { useSiteConfig } from '../lib/site-config.js';
import { LoadingState } from '../components/query-page.js';

/** Any path starting with /account or /masters sends a visitor who is not logged in to /. */
export function RequireLogin() {
  const status = useAuthStatus();
  const location = useLocation();
  // While a reload restores the session from the refresh cookie, nobody is sent away yet.
  if (status === 'restoring') return <LoadingState />;
  if (status === 'authenticated') return <Outlet />;
  return /^\/masters\/song\/./.test(location.pathname) ? <AskToSignInFor path={location.pathname + location.search} /> : <Navigate to="/" replace />;
}

/**
 * A master's link (a share mail's) opened signed out is not forgotten: the visitor goes
 * to / with the Login dialog open, and after signing in lands on the master.
 */
function AskToSignInFor({ path }: { path: string }) {
  const app = useAppStoreApi();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  useEffect(() => {
    app.setRedirectAfterLogin(path);
    void navigate('/', { replace: true });
    dialogs.open('Login');
  }, [app, dialogs, navigate, path]);
  return null;
}

/**
 * Unknown paths: the 404 page, except that a path starting with /account or /masters (
 * any path starting with them, so /accounts or /masters-old too) sends a visitor who is not logged in to /.
 */
export function UnknownPath({ notFound }: { notFound: ReactNode }) {
  const { pathname } = useLocation();
  const status = useAuthStatus();
  if (!/^\/(account|masters)/.test(pathname) || status === 'authenticated') return notFound;
  return status === 'restoring' ? null : <Navigate to="/" replace />;
}

/**
 * The distribution wrapper: not logged in goes to /; the feature switched off goes to /;
 * a user without a distribution user goes to /distribution (the landing and setup).
 */
export function DistributionGuard() {
  const loggedIn = useIsLoggedIn();
  const restoring = useAuthStatus() === 'restoring';
  const distributionUser = useDistributionUser();
  // Inside the area, the reference data loads once the distribution user is known.
  useDistributionData();
  const config = useSiteConfig();
  if (!loggedIn && !restoring) return <Navigate to="/" replace />;
  if (config.isPending || restoring || distributionUser.isPending) return <LoadingState />;
  if (config.data && !config.data.features.distribution) return <Navigate to="/" replace />;
  if (!distributionUser.hasUser) return <Navigate to="/distribution" replace />;
  return <Outlet />;
}

