import { Alert, Button, Group, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state.js';
import { PageHeader } from '../../../components/page-header.js';
import { trpc } from '../../../lib/trpc.js';
import { downloadInvoice } from '../../checkout/index.js';
import { SetupForm } from '../components/setup-form.js';
import { SubscriptionCheckout } from '../components/subscription-checkout.js';
import { useDistributionSubscription } from '../distribution-store.js';
import { LoadingState } from '../../../components/query-page.js';

/**
 * The initial screen: stage 0 is the subscription checkout while no subscription is
 * active, stage 1 the data form once subscribed (on the subscribed event or when the check says so).
 */
export function DistributionInitialScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const subscription = useDistributionSubscription();
  const me = trpc.accounts.me.useQuery();
  const addresses = trpc.addresses.list.useQuery();
  const [invoiceNumber, setInvoiceNumber] = useState<number | null>(null);
  const [subscribedNow, setSubscribedNow] = useState(false);

  if (subscription.isPending || me.isPending || addresses.isPending) return <LoadingState />;
  if (!me.data) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  const stage = subscribedNow || subscription.data?.active ? 1 : 0;
  const name = `${me.data.firstName} ${me.data.lastName}`.trim();

  return (
    <>
      <PageHeader
        title={stage === 0 ? t`Subscribe to distribution` : t`Set up distribution`}
        description={stage === 0 ? t`One year of distribution to the streaming stores. Cancel at any time.` : t`A few details and you are ready to release.`}
      />
      <Stack gap="md" data-testid="distribution-initial" data-stage={stage}>
        {stage === 1 && invoiceNumber !== null && (
          <Alert color="teal" data-testid="subscription-invoice" title={t`Thank you for subscribing!`}>
            <Group justify="space-between" gap="sm">
              <span>
                <Trans>Your invoice {invoiceNumber} is ready.</Trans>
              </span>
              <Button variant="light" size="compact-sm" onClick={() => void downloadInvoice(invoiceNumber)} data-testid="subscription-invoice-download">
                <Trans>Download invoice</Trans>
              </Button>
            </Group>
          </Alert>
        )}
        {stage === 0 ? (
          <SubscriptionCheckout
            onSubscribed={(number) => {
              setInvoiceNumber(number);
              setSubscribedNow(true);
            }}
          />
        ) : (
          <SetupForm defaults={{ name, country: addresses.data?.[0]?.country }} onDone={() => void navigate('/distribution/artists')} />
        )}
      </Stack>
    </>
  );
}
