import { hasErrorMessage } from '../../lib/error-messages.js';

/**
 * The server's key (`payment.alreadyPurchased`, a decline's
 * `payment.declined.*`, ...), else the fallback `payment.serverFailure`. A message that is no key
 * we have a text for (a card library's sentence, an unknown code) goes to the console, and the
 * buyer reads the fallback: raw gateway or library text is never shown.
 */
export function paymentErrorCodeOf(error: unknown, fallback = 'payment.serverFailure'): string {
  if (error instanceof TypeError) return 'global.error.network';
  if (!(error instanceof Error)) return fallback;
  const message = error.message.trim();
  if (!message || message === 'global.error.server') return fallback;
  if (!hasErrorMessage(message)) {
    console.warn('payment error without a message', message.slice(0, 300));
    return fallback;
  }
  return message;
}
