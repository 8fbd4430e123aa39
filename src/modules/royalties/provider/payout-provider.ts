/**
 * What paying participants needs from a payouts service (PayPal Payouts, or the local stand-in):
 * one batch per payout run, one item per participant's payout e-mail, and later the outcome of
 * each item. The royalties service owns the rules (what is due, each ledger entry paid once, money
 * that comes back returned to the balance, mail only once the service confirms); a provider only
 * carries the batch out and reports what became of it.
 */
export interface PayoutBatch {
  /** The idempotency key: the same run sent twice is paid once (PayPal's sender_batch_id). */
  runId: string;
  currency: string;
  items: { payoutId: number; email: string; name: string; from: string; amountMinor: number }[];
}

/** What became of one item: paid, still under way, or back with the sender (and why). */
export type PayoutOutcome =
  | { payoutId: number; state: 'pending'; providerStatus: string; providerItemId: string | null }
  | { payoutId: number; state: 'paid'; providerStatus: string; providerItemId: string | null; feeMinor: number | null }
  | { payoutId: number; state: 'returned'; providerStatus: string; providerItemId: string | null; reason: string };

export interface PayoutProvider {
  readonly kind: 'local' | 'paypal';
  /** The service's fee for paying this amount, deducted from what the recipient receives. */
  feeOf(amountMinor: number): number;
  /** Sends the batch (a repeat with the same runId pays nothing twice); answers the service's reference for it. */
  submit(batch: PayoutBatch): Promise<{ reference: string }>;
  /**
   * The current outcome of each item of a submitted batch. An item nobody claimed is cancelled
   * first, so its money is back with the sender before it is reported returned.
   */
  poll(reference: string, batch: PayoutBatch): Promise<PayoutOutcome[]>;
}

/** The fee rule of a service: a percentage of the amount, at most a cap (both from the environment). */
export const percentFee = (percent: number, maxMinor: number) => (amountMinor: number) =>
  Math.min(maxMinor, Math.round((amountMinor * percent) / 100));

export const senderItemIdOf = (payoutId: number) => `masterdeck-payout-${payoutId}`;
