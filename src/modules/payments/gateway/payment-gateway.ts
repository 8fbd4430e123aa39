/**
 * The one interface the payment flow charges through: the local gateway (default, no keys) or
 * Braintree (BRAINTREE_* set). Both take a nonce made by the client's card form and answer with
 * a settled transaction or the gateway's message; neither knows about masters or invoices.
 */
export interface SaleRequest {
  amountCents: number;
  currency: 'USD' | 'EUR';
  nonce: string;
  /** The payment's idempotency key, sent as the gateway's order id: operators reconcile by it. */
  orderId: string;
  /** The buyer (user id): the vault's customer. */
  customerId: string;
}

export type SaleResult =
  | { ok: true; transactionId: string; paymentMethod: string }
  /** `message`: the gateway's words for a decline, or the key payment.serverFailure. */
  | { ok: false; status: 'declined' | 'failed'; message: string };

export interface SavedPaymentMethod {
  token: string;
  /** 'credit_card', 'paypal_account', ... (spec §3: underscores shown as spaces). */
  type: string;
  description: string;
  isDefault: boolean;
  /** Used by an active subscription: cannot be deleted (spec §8, payment widget). */
  usedInSubscription: boolean;
}

export interface PaymentGateway {
  readonly kind: 'local' | 'braintree';
  clientToken(customerId: string): Promise<string>;
  sale(request: SaleRequest): Promise<SaleResult>;
  paymentMethods(customerId: string): Promise<SavedPaymentMethod[]>;
  deletePaymentMethod(customerId: string, token: string): Promise<void>;
}

export const SERVER_FAILURE = 'payment.serverFailure';
