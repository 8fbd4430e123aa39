import braintree from 'braintree';
import type { Logger } from '../../../platform/log.js';
import { answerOf, braintreeClientOf, ensureBraintreeCustomer, isNotFound, type BraintreeEnv, type BraintreeOptions } from './braintree-gateway.js';
import { declineKeyOf } from './decline-reasons.js';
import { SERVER_FAILURE } from './payment-gateway.js';
import type { SubscriptionBilling } from './subscription-billing.js';

/** A transaction that took the money (or will): anything but a failure or void. */
const CHARGED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled', 'settlement_pending']);

/**
 * Braintree subscriptions: the nonce becomes a vaulted method of the buyer's customer, the plan
 * (BRAINTREE_DISTRIBUTION_PLAN_ID, billing cycle set in the Braintree control panel) charges it at
 * once and then every cycle. `renew` reads what Braintree did for the due period: a charged
 * transaction since the period began, Past Due (its retries failed so far), or nothing yet.
 */
export function createBraintreeSubscriptions(env: BraintreeEnv, log: Logger, options: BraintreeOptions = {}): SubscriptionBilling {
  const { api, merchantAccounts } = braintreeClientOf(env, options);
  const ensureCustomer = (customerId: string) => ensureBraintreeCustomer(api, customerId);

  return {
    kind: 'braintree',
    async start(request) {
      try {
        await ensureCustomer(request.customerId);
        const method = await api.paymentMethod.create({ customerId: request.customerId, paymentMethodNonce: request.nonce, options: { verifyCard: true } });
        const token = method.paymentMethod?.token;
        if (!method.success || !token) {
          // A failed verifyCard answers with `verification` (the processor's answer), which
          // @types/braintree leaves out of ValidatedResponse.
          const { verification } = method as { verification?: braintree.CreditCardVerification };
          const answer = answerOf({ ...method, transaction: method.transaction ?? verification });
          return { ok: false, status: method.transaction || verification ? 'declined' : 'failed', message: declineKeyOf(answer), answer };
        }
        const merchantAccountId = merchantAccounts[request.currency];
        const created = await api.subscription.create({
          paymentMethodToken: token,
          planId: request.planId,
          price: (request.amountCents / 100).toFixed(2),
          ...(merchantAccountId ? { merchantAccountId } : {}),
        });
        const subscription = created.subscription;
        const first = subscription?.transactions?.[0];
        if (!created.success || !subscription || !first || !CHARGED.has(first.status)) {
          const answer = answerOf({ ...created, transaction: created.transaction ?? first });
          return { ok: false, status: created.transaction ? 'declined' : 'failed', message: declineKeyOf(answer), answer };
        }
        return { ok: true, subscriptionRef: subscription.id, paymentMethodToken: token, transactionId: first.id, paymentMethod: first.paymentInstrumentType ?? 'credit_card' };
      } catch (error) {
        log.error({ err: error, orderId: request.orderId }, 'braintree subscription start failed');
        return { ok: false, status: 'failed', message: SERVER_FAILURE };
      }
    },
    async renew(request) {
      try {
        const subscription = await api.subscription.find(request.subscriptionRef);
        const charged = (subscription.transactions ?? []).find((tx) => CHARGED.has(tx.status) && new Date(tx.createdAt) >= request.periodStart);
        if (charged) return { ok: true, transactionId: charged.id, paymentMethod: charged.paymentInstrumentType ?? 'credit_card' };
        if (subscription.status === 'Past Due') {
          const failed = (subscription.transactions ?? []).find((tx) => new Date(tx.createdAt) >= request.periodStart);
          const answer = answerOf({ transaction: failed });
          return { ok: false, status: 'declined', message: failed ? declineKeyOf(answer) : SERVER_FAILURE, answer };
        }
        if (subscription.status === 'Canceled' || subscription.status === 'Expired') return { ok: false, status: 'failed', message: SERVER_FAILURE };
        return { ok: false, status: 'pending', message: SERVER_FAILURE };
      } catch (error) {
        log.error({ err: error, subscription: request.subscriptionRef }, 'braintree subscription lookup failed');
        return { ok: false, status: 'pending', message: SERVER_FAILURE };
      }
    },
    async cancel(subscriptionRef) {
      try {
        await api.subscription.cancel(subscriptionRef);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async resume(request) {
      // Braintree cannot take a canceled subscription back: a new one with the same plan and card
      // starts billing when the paid period ends. Its id is the resume's own, so a retry (or a
      // second click racing the first) finds the one already made instead of making another.
      const existing = async () => {
        try {
          const found = await api.subscription.find(request.resumeRef);
          return found.status === 'Canceled' || found.status === 'Expired' ? null : found;
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      };
      try {
        if (await existing()) return { ok: true, subscriptionRef: request.resumeRef };
        const merchantAccountId = merchantAccounts[request.currency];
        const created = await api.subscription.create({
          id: request.resumeRef,
          paymentMethodToken: request.paymentMethodToken,
          planId: request.planId,
          price: (request.amountCents / 100).toFixed(2),
          firstBillingDate: request.firstBillingDate,
          ...(merchantAccountId ? { merchantAccountId } : {}),
        });
        if (created.success && created.subscription) return { ok: true, subscriptionRef: created.subscription.id };
        if (await existing()) return { ok: true, subscriptionRef: request.resumeRef };
        const answer = answerOf(created);
        return { ok: false, status: 'failed', message: declineKeyOf(answer), answer };
      } catch (error) {
        log.error({ err: error, subscription: request.resumeRef }, 'braintree subscription resume failed');
        return { ok: false, status: 'failed', message: SERVER_FAILURE };
      }
    },
    async changePaymentMethod(request) {
      let method;
      try {
        method = await api.paymentMethod.find(request.paymentMethodToken);
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
      if (method.customerId !== request.customerId) return false;
      const updated = await api.subscription.update(request.subscriptionRef, { paymentMethodToken: request.paymentMethodToken });
      if (!updated.success) throw new Error(`braintree subscription.update: ${updated.message}`);
      return true;
    },
  };
}
