/**
 * Spec §8, payment errors: the server's message (a key like `payment.alreadyPurchased`, or the
 * gateway's own words such as 'Do Not Honor'), else the fallback `payment.serverFailure`.
 */
export function paymentErrorCodeOf(error: unknown, fallback = 'payment.serverFailure'): string {
  if (error instanceof TypeError) return 'global.error.network';
  if (!(error instanceof Error)) return fallback;
  const message = error.message.trim();
  if (!message || message === 'global.error.server' || message.length > 300) return fallback;
  return message;
}
