import type { TMasterInvoice, TPriceInfo } from '../../../../src/modules/payments/payments.schemas.js';
import { trackEvent } from '../../lib/analytics.js';
import { useAppStoreApi } from '../../lib/app-store.js';
import { trpc } from '../../lib/trpc.js';
import type { CardFormHandle } from './components/card-form.js';
import { downloadMaster } from './downloads.js';
import { paymentErrorCodeOf } from './payment-errors.js';
import { requestCardNonce, usePaymentInFlight } from './use-payment-in-flight.js';

type Summary = Pick<TPriceInfo, 'total' | 'currency'> | undefined;

/** After a purchase: the analytics events, the success message, and what it changed asked for again. */
function useReportPurchase() {
  const app = useAppStoreApi();
  const utils = trpc.useUtils();
  return (purchase: { invoice: TMasterInvoice | null; summary: Summary; couponKey: string; items: { item_id: string; buying_option: number }[]; successCode: string }) => {
    const { invoice, summary } = purchase;
    trackEvent('purchase', {
      transaction_id: invoice?.transactionId ?? invoice?.invoiceNumber ?? null,
      value: summary?.total ?? 0,
      currency: summary?.currency,
      coupon: purchase.couponKey || undefined,
      items: purchase.items,
    });
    trackEvent('conversion', { value: summary?.total ?? 0, currency: summary?.currency, transaction_id: invoice?.invoiceNumber ?? null });
    app.clearError();
    app.showSuccess(purchase.successCode);
    void Promise.all([utils.masters.invalidate(), utils.invoices.invalidate(), utils.payments.invalidate(), utils.coupons.invalidate(), utils.albums.invalidate()]);
  };
}

/** Pays with the card's nonce (none when nothing is owed), one payment at a time, then hands on what the server answered. */
function useCheckoutPayment<T>(pay: (nonce: string | null) => Promise<T>, paid: (answer: T) => void) {
  const { run, isPaying } = usePaymentInFlight();
  const complete = (card: CardFormHandle | null, withCard: boolean) =>
    run(async () => {
      const nonce = withCard ? await requestCardNonce(card) : null;
      paid(await pay(nonce));
    });
  return { complete, isPaying };
}

interface PurchaseOptions {
  masterId: string;
  styleId: number | null;
  buyingOption: number;
  couponKey: string;
  summary: Summary;
  onDone: () => void;
}

/**
 * Pays (with the card's nonce, or without one when nothing is owed), reports the purchase, and
 * starts the download. A second click while paying is refused rather than paying twice.
 */
export function usePurchase({ masterId, styleId, buyingOption, couponKey, summary, onDone }: PurchaseOptions) {
  const app = useAppStoreApi();
  const pay = trpc.payments.pay.useMutation();
  const report = useReportPurchase();
  return useCheckoutPayment(
    (nonce) => pay.mutateAsync({ masterId, buyingOption, styleId, couponKey: couponKey || null, nonce }),
    (master) => {
      report({ invoice: master.invoice, summary, couponKey, items: [{ item_id: master.id, buying_option: master.buyingOption }], successCode: 'global.success.paymentDone' });
      onDone();
      downloadMaster(master.id, buyingOption).catch((error: unknown) => app.showError(paymentErrorCodeOf(error, 'global.message.error')));
    },
  );
}

/**
 * Pays for every track of an album not owned at the option yet, in one payment, and reports it;
 * its downloads are the album page's. A second click while paying is refused as for one master.
 */
export function useAlbumPurchase({ albumId, buyingOption, couponKey, summary, onDone }: { albumId: string; buyingOption: 1 | 2; couponKey: string; summary: Summary; onDone: () => void }) {
  const payAlbum = trpc.payments.payAlbum.useMutation();
  const report = useReportPurchase();
  return useCheckoutPayment(
    (nonce) => payAlbum.mutateAsync({ albumId, buyingOption, couponKey: couponKey || null, nonce }),
    (album) => {
      const items = album.masters.map((master) => ({ item_id: master.masterId, buying_option: master.buyingOption }));
      report({ invoice: album.invoice, summary, couponKey, items, successCode: 'global.success.albumPaymentDone' });
      onDone();
    },
  );
}
