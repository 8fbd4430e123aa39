import { Alert, Anchor, Button, Center, Divider, Group, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import { ErrorState } from '../../../components/error-state.js';
import { Price } from '../../../components/price.js';
import { trackEvent } from '../../../lib/analytics.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { useDialogState, type DialogDataMap } from '../../../lib/dialogs.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { formatPrice } from '../../../lib/format-price.js';
import { isLocale } from '../../../lib/i18n.js';
import { useSiteConfig } from '../../../lib/site-config.js';
import { trpc } from '../../../lib/trpc.js';
import { AddressEditor } from '../../account/index.js';
import { BUYING_OPTIONS } from '../../pricing/index.js';
import { useDebouncedCoupon } from '../coupon.js';
import { downloadMaster } from '../downloads.js';
import { paymentErrorCodeOf } from '../payment-errors.js';
import { CardForm, type CardFormHandle } from './card-form.js';
import { DownloadProgressNotice } from './download-progress-notice.js';
import { NameSection } from './name-section.js';
import { PriceSummary } from './price-summary.js';

type CheckoutData = DialogDataMap['CheckoutTrack'];

/**
 * CheckoutTrack (spec §2, §4, §5). Step 0: name, invoice address, coupon and the server's price
 * summary; Continue only when something must be paid and the preconditions hold, otherwise the
 * step-0 button completes the purchase at once. Step 1: the card form, Back (discards it) and Pay.
 */
export function CheckoutTrackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const data = useDialogState((state) => state.data.CheckoutTrack);
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <>
      <Modal
        opened={opened && Boolean(data)}
        onClose={onClose}
        title={t`Checkout`}
        size="lg"
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {data && <CheckoutBody key={`${data.masterId}:${data.buyingOption}`} data={data} onClose={onClose} />}
      </Modal>
      <DownloadProgressNotice />
    </>
  );
}

function CheckoutBody({ data, onClose }: { data: CheckoutData; onClose: () => void }) {
  const { t } = useLingui();
  const me = trpc.accounts.me.useQuery();
  const addresses = trpc.addresses.list.useQuery();
  const master = trpc.masters.master.useQuery({ id: data.masterId });
  const config = useSiteConfig();

  if (me.isPending || addresses.isPending || master.isPending || config.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t`Loading`} />
      </Center>
    );
  }
  const failed = [me, addresses, master, config].find((query) => query.isError);
  if (failed || !me.data || !addresses.data || !master.data || !config.data) {
    return <ErrorState error={failed?.error ?? null} onRetry={() => void Promise.all([me.refetch(), addresses.refetch(), master.refetch(), config.refetch()])} />;
  }
  return (
    <Checkout
      data={data}
      user={me.data}
      address={addresses.data[0]}
      addressesUpdatedAt={addresses.dataUpdatedAt}
      master={master.data}
      paymentMode={config.data.paymentMode}
      onClose={onClose}
    />
  );
}

interface CheckoutProps {
  data: CheckoutData;
  user: { firstName: string; lastName: string };
  address: TAddress | undefined;
  addressesUpdatedAt: number;
  master: { id: string; buyingOption: number; status: string; track_name: string; track_artist: string | null; style: { id: number; name: string; styleGroup: { name: string } } | null };
  paymentMode: 'local' | 'braintree';
  onClose: () => void;
}

