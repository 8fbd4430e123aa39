import braintree from 'braintree';
import type { Env } from '../../../platform/env.js';
import type { Logger } from '../../../platform/log.js';
import { AppError } from '../../../platform/errors.js';
import { SERVER_FAILURE, type PaymentGateway, type SavedPaymentMethod } from './payment-gateway.js';

export type BraintreeEnv = Pick<
  Env,
  'BRAINTREE_MERCHANT_ID' | 'BRAINTREE_PUBLIC_KEY' | 'BRAINTREE_PRIVATE_KEY' | 'BRAINTREE_ENVIRONMENT' | 'BRAINTREE_MERCHANT_ACCOUNT_USD' | 'BRAINTREE_MERCHANT_ACCOUNT_EUR'
>;

export const braintreeConfigured = (env: BraintreeEnv) => Boolean(env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY);

const isNotFound = (error: unknown) => (error as { type?: string } | null)?.type === 'notFoundError';

/**
 * Braintree through its SDK: Drop-in client tokens bound to the buyer's vault customer (so saved
 * methods show), sales submitted for settlement at once, and the vault for /account/payments.
 * The buyer's user id is the customer id; the customer is created on first use.
 */
export function createBraintreeGateway(env: BraintreeEnv, log: Logger): PaymentGateway {
  const gateway = new braintree.BraintreeGateway({
    environment: braintree.Environment[env.BRAINTREE_ENVIRONMENT],
    merchantId: env.BRAINTREE_MERCHANT_ID ?? '',
    publicKey: env.BRAINTREE_PUBLIC_KEY ?? '',
    privateKey: env.BRAINTREE_PRIVATE_KEY ?? '',
  });
  const merchantAccounts = { USD: env.BRAINTREE_MERCHANT_ACCOUNT_USD, EUR: env.BRAINTREE_MERCHANT_ACCOUNT_EUR };

  async function ensureCustomer(customerId: string) {
    try {
      return await gateway.customer.find(customerId);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const created = await gateway.customer.create({ id: customerId });
      if (!created.success) throw new Error(`braintree customer.create: ${created.message}`, { cause: error });
      return { id: customerId, paymentMethods: [] };
    }
  }

  return {
    kind: 'braintree',
    async clientToken(customerId) {
      try {
        await ensureCustomer(customerId);
        const response = await gateway.clientToken.generate({ customerId });
        if (!response.success) throw new Error(response.message ?? 'clientToken.generate failed');
        return response.clientToken;
      } catch (error) {
        log.error({ err: error }, 'braintree client token failed');
        throw new AppError('PAYMENT_FAILED', 'payment.dropInToken', { cause: error });
      }
    },
    async sale(request) {
      try {
        await ensureCustomer(request.customerId);
        const merchantAccountId = merchantAccounts[request.currency];
        const result = await gateway.transaction.sale({
          // The SDK takes a decimal string; cents keep it exact.
          amount: (request.amountCents / 100).toFixed(2),
          paymentMethodNonce: request.nonce,
          orderId: request.orderId,
          customerId: request.customerId,
          ...(merchantAccountId ? { merchantAccountId } : {}),
          options: { submitForSettlement: true, storeInVaultOnSuccess: true },
        });
        if (result.success && result.transaction) {
          return { ok: true, transactionId: result.transaction.id, paymentMethod: result.transaction.paymentInstrumentType };
        }
        // A processor decline carries a transaction; validation errors (bad nonce) do not.
        return { ok: false, status: result.transaction ? 'declined' : 'failed', message: result.message || SERVER_FAILURE };
      } catch (error) {
        log.error({ err: error, orderId: request.orderId }, 'braintree sale failed');
        return { ok: false, status: 'failed', message: SERVER_FAILURE };
      }
    },
    async paymentMethods(customerId) {
      let customer;
      try {
        customer = await gateway.customer.find(customerId);
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      return (customer.paymentMethods ?? []).map(
        (method): SavedPaymentMethod => ({
          token: method.token,
          type: method.email ? 'paypal_account' : 'credit_card',
          description: method.email ?? `${method.cardType ?? 'Card'} •••• ${method.last4 ?? ''}`.trim(),
          isDefault: method.default,
          usedInSubscription: (method.subscriptions ?? []).some((s) => s.status === 'Active' || s.status === 'Pending' || s.status === 'Past Due'),
        }),
      );
    },
    async deletePaymentMethod(customerId, token) {
      const method = await gateway.paymentMethod.find(token);
      if (method.customerId !== customerId) throw new AppError('NOT_FOUND', 'global.error.notFound');
      if ((method.subscriptions ?? []).some((s) => s.status === 'Active' || s.status === 'Pending' || s.status === 'Past Due')) {
        throw new AppError('CONFLICT', 'payment.methodUsedInSubscription');
      }
      await gateway.paymentMethod.delete(token);
    },
  };
}
