import { useRef, useState } from 'react';
import { useAppStoreApi } from '../../lib/app-store.js';
import type { CardFormHandle } from './components/card-form.js';
import { paymentErrorCodeOf } from './payment-errors.js';

/**
 * One payment at a time: a second click while one runs is refused with a message rather than
 * paying twice, and a failure shows as the payment's message (never the gateway's raw text).
 */
export function usePaymentInFlight() {
  const app = useAppStoreApi();
  const paying = useRef(false);
  const [isPaying, setIsPaying] = useState(false);

  const run = async (payment: () => Promise<void>) => {
    if (paying.current) {
      app.showError('payment.alreadyInProgress');
      return;
    }
    paying.current = true;
    setIsPaying(true);
    try {
      await payment();
    } catch (error) {
      app.showError(paymentErrorCodeOf(error));
    } finally {
      paying.current = false;
      setIsPaying(false);
    }
  };
  return { run, isPaying };
}

/** The card form's nonce; no form on the screen counts as no payment method given. */
export function requestCardNonce(card: CardFormHandle | null): Promise<string> {
  if (!card) return Promise.reject(new Error('payment.requestPaymentMethod'));
  return card.requestNonce();
}
