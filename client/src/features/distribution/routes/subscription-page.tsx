import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import type { TDistributionSubscription } from '../../../../../src/modules/distribution/distribution.schemas.js';
import { BillingPeriodText, Money } from '../components/subscription-checkout.js';
import { formatMoney } from '../lib/money.js';
import { QueriesState, querySettled } from '../../../components/query-page.js';

/** Long month, day, year in English (dates for releases), the German order in German. */
const longDate = (iso: string, locale: string) => new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-US', { dateStyle: 'long' }).format(new Date(iso));

/** /account/subscription: status, next charge, the card it pays with, cancel and resume. */
export function SubscriptionPage() {
  const { t, i18n } = useLingui();
  const app = useAppStoreApi();
  const utils = trpc.useUtils();
  const subscription = trpc.distribution.subscription.useQuery();
  const cancel = trpc.distribution.cancel.useMutation();
  const resume = trpc.distribution.resume.useMutation();
  const methods = trpc.payments.methods.useQuery();
  const [confirming, setConfirming] = useState(false);
  if (!querySettled(subscription)) return <QueriesState queries={[subscription]} />;
  const data = subscription.data;
  if (!data.status || !data.active) {
    return (
      <HonestEmpty
        title={<Trans>You have no subscription</Trans>}
        description={
          <Stack gap="sm" align="center">
            <Trans>A distribution subscription lets you release your music to streaming stores.</Trans>
            <Button component={Link} to="/distribution">
              <Trans>See distribution</Trans>
            </Button>
          </Stack>
        }
      />
    );
  }
  const doCancel = async () => {
    try {
      await cancel.mutateAsync();
      await utils.distribution.subscription.invalidate();
      await utils.payments.methods.invalidate();
      setConfirming(false);
      app.showSuccess('global.success.subscriptionCanceled');
    } catch (error) {
      app.showError(errorCodeOf(error));
    }
  };
  const doResume = async () => {
    // A second click while the first runs changes nothing on the server; the button waits anyway.
    if (resume.isPending) return;
    try {
      utils.distribution.subscription.setData(undefined, await resume.mutateAsync());
      await utils.payments.methods.invalidate();
      app.showSuccess('global.success.subscriptionResumed');
    } catch (error) {
      app.showError(errorCodeOf(error));
      await utils.distribution.subscription.invalidate();
    }
  };
  const card = methods.data?.find((method) => method.token === data.paymentMethodToken);
  const statusText =
    data.status === 'active' ? <Trans>Active</Trans> : data.status === 'past_due' ? <Trans>Payment failed</Trans> : <Trans>Canceled</Trans>;
  return (
    <Stack gap="md" data-testid="subscription-status" data-status={data.status}>
      {data.status === 'past_due' && data.graceUntil && (
        <Alert color="yellow" title={t`Your last payment failed`}>
          <Trans>We will try again. Distribution stays on until {longDate(data.graceUntil, i18n.locale)}; please check your payment method.</Trans>
        </Alert>
      )}
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={{ base: 130, sm: 200 }}>
              <Trans>Plan</Trans>
            </Table.Th>
            <Table.Td>
              <Trans>Distribution</Trans> · <ChargedPrice subscription={data} /> ·{' '}
              {data.billingFrequency !== null && <BillingPeriodText months={data.billingFrequency} />}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Td data-testid="subscription-state">{statusText}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{data.nextChargeAt ? <Trans>Next charge</Trans> : <Trans>Ends on</Trans>}</Table.Th>
            <Table.Td data-testid="subscription-next">{longDate(data.nextChargeAt ?? data.currentPeriodEnd ?? new Date().toISOString(), i18n.locale)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>
              <Trans>Card</Trans>
            </Table.Th>
            <Table.Td data-testid="subscription-card">
              <Group gap="xs" wrap="wrap">
                {card && <span>{card.description}</span>}
                <Anchor component={Link} to="/account/payments" size="sm" data-testid="subscription-change-card">
                  <Trans>Change card</Trans>
                </Anchor>
              </Group>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {data.status !== 'canceled' && (
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirming(true)} data-testid="subscription-cancel">
            <Trans>Cancel subscription</Trans>
          </Button>
        </Group>
      )}
      {data.status === 'canceled' && (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            <Trans>Your subscription is canceled. You are not charged again, and distribution stays on until the date above.</Trans>
          </Text>
          <Text size="sm">
            <Trans>Changed your mind? Resume it and it renews at the end of the paid period, with nothing charged now.</Trans>
          </Text>
          <Button onClick={() => void doResume()} loading={resume.isPending} data-testid="subscription-resume">
            <Trans>Resume subscription</Trans>
          </Button>
        </Stack>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Cancel subscription`} closeButtonProps={{ 'aria-label': t`Close` }}>
        <Stack gap="md">
          <Text size="sm">
            <Trans>You will not be charged again. Distribution stays on until the end of the year you paid for.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Keep subscription</Trans>
            </Button>
            <Button color="red" onClick={() => void doCancel()} loading={cancel.isPending} data-testid="subscription-cancel-confirm">
              <Trans>Cancel subscription</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** What the latest charge cost, VAT included (its invoice), else the plan's price. */
function ChargedPrice({ subscription }: { subscription: TDistributionSubscription }) {
  const { i18n } = useLingui();
  const { chargedTotal, chargedVat, chargedCurrency, price, currency } = subscription;
  if (chargedTotal !== null && chargedCurrency) {
    const vat = chargedVat !== null && chargedVat > 0 ? formatMoney(chargedVat, chargedCurrency, i18n.locale) : null;
    return (
      <span data-testid="subscription-charged">
        <Money amount={chargedTotal} currency={chargedCurrency} />
        {vat && (
          <Text span size="sm" c="dimmed">
            {' '}
            <Trans>(incl. {vat} VAT)</Trans>
          </Text>
        )}
      </span>
    );
  }
  return price !== null && currency ? <Money amount={price} currency={currency} /> : null;
}
