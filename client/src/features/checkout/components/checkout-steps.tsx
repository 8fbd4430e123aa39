import { Alert, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import type { TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import type { TPriceInfo } from '../../../../../src/modules/payments/payments.schemas.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import type { CouponField } from '../coupon.js';
import { useBuyerEditing } from '../use-buyer-editing.js';
import type { CardFormHandle } from './card-form.js';
import { InvoiceAddressSection } from './invoice-address-section.js';
import { NameSection } from './name-section.js';
import { PaymentStep } from './payment-step.js';
import { PriceSummary } from './price-summary.js';
import { QueriesState, type PageQuery } from '../../../components/query-page.js';

type Summary = Pick<TPriceInfo, 'price' | 'couponValue' | 'vat' | 'vatRate' | 'reverseCharge' | 'total' | 'taxIdValid' | 'couponValid'> & { upgradeFrom?: number | null };

/** The server's price for the coupon typed, as a tRPC query answers it. */
interface PriceQuery extends PageQuery<Summary> {
  isFetching: boolean;
  isPlaceholderData: boolean;
}

export interface CheckoutStepsProps {
  /** What is bought, above the steps. */
  heading: ReactNode;
  user: { firstName: string; lastName: string };
  address: TAddress | undefined;
  addressesUpdatedAt: number;
  paymentMode: 'local' | 'braintree';
  coupon: CouponField;
  /** A coupon check beside the price's own (the single checkout asks coupons.validate too). */
  couponCheck?: { rejected: boolean; checking: boolean };
  price: PriceQuery;
  /** Shown instead of the steps when there is nothing left to buy. */
  ownedNotice: ReactNode | null;
  /** What the purchase needs beyond the buyer's name and address (a single master: its style). */
  canBuy?: boolean;
  /** Above the price summary: what the purchase is made of (an album's tracks). */
  details?: ReactNode;
  purchase: { complete: (card: CardFormHandle | null, withCard: boolean) => Promise<void>; isPaying: boolean };
}

/**
 * The steps of every checkout, a single master's or an album's. Step 0: name, invoice address,
 * coupon and the server's price summary; Continue only when something must be paid and the
 * preconditions hold, otherwise the step-0 button completes the purchase at once. Step 1: the card
 * form, Back (discards it) and Pay.
 */
export function CheckoutSteps({ heading, user, address, addressesUpdatedAt, paymentMode, coupon, couponCheck, price, ownedNotice, canBuy = true, details, purchase }: CheckoutStepsProps) {
  const { t, i18n } = useLingui();
  const buyer = useBuyerEditing(user, address, addressesUpdatedAt);
  const [step, setStep] = useState<0 | 1>(0);
  const card = useRef<CardFormHandle>(null);

  // VAT follows the invoice address: a saved address asks for the price again.
  const askPriceAgain = useEffectEvent(() => void price.refetch());
  useEffect(() => {
    askPriceAgain();
  }, [addressesUpdatedAt]);

  const summary = price.data;
  const couponInvalid = coupon.key !== '' && (couponCheck?.rejected === true || summary?.couponValid === false);
  const couponPending = !coupon.settled || (coupon.key !== '' && couponCheck?.checking === true) || price.isFetching || price.isPlaceholderData;
  const mustPay = summary ? summary.total > 0 : true;
  const ready = canBuy && buyer.complete && !couponPending && !couponInvalid && summary !== undefined;
  const taxIdNotice = Boolean(address?.taxId) && summary?.taxIdValid === false;

  return (
    <Stack gap="md" data-testid="checkout" data-step={step}>
      {heading}

      {ownedNotice ??
        (step === 0 ? (
          <>
            <NameSection firstName={user.firstName} lastName={user.lastName} {...buyer.name} />
            <Divider />
            <InvoiceAddressSection summaryTestId="checkout-address" address={address} {...buyer.address} />
            <Divider />
            <TextInput
              label={t`Coupon code`}
              value={coupon.input}
              onChange={(event) => coupon.setInput(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              error={couponInvalid && coupon.settled ? i18n._(errorMessageOf('invalidCouponMessage')) : undefined}
              description={coupon.key !== '' && !couponInvalid && !couponPending ? t`Coupon applied` : undefined}
              data-testid="coupon-input"
            />
            {taxIdNotice && (
              <Alert color="yellow" data-testid="tax-id-notice">
                {i18n._(errorMessageOf('invalidTaxId'))}
              </Alert>
            )}
            {details}
            {summary ? (
              <PriceSummary info={{ ...summary, upgradeFrom: summary.upgradeFrom ?? null }} couponKey={coupon.key || null} />
            ) : (
              <QueriesState queries={[price]} py="sm" size="sm" label={t`Loading the price`} />
            )}
            <Group justify="flex-end">
              {mustPay ? (
                <Button onClick={() => setStep(1)} disabled={!ready} data-testid="checkout-continue">
                  <Trans>Continue to payment</Trans>
                </Button>
              ) : (
                <Button onClick={() => void purchase.complete(card.current, false)} disabled={!ready} loading={purchase.isPaying} data-testid="checkout-complete">
                  <Trans>Get it now</Trans>
                </Button>
              )}
            </Group>
          </>
        ) : (
          <PaymentStep
            cardRef={card}
            paymentMode={paymentMode}
            total={summary?.total}
            isPaying={purchase.isPaying}
            onBack={() => setStep(0)}
            onPay={() => void purchase.complete(card.current, true)}
          />
        ))}
    </Stack>
  );
}
