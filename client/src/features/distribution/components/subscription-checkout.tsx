import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import type { TSubscriptionPriceInfo } from '../../../../../src/modules/distribution/distribution.schemas.js';
import { QueriesState, queriesSettled } from '../../../components/query-page.js';
import { tabularFigures } from '../../../app/theme.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { useSiteConfig } from '../../../lib/site-config.js';
import { trpc } from '../../../lib/trpc.js';
import { CardForm, type CardFormHandle } from '../../checkout/index.js';
import { InvoiceAddressSection, NameSection, useBuyerEditing } from '../../checkout/index.js';
import { paymentErrorCodeOf, requestCardNonce, usePaymentInFlight } from '../../checkout/index.js';
import { billingPeriodOf, formatMoney } from '../lib/money.js';


/**
 * Stage 0 of the initial screen: the subscription checkout. Step 0: billing name,
 * invoice address and the price summary, Continue; step 1: the card form, the terms, Back and
 * Subscribe.: a card form that yields no method ends the paying state silently.
 */
export function SubscriptionCheckout({ onSubscribed }: { onSubscribed: (invoiceNumber: number | null) => void }) {
  const me = trpc.accounts.me.useQuery();
  const addresses = trpc.addresses.list.useQuery();
  const plan = trpc.distribution.plan.useQuery();
  const config = useSiteConfig();
  const queries = [me, addresses, plan, config];
  if (!queriesSettled(queries) || !me.data || !addresses.data || !plan.data || !config.data) return <QueriesState queries={queries} />;
  return (
    <Checkout
      user={me.data}
      address={addresses.data[0]}
      addressesUpdatedAt={addresses.dataUpdatedAt}
      planId={plan.data.id}
      billingFrequency={plan.data.billingFrequency}
      paymentMode={config.data.paymentMode}
      onSubscribed={onSubscribed}
    />
  );
}

interface CheckoutProps {
  user: { firstName: string; lastName: string };
  address: TAddress | undefined;
  addressesUpdatedAt: number;
  planId: string;
  billingFrequency: number;
  paymentMode: 'local' | 'braintree';
  onSubscribed: (invoiceNumber: number | null) => void;
}

function Checkout({ user, address, addressesUpdatedAt, planId, billingFrequency, paymentMode, onSubscribed }: CheckoutProps) {
  const { t } = useLingui();
  const app = useAppStoreApi();
  const utils = trpc.useUtils();
  const buyer = useBuyerEditing(user, address, addressesUpdatedAt);
  const [step, setStep] = useState<0 | 1>(0);
  const card = useRef<CardFormHandle>(null);
  const { run, isPaying } = usePaymentInFlight();
  const price = trpc.distribution.priceInfo.useQuery();
  const subscribe = trpc.distribution.subscribe.useMutation();
  const ready = buyer.complete && price.data !== undefined;

  const pay = () =>
    run(async () => {
      let nonce: string;
      try {
        nonce = await requestCardNonce(card.current);
      } catch (error) {
        const code = paymentErrorCodeOf(error);
        // For the subscription, no payment method just ends the paying state.
        if (code !== 'payment.requestPaymentMethod') app.showError(code);
        return;
      }
      const status = await subscribe.mutateAsync({ nonce, planId });
      app.clearError();
      await Promise.all([utils.distribution.subscription.invalidate(), utils.invoices.invalidate(), utils.payments.invalidate()]);
      onSubscribed(status.lastInvoiceNumber);
    });

  return (
    <Paper withBorder radius="md" p="lg" data-testid="subscription-checkout" data-step={step}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            <Trans>Distribution subscription</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <BillingPeriodText months={billingFrequency} />
          </Text>
        </Stack>
        {step === 0 ? (
          <>
            <NameSection firstName={user.firstName} lastName={user.lastName} {...buyer.name} />
            <Divider />
            <InvoiceAddressSection address={address} {...buyer.address} />
            <Divider />
            {price.data ? (
              <SubscriptionPriceSummary info={price.data} months={billingFrequency} />
            ) : (
              <QueriesState queries={[price]} py="sm" size="sm" label={t`Loading the price`} />
            )}
            <Group justify="flex-end">
              <Button onClick={() => setStep(1)} disabled={!ready} data-testid="subscription-continue">
                <Trans>Continue to payment</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <>
            <CardForm ref={card} mode={paymentMode} />
            <Text size="sm" c="dimmed" data-testid="subscription-terms">
              <Trans>
                The subscription renews every year until you cancel it; you can cancel at any time in your account and keep distribution until the end of the paid year. By
                subscribing you accept the{' '}
                <Anchor component={Link} to="/terms-of-service" target="_blank">
                  terms of service
                </Anchor>
                .
              </Trans>
            </Text>
            {price.data && (
              <Group justify="space-between">
                <Text fw={700}>
                  <Trans>Total</Trans>
                </Text>
                <Money amount={price.data.total} currency={price.data.currency} strong />
              </Group>
            )}
            <Group justify="space-between">
              <Anchor component="button" type="button" onClick={() => setStep(0)} disabled={isPaying}>
                <Trans>Back</Trans>
              </Anchor>
              <Button onClick={() => void pay()} loading={isPaying} data-testid="subscription-subscribe">
                <Trans>Subscribe</Trans>
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function BillingPeriodText({ months }: { months: number }) {
  const period = billingPeriodOf(months);
  if (period.kind === 'year') return <Trans>Billed every year</Trans>;
  if (period.kind === 'month') return <Trans>Billed every month</Trans>;
  return <Trans>Billed every {period.count} months</Trans>;
}

export function Money({ amount, currency, strong }: { amount: number; currency: 'USD' | 'EUR'; strong?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Text component="span" size="sm" fw={strong ? 700 : undefined} style={tabularFigures}>
      {formatMoney(amount, currency, i18n.locale)}
    </Text>
  );
}

function SubscriptionPriceSummary({ info, months }: { info: TSubscriptionPriceInfo; months: number }) {
  const { i18n } = useLingui();
  const rate = new Intl.NumberFormat(i18n.locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(info.vatRate);
  const row = (label: ReactNode, amount: number, testId: string, strong?: boolean) => (
    <Group justify="space-between" gap="md" wrap="nowrap" data-testid={testId}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Money amount={amount} currency={info.currency} strong={strong} />
    </Group>
  );
  return (
    <Stack gap={6} data-testid="subscription-price-summary" aria-live="polite">
      {row(billingPeriodOf(months).kind === 'year' ? <Trans>Distribution, one year</Trans> : <Trans>Distribution</Trans>, info.price, 'summary-price')}
      {info.reverseCharge ? (
        <>
          {row(<Trans>VAT</Trans>, info.vat, 'summary-vat')}
          <Text size="xs" c="dimmed">
            <Trans>Reverse charge: no VAT is charged; the VAT is due from you as the recipient of the service.</Trans>
          </Text>
        </>
      ) : (
        row(<Trans>VAT ({rate} %)</Trans>, info.vat, 'summary-vat')
      )}
      <Divider />
      {row(<Trans>Total</Trans>, info.total, 'summary-total', true)}
      {!info.taxIdValid && (
        <Alert color="yellow" p="xs">
          {i18n._(errorMessageOf('invalidTaxId'))}
        </Alert>
      )}
    </Stack>
  );
}

