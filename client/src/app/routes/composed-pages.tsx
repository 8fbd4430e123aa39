import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { HonestEmpty } from '../../components/honest-empty.js';
import { PageHeader } from '../../components/page-header.js';
import { useIsLoggedIn } from '../../features/auth/auth-store.js';
import { DistributionLandingPage } from '../../features/distribution/routes/distribution-pages.js';
import { FaqList } from '../../features/faq/components/faq-list.js';
import { SupportIntro } from '../../features/info/routes/info-pages.js';
import { useAppStoreApi } from '../../lib/app-store.js';
import { useDialogs } from '../../lib/dialogs.js';
import { useSiteConfig } from '../../lib/site-config.js';

/** /info: support with the FAQ. */
export function SupportPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Support`} description={<SupportIntro />} />
      <FaqList />
    </>
  );
}

/** /faq */
export function FaqPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Frequently asked questions`} />
      <FaqList />
    </>
  );
}

const DISTRIBUTION_HOME = '/distribution/';

/**
 * /distribution landing (spec §2): 'distribute' takes a logged-in user in; a visitor logs in first
 * and comes back here afterwards.
 */
export function DistributionLandingRoute() {
  const { t } = useLingui();
  const loggedIn = useIsLoggedIn();
  const dialogs = useDialogs();
  const app = useAppStoreApi();
  const navigate = useNavigate();
  const config = useSiteConfig();
  if (config.data && !config.data.features.distribution) {
    return <HonestEmpty title={t`Distribution is not available`} />;
  }
  return (
    <DistributionLandingPage
      onDistribute={() => {
        if (loggedIn) {
          void navigate(DISTRIBUTION_HOME);
          return;
        }
        app.setRedirectAfterLogin(DISTRIBUTION_HOME);
        dialogs.open('Login');
      }}
    />
  );
}
