import { Alert, Button, Center, Divider, Group, Loader, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import { ErrorState } from '../../../components/error-state.js';
import { trackEvent } from '../../../lib/analytics.js';
import type { DialogDataMap } from '../../../lib/dialogs.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { BUYING_OPTIONS } from '../../pricing/index.js';
import { useDebouncedCoupon } from '../coupon.js';
import { usePurchase } from '../use-purchase.js';
import type { CardFormHandle } from './card-form.js';
import { CheckoutHeading } from './checkout-heading.js';
import { InvoiceAddressSection } from './invoice-address-section.js';
import { NameSection } from './name-section.js';
import { PaymentStep } from './payment-step.js';
import { PriceSummary } from './price-summary.js';

export interface CheckoutFormProps {
  data: DialogDataMap['CheckoutTrack'];
  user: { firstName: string; lastName: string };
  address: TAddress | undefined;
  addressesUpdatedAt: number;
  master: { id: string; buyingOption: number; status: string; track_name: string; track_artist: string | null; style: { id: number; name: string; styleGroup: { name: string } } | null };
  paymentMode: 'local' | 'braintree';
  onClose: () => void;
}

/**
 * Step 0: name, invoice address, coupon and the server's price summary; Continue only when something
 * must be paid and the preconditions hold, otherwise the step-0 button completes the purchase at once.
 * Step 1: the card form.
 */
export function CheckoutForm({ data, user, address, addressesUpdatedAt, master, paymentMode, onClose }: CheckoutFormProps) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const option = BUYING_OPTIONS.find((entry) => entry.option === data.buyingOption) ?? BUYING_OPTIONS[0]!;
  const hasName = user.firstName.trim() !== '' && user.lastName.trim() !== '';
  const [editingName, setEditingName] = useState(!hasName);
  // The address editor is open while there is no address, or until a save refreshes the list.
  const [addressEditStartedAt, setAddressEditStartedAt] = useState<number | null>(null);
  const editingAddress = !address || addressEditStartedAt === addressesUpdatedAt;
  const [step, setStep] = useState<0 | 1>(0);
  const [couponInput, setCouponInput] = useState('');
  const coupon = useDebouncedCoupon(couponInput);
  const card = useRef<CardFormHandle>(null);

  const couponCheck = trpc.coupons.validate.useQuery({ key: coupon.key, buyingOption: data.buyingOption }, { enabled: coupon.key !== '' });
  const price = trpc.payments.priceInfo.useQuery(
    { buyingOption: data.buyingOption, masterId: data.masterId, couponKey: coupon.key || undefined },
    { placeholderData: keepPreviousData },
  );
  const summary = price.data;
  const purchase = usePurchase({ masterId: master.id, styleId: master.style?.id ?? null, buyingOption: data.buyingOption, couponKey: coupon.key, summary, onDone: onClose });

  // VAT follows the invoice address: a saved address asks for the price info again.
  const askPriceAgain = useEffectEvent(() => void utils.payments.priceInfo.invalidate());
  useEffect(() => {
    askPriceAgain();
  }, [addressesUpdatedAt]);

  useEffect(() => {
    trackEvent('begin_checkout', { item_id: master.id, buying_option: data.buyingOption });
  }, [master.id, data.buyingOption]);

  const owned = master.buyingOption >= data.buyingOption;
  const couponInvalid = coupon.key !== '' && (couponCheck.data?.isValid === false || price.data?.couponValid === false);
  const couponPending = !coupon.settled || (coupon.key !== '' && couponCheck.isFetching) || price.isFetching || price.isPlaceholderData;
  const canBuy = !editingName && !editingAddress && hasName && Boolean(address) && master.style !== null;
  const mustPay = summary ? summary.total > 0 : true;
  const ready = canBuy && !couponPending && !couponInvalid && summary !== undefined && !owned;
  const taxIdNotice = Boolean(address?.taxId) && summary?.taxIdValid === false;
  const productName = master.style ? `${master.track_name} / ${master.style.styleGroup.name} - ${master.style.name}` : master.track_name;

  return (
    <Stack gap="md" data-testid="checkout" data-step={step}>
      <CheckoutHeading productName={productName} option={option} upgradeFrom={summary?.upgradeFrom} />

      {owned ? (
        <Alert color="teal">
          <Trans>You own this option already. You can download it from the master page.</Trans>
        </Alert>
      ) : step === 0 ? (
        <>
          <NameSection firstName={user.firstName} lastName={user.lastName} editing={editingName} onEditingChange={setEditingName} />
          <Divider />
          <InvoiceAddressSection
            summaryTestId="checkout-address"
            address={address}
            editing={editingAddress}
            onEdit={() => setAddressEditStartedAt(addressesUpdatedAt)}
            onCancel={() => setAddressEditStartedAt(null)}
          />
          <Divider />
          <TextInput
            label={t`Coupon code`}
            value={couponInput}
            onChange={(event) => setCouponInput(event.currentTarget.value)}
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
          {summary ? (
            <PriceSummary info={summary} couponKey={coupon.key || null} />
          ) : price.isError ? (
            <ErrorState error={price.error} onRetry={() => void price.refetch()} />
          ) : (
            <Center py="sm">
              <Loader size="sm" aria-label={t`Loading the price`} />
            </Center>
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
      )}
    </Stack>
  );
}
