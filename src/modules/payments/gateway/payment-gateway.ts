import type { GatewayAnswer } from './decline-reasons.js';

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

/**
 * A charge the gateway did not make. `message` is the translation key the buyer sees
 * (`payment.declined.*` or `payment.serverFailure`, made by `declineKeyOf`); `answer` is the
 * gateway's own code and text, for the log only.
 */
export interface SaleRefusal {
  ok: false;
  status: 'declined' | 'failed';
  message: string;
  answer?: GatewayAnswer;
}

export type SaleResult = { ok: true; transactionId: string; paymentMethod: string } | SaleRefusal;

export interface SavedPaymentMethod {
  token: string;
  /** 'credit_card', 'paypal_account',... (underscores shown as spaces). */
  type: string;
  description: string;
  isDefault: boolean;
  /** Used by an active subscription: cannot be deleted (payment widget). */
  usedInSubscription: boolean;
}

/** A sale the gateway holds that took the buyer's money (authorized, submitted, settling or settled). */
export interface FoundSale {
  transactionId: string;
  paymentMethod: string;
  amountCents: number;
  currency: string;
}

/** A card (or other method) vaulted without a charge: its token, or the gateway's refusal. */
export type VaultResult = { ok: true; token: string } | SaleRefusal;

export interface PaymentGateway {
  readonly kind: 'local' | 'braintree';
  clientToken(customerId: string): Promise<string>;
  sale(request: SaleRequest): Promise<SaleResult>;
  /**
   * The sale made under this order id that took money, or null when there is none (a decline, a
   * void or no sale at all). Throws when the gateway cannot answer: then nobody may assume either.
   */
  findSale(orderId: string): Promise<FoundSale | null>;
  paymentMethods(customerId: string): Promise<SavedPaymentMethod[]>;
  deletePaymentMethod(customerId: string, token: string): Promise<void>;
  /** Vaults a new method from the card form's nonce (verified, not charged), e.g. to replace a subscription's card. */
  addPaymentMethod(customerId: string, nonce: string): Promise<VaultResult>;
}

export const SERVER_FAILURE = 'payment.serverFailure';
