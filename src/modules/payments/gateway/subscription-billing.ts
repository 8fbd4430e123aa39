import { randomBytes } from 'node:crypto';
import type { Platform } from '../../../platform/context.js';
import { braintreeConfigured, type BraintreeEnv } from './braintree-gateway.js';
import { createBraintreeSubscriptions } from './braintree-subscriptions.js';
import { createLocalGateway } from './local-gateway.js';
import { createLocalVault, type LocalVault } from './local-vault.js';
import { SERVER_FAILURE, type SaleRefusal, type SaleResult } from './payment-gateway.js';

/**
 * Recurring charges through the payment gateway. Braintree runs subscriptions itself (a plan, a
 * vaulted method, its own billing cycle); the local gateway vaults the test nonce and the product
 * charges it again each period. Either way the product asks `renew` once a period is due and books
 * what it answers, so renewals follow the same rules (and get the same invoices) on both.
 */
export interface SubscriptionStartRequest {
  customerId: string;
  nonce: string;
  planId: string;
  amountCents: number;
  currency: 'USD' | 'EUR';
  /** The first charge's idempotency key, sent as the order id. */
  orderId: string;
}

export type SubscriptionStartResult =
  | { ok: true; subscriptionRef: string; paymentMethodToken: string; transactionId: string; paymentMethod: string }
  | SaleRefusal;

export interface RenewalRequest {
  customerId: string;
  subscriptionRef: string;
  paymentMethodToken: string;
  amountCents: number;
  currency: 'USD' | 'EUR';
  orderId: string;
  /** The start of the period being paid for: Braintree's charge for it is looked up from here. */
  periodStart: Date;
}

/**
 * A canceled subscription taken up again while its paid period runs: the gateway bills the same
 * plan from `firstBillingDate` (the paid period's end) with the vaulted method, charging nothing now.
 * `resumeRef` is the gateway subscription's id, the same for every retry of one resume, so asking
 * twice never starts two subscriptions.
 */
export interface SubscriptionResumeRequest {
  customerId: string;
  resumeRef: string;
  paymentMethodToken: string;
  planId: string;
  amountCents: number;
  currency: 'USD' | 'EUR';
  firstBillingDate: Date;
}

export type SubscriptionResumeResult = { ok: true; subscriptionRef: string } | SaleRefusal;

/** `pending`: the gateway has not charged the period yet (Braintree bills on its own clock); ask again later. */
export type RenewalResult = SaleResult | { ok: false; status: 'pending'; message: string };

export interface SubscriptionBilling {
  readonly kind: 'local' | 'braintree';
  start(request: SubscriptionStartRequest): Promise<SubscriptionStartResult>;
  renew(request: RenewalRequest): Promise<RenewalResult>;
  /** Stops the gateway's subscription and frees its payment method; unknown references are ignored. */
  cancel(subscriptionRef: string): Promise<void>;
  resume(request: SubscriptionResumeRequest): Promise<SubscriptionResumeResult>;
  /** The subscription pays with the customer's `paymentMethodToken` from its next charge; false when that method is not the customer's. */
  changePaymentMethod(request: { customerId: string; subscriptionRef: string; paymentMethodToken: string }): Promise<boolean>;
}

/** The local gateway's subscriptions: charge the nonce, vault it, charge the vaulted method each period. */
export function createLocalSubscriptions(vault: LocalVault): SubscriptionBilling {
  const gateway = createLocalGateway(vault);
  return {
    kind: 'local',
    async start(request) {
      const sale = await gateway.sale({ amountCents: request.amountCents, currency: request.currency, nonce: request.nonce, orderId: request.orderId, customerId: request.customerId });
      if (!sale.ok) return sale;
      const subscriptionRef = `local-sub-${randomBytes(6).toString('hex')}`;
      const paymentMethodToken = await vault.store(request.customerId, { paymentMethod: sale.paymentMethod, nonce: request.nonce, subscriptionRef });
      return { ok: true, subscriptionRef, paymentMethodToken, transactionId: sale.transactionId, paymentMethod: sale.paymentMethod };
    },
    async renew(request) {
      const method = await vault.find(request.customerId, request.paymentMethodToken);
      if (!method) return { ok: false, status: 'failed', message: SERVER_FAILURE };
      // The vaulted method answers as the test card it was made from would.
      return gateway.sale({ amountCents: request.amountCents, currency: request.currency, nonce: method.nonce, orderId: request.orderId, customerId: request.customerId });
    },
    async cancel(subscriptionRef) {
      await vault.releaseSubscription(subscriptionRef);
    },
    async resume(request) {
      // The product charges each period itself, so resuming only puts the vaulted method back to work.
      const attached = await vault.attachSubscription(request.customerId, request.paymentMethodToken, request.resumeRef);
      return attached ? { ok: true, subscriptionRef: request.resumeRef } : { ok: false, status: 'failed', message: 'distribution.resumeCardMissing' };
    },
    changePaymentMethod(request) {
      return vault.attachSubscription(request.customerId, request.paymentMethodToken, request.subscriptionRef);
    },
  };
}

const billings = new WeakMap<Platform['env'], SubscriptionBilling>();

/** The platform's subscription billing: Braintree's subscriptions when its keys are set, else local. */
export function subscriptionBillingOf(platform: Pick<Platform, 'env' | 'log' | 'db'>): SubscriptionBilling {
  let billing = billings.get(platform.env);
  if (!billing) {
    billing = braintreeConfigured(platform.env as BraintreeEnv)
      ? createBraintreeSubscriptions(platform.env, platform.log)
      : createLocalSubscriptions(createLocalVault(platform.db));
    billings.set(platform.env, billing);
  }
  return billing;
}

/** Puts another billing in place for a platform (tests). */
export function installSubscriptionBilling(platform: Pick<Platform, 'env'>, billing: SubscriptionBilling): void {
  billings.set(platform.env, billing);
}
