import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import { trackEvent } from '../../../lib/analytics.js';
import type { DialogDataMap } from '../../../lib/dialogs.js';
import { trpc } from '../../../lib/trpc.js';
import { BUYING_OPTIONS } from '../../pricing/index.js';
import { useCouponField } from '../coupon.js';
import { usePurchase } from '../use-purchase.js';
import { CheckoutHeading } from './checkout-heading.js';
import { CheckoutSteps } from './checkout-steps.js';

export interface CheckoutFormProps {
  data: DialogDataMap['CheckoutTrack'];
  user: { firstName: string; lastName: string };
  address: TAddress | undefined;
  addressesUpdatedAt: number;
  master: { id: string; buyingOption: number; status: string; track_name: string; track_artist: string | null; style: { id: number; name: string; styleGroup: { name: string } } | null };
  paymentMode: 'local' | 'braintree';
  onClose: () => void;
}

/** One master's checkout (CheckoutSteps): its option, the coupon also checked by coupons.validate, and the download once paid. */
export function CheckoutForm({ data, user, address, addressesUpdatedAt, master, paymentMode, onClose }: CheckoutFormProps) {
  const option = BUYING_OPTIONS.find((entry) => entry.option === data.buyingOption) ?? BUYING_OPTIONS[0]!;
  const coupon = useCouponField();
  const couponCheck = trpc.coupons.validate.useQuery({ key: coupon.key, buyingOption: data.buyingOption }, { enabled: coupon.key !== '' });
  const price = trpc.payments.priceInfo.useQuery(
    { buyingOption: data.buyingOption, masterId: data.masterId, couponKey: coupon.key || undefined },
    { placeholderData: keepPreviousData },
  );
  const purchase = usePurchase({ masterId: master.id, styleId: master.style?.id ?? null, buyingOption: data.buyingOption, couponKey: coupon.key, summary: price.data, onDone: onClose });

  useEffect(() => {
    trackEvent('begin_checkout', { item_id: master.id, buying_option: data.buyingOption });
  }, [master.id, data.buyingOption]);

  const productName = master.style ? `${master.track_name} / ${master.style.styleGroup.name} - ${master.style.name}` : master.track_name;
  return (
    <CheckoutSteps
      heading={<CheckoutHeading productName={productName} option={option} upgradeFrom={price.data?.upgradeFrom} />}
      user={user}
      address={address}
      addressesUpdatedAt={addressesUpdatedAt}
      paymentMode={paymentMode}
      coupon={coupon}
      couponCheck={{ rejected: couponCheck.data?.isValid === false, checking: couponCheck.isFetching }}
      price={price}
      ownedNotice={
        master.buyingOption >= data.buyingOption ? (
          <Alert color="teal">
            <Trans>You own this option already. You can download it from the master page.</Trans>
          </Alert>
        ) : null
      }
      canBuy={master.style !== null}
      purchase={purchase}
    />
  );
}
