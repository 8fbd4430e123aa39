import type { TPriceInfo } from '../../../../src/modules/payments/payments.schemas.js';
import { trackEvent } from '../../lib/analytics.js';
import { useAppStoreApi } from '../../lib/app-store.js';
import { trpc } from '../../lib/trpc.js';
import type { CardFormHandle } from './components/card-form.js';
import { downloadMaster } from './downloads.js';
import { paymentErrorCodeOf } from './payment-errors.js';
import { requestCardNonce, usePaymentInFlight } from './use-payment-in-flight.js';

interface PurchaseOptions {
  masterId: string;
  styleId: number | null;
  buyingOption: number;
  couponKey: string;
  summary: Pick<TPriceInfo, 'total' | 'currency'> | undefined;
  onDone: () => void;
}

/**
 * Pays (with the card's nonce, or without one when nothing is owed), reports the purchase, and
 * starts the download. A second click while paying is refused rather than paying twice.
 */
export function usePurchase({ masterId, styleId, buyingOption, couponKey, summary, onDone }: PurchaseOptions) {
  const app = useAppStoreApi();
  const utils = trpc.useUtils();
  const pay = trpc.payments.pay.useMutation();
  const { run, isPaying } = usePaymentInFlight();

  const complete = (card: CardFormHandle | null, withCard: boolean) =>
    run(async () => {
      const nonce = withCard ? await requestCardNonce(card) : null;
      const paid = await pay.mutateAsync({ masterId, buyingOption, styleId, couponKey: couponKey || null, nonce });
      trackEvent('purchase', {
        transaction_id: paid.invoice?.transactionId ?? paid.invoice?.invoiceNumber ?? null,
        value: summary?.total ?? 0,
        currency: summary?.currency,
        coupon: couponKey || undefined,
        items: [{ item_id: paid.id, buying_option: paid.buyingOption }],
      });
      trackEvent('conversion', { value: summary?.total ?? 0, currency: summary?.currency, transaction_id: paid.invoice?.invoiceNumber ?? null });
      app.clearError();
      app.showSuccess('global.success.paymentDone');
      onDone();
      void Promise.all([utils.masters.invalidate(), utils.invoices.invalidate(), utils.payments.invalidate(), utils.coupons.invalidate()]);
      downloadMaster(paid.id, buyingOption).catch((error: unknown) => app.showError(paymentErrorCodeOf(error, 'global.message.error')));
    });
  return { complete, isPaying };
}