function Checkout({ data, user, address, addressesUpdatedAt, master, paymentMode, onClose }: CheckoutProps) {
  const { t, i18n } = useLingui();
  const app = useAppStoreApi();
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
  const paying = useRef(false);
  const [isPaying, setIsPaying] = useState(false);
  const pay = trpc.payments.pay.useMutation();

  const couponCheck = trpc.coupons.validate.useQuery({ key: coupon.key, buyingOption: data.buyingOption }, { enabled: coupon.key !== '' });
  const price = trpc.payments.priceInfo.useQuery(
    { buyingOption: data.buyingOption, masterId: data.masterId, couponKey: coupon.key || undefined },
    { placeholderData: keepPreviousData },
  );

  // VAT follows the invoice address: a saved address asks for the price info again (issue 11).
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
  const summary = price.data;
  const mustPay = summary ? summary.total > 0 : true;
  const ready = canBuy && !couponPending && !couponInvalid && summary !== undefined && !owned;
  const taxIdNotice = Boolean(address?.taxId) && summary?.taxIdValid === false;

  const complete = async (withCard: boolean) => {
    if (paying.current) {
      app.showError('payment.alreadyInProgress');
      return;
    }
    paying.current = true;
    setIsPaying(true);
    try {
      const nonce = withCard ? await requireCard(card.current).requestNonce() : null;
      const paid = await pay.mutateAsync({
        masterId: master.id,
        buyingOption: data.buyingOption,
        styleId: master.style?.id ?? null,
        couponKey: coupon.key || null,
        nonce,
      });
      trackEvent('purchase', {
        transaction_id: paid.invoice?.transactionId ?? paid.invoice?.invoiceNumber ?? null,
        value: summary?.total ?? 0,
        currency: summary?.currency,
        coupon: coupon.key || undefined,
        items: [{ item_id: paid.id, buying_option: paid.buyingOption }],
      });
      trackEvent('conversion', { value: summary?.total ?? 0, currency: summary?.currency, transaction_id: paid.invoice?.invoiceNumber ?? null });
      app.clearError();
      app.showSuccess('global.success.paymentDone');
      onClose();
      void Promise.all([utils.masters.invalidate(), utils.invoices.invalidate(), utils.payments.invalidate(), utils.coupons.invalidate()]);
      downloadMaster(paid.id, data.buyingOption).catch((error: unknown) => app.showError(paymentErrorCodeOf(error, 'global.message.error')));
    } catch (error) {
      app.showError(paymentErrorCodeOf(error));
    } finally {
      paying.current = false;
      setIsPaying(false);
    }
  };

  const productName = master.style ? `${master.track_name} / ${master.style.styleGroup.name} - ${master.style.name}` : master.track_name;

  return (
    <Stack gap="md" data-testid="checkout" data-step={step}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {productName}
        </Text>
        <Title order={3} fz="lg">
          {i18n._(option.name)}: {i18n._(option.delivers)}
        </Title>
        {summary?.upgradeFrom != null && (
          <Text size="sm" data-testid="upgrade-note">
            <Trans>
              You own {i18n._(BUYING_OPTIONS[summary.upgradeFrom]?.name ?? option.name)} already, so you pay only the difference.
            </Trans>
          </Text>
        )}
      </Stack>

      {owned ? (
        <Alert color="teal">
          <Trans>You own this option already. You can download it from the master page.</Trans>
        </Alert>
      ) : step === 0 ? (
        <>
          <NameSection firstName={user.firstName} lastName={user.lastName} editing={editingName} onEditingChange={setEditingName} />
          <Divider />
          {editingAddress ? (
            <Stack gap="xs">
              {!address && (
                <Text size="sm" c="dimmed">
                  <Trans>Your invoice needs an address. It is saved to your account.</Trans>
                </Text>
              )}
              <AddressEditor address={address} />
              {address && (
                <Group>
                  <Button variant="default" size="compact-md" onClick={() => setAddressEditStartedAt(null)}>
                    <Trans>Cancel</Trans>
                  </Button>
                </Group>
              )}
            </Stack>
          ) : (
            address && <AddressBlock address={address} onEdit={() => setAddressEditStartedAt(addressesUpdatedAt)} />
          )}
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
              <Button onClick={() => void complete(false)} disabled={!ready} loading={isPaying} data-testid="checkout-complete">
                <Trans>Get it now</Trans>
              </Button>
            )}
          </Group>
        </>
      ) : (
        <>
          <CardForm ref={card} mode={paymentMode} />
          {summary && (
            <Group justify="space-between">
              <Text fw={700}>
                <Trans>Total</Trans>
              </Text>
              <Price amount={summary.total} fw={700} />
            </Group>
          )}
          <Group justify="space-between">
            <Anchor component="button" type="button" onClick={() => setStep(0)} disabled={isPaying}>
              <Trans>Back</Trans>
            </Anchor>
            <Button onClick={() => void complete(true)} loading={isPaying} data-testid="checkout-pay">
              {summary ? t`Pay ${formatPrice(summary.total, isLocale(i18n.locale) ? i18n.locale : 'en')}` : t`Pay`}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function requireCard(card: CardFormHandle | null): CardFormHandle {
  if (!card) throw new Error('payment.requestPaymentMethod');
  return card;
}

function AddressBlock({ address, onEdit }: { address: TAddress; onEdit: () => void }) {
  const { t } = useLingui();
  const country = new Intl.DisplayNames('en', { type: 'region' }).of(address.country) ?? address.country;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} component="h3" m={0} fz="sm">
          <Trans>Invoice address</Trans>
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onEdit} aria-label={t`Edit invoice address`}>
          <Trans>Edit</Trans>
        </Button>
      </Group>
      <Text size="sm" data-testid="checkout-address" style={{ whiteSpace: 'pre-line' }}>
        {[address.company, address.streetAndNumber, address.additional, `${address.zip} ${address.city}`, `${address.state}, ${country}`, address.taxId]
          .filter(Boolean)
          .join('\n')}
      </Text>
    </Stack>
  );
}
