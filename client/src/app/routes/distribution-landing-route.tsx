import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HonestEmpty } from '../../components/honest-empty.js';
import { useAuthStatus, useIsLoggedIn } from '../../features/auth/auth-store.js';
import { useDistributionSubscription, useDistributionUser } from '../../features/distribution/distribution-store.js';
import { DistributionLandingPage } from '../../features/distribution/routes/distribution-pages.js';
import { DistributionInitialScreen } from '../../features/distribution/routes/initial-screen.js';
import { useAppStoreApi } from '../../lib/app-store.js';
import { useDialogs } from '../../lib/dialogs.js';
import { useSiteConfig } from '../../lib/site-config.js';
import { LoadingState } from '../../components/query-page.js';

const DISTRIBUTION_HOME = '/distribution/';

/**
 * /distribution landing: 'distribute' takes a logged-in user in; a visitor logs in first
 * and comes back here afterwards.
 */
export function DistributionLandingRoute() {
  const { t } = useLingui();
  const loggedIn = useIsLoggedIn();
  const restoring = useAuthStatus() === 'restoring';
  const dialogs = useDialogs();
  const app = useAppStoreApi();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const subscription = useDistributionSubscription();
  const distributionUser = useDistributionUser();
  const [started, setStarted] = useState(false);
  if (config.data && !config.data.features.distribution) {
    return <HonestEmpty title={t`Distribution is not available`} />;
  }
  // While a reload restores the session, the button must not yet treat the user as a visitor.
  if (restoring || (loggedIn && (subscription.isPending || distributionUser.isPending))) return <LoadingState />;
  // Subscribed or chose to distribute, and not set up yet: the initial screen.
  if (loggedIn && !distributionUser.hasUser && (started || subscription.data?.active)) return <DistributionInitialScreen />;
  return (
    <DistributionLandingPage
      onDistribute={() => {
        if (loggedIn && distributionUser.hasUser) {
          void navigate('/distribution/releases');
          return;
        }
        if (loggedIn) {
          setStarted(true);
          void navigate(DISTRIBUTION_HOME);
          return;
        }
        app.setRedirectAfterLogin(DISTRIBUTION_HOME);
        dialogs.open('Login');
      }}
    />
  );
}
