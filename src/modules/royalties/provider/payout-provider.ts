/**
 * What paying participants needs from a payout service (PayPal Payouts or a bank's batch transfer):
 * one batch per payout run, one item per participant's payout e-mail. The payout service tells
 * each recipient about their money by e-mail, so a participant who is not the user learns their
 * share there (issue 14). The royalties service owns the rules (what is due, paying each ledger
 * line once); a provider only carries the batch out and answers where it recorded it.
 */
export interface PayoutBatch {
  runId: string;
  currency: string;
  items: { payoutId: number; email: string; name: string; amountMinor: number }[];
}

export interface PayoutProvider {
  readonly kind: 'local';
  /** Sends the batch; answers the provider's reference for it (the local provider: the file written). */
  send(batch: PayoutBatch): Promise<{ reference: string }>;
}
