import braintree from 'braintree';
import type { Env } from '../../../platform/env.js';
import type { Logger } from '../../../platform/log.js';
import { AppError } from '../../../platform/errors.js';
import { SERVER_FAILURE, type PaymentGateway, type SavedPaymentMethod } from './payment-gateway.js';
import { declineKeyOf, type GatewayAnswer } from './decline-reasons.js';

export type BraintreeEnv = Pick<
  Env,
  'BRAINTREE_MERCHANT_ID' | 'BRAINTREE_PUBLIC_KEY' | 'BRAINTREE_PRIVATE_KEY' | 'BRAINTREE_ENVIRONMENT' | 'BRAINTREE_MERCHANT_ACCOUNT_USD' | 'BRAINTREE_MERCHANT_ACCOUNT_EUR'
>;

export interface BraintreeOptions {
  /** Where the SDK sends its requests instead of BRAINTREE_ENVIRONMENT's host (the adapter's test stand-in). */
  environment?: braintree.Environment;
}

export const braintreeConfigured = (env: BraintreeEnv) => Boolean(env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY);

/** Transaction statuses in which the buyer's money was taken (or held for settlement). */
const CHARGED_STATUSES = new Set(['authorizing', 'authorized', 'submitted_for_settlement', 'settling', 'settlement_pending', 'settlement_confirmed', 'settled']);

export const isNotFound = (error: unknown) => (error as { type?: string } | null)?.type === 'notFoundError';

/** The SDK's client for this environment's merchant, and the merchant account of each currency. */
export function braintreeClientOf(env: BraintreeEnv, options: BraintreeOptions) {
  const api = new braintree.BraintreeGateway({
    environment: options.environment ?? braintree.Environment[env.BRAINTREE_ENVIRONMENT],
    merchantId: env.BRAINTREE_MERCHANT_ID ?? '',
    publicKey: env.BRAINTREE_PUBLIC_KEY ?? '',
    privateKey: env.BRAINTREE_PRIVATE_KEY ?? '',
  });
  return { api, merchantAccounts: { USD: env.BRAINTREE_MERCHANT_ACCOUNT_USD, EUR: env.BRAINTREE_MERCHANT_ACCOUNT_EUR } };
}

/** The buyer's vault customer (the user id is the customer id), created on first use. */
export async function ensureBraintreeCustomer(api: braintree.BraintreeGateway, customerId: string) {
  try {
    return await api.customer.find(customerId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const created = await api.customer.create({ id: customerId });
    if (!created.success) throw new Error(`braintree customer.create: ${created.message}`, { cause: error });
    return { id: customerId, paymentMethods: [] };
  }
}

/** The raw decline of a sale's result, read defensively: the SDK leaves out what does not apply. */
export function answerOf(result: {
  message?: string;
  transaction?: { processorResponseCode?: string; processorResponseText?: string; gatewayRejectionReason?: string | null } | undefined;
  errors?: { deepErrors(): { code: string }[] } | undefined;
}): GatewayAnswer {
  const transaction = result.transaction;
  let validationCodes: string[];
  try {
    validationCodes = result.errors?.deepErrors().map((error) => String(error.code)) ?? [];
  } catch {
    validationCodes = [];
  }
  return {
    processorResponseCode: transaction?.processorResponseCode || undefined,
    processorResponseText: transaction?.processorResponseText || undefined,
    gatewayRejectionReason: transaction?.gatewayRejectionReason || undefined,
    validationCodes,
    message: result.message || undefined,
  };
}

/** A subscription in one of these still charges the method it uses. */
const usedInSubscription = (method: braintree.PaymentMethod) =>
  'subscriptions' in method && (method.subscriptions ?? []).some((s) => s.status === 'Active' || s.status === 'Pending' || s.status === 'Past Due');

/** A vaulted method as /account/payments lists it: a PayPal account by its e-mail, a card by type and last digits. */
function savedMethodOf(method: braintree.PaymentMethod): SavedPaymentMethod {
  const email = 'email' in method ? method.email : undefined;
  const card = 'last4' in method ? `${('cardType' in method ? method.cardType : undefined) ?? 'Card'} •••• ${method.last4 ?? ''}`.trim() : 'Card';
  return {
    token: method.token,
    type: email ? 'paypal_account' : 'credit_card',
    description: email ?? card,
    isDefault: 'default' in method ? method.default : false,
    usedInSubscription: usedInSubscription(method),
  };
}

/**
 * Braintree through its SDK: Drop-in client tokens bound to the buyer's vault customer (so saved
 * methods show), sales submitted for settlement at once, and the vault for /account/payments.
 * The buyer's user id is the customer id; the customer is created on first use.
 */
export function createBraintreeGateway(env: BraintreeEnv, log: Logger, options: BraintreeOptions = {}): PaymentGateway {
  const { api: gateway, merchantAccounts } = braintreeClientOf(env, options);
  const ensureCustomer = (customerId: string) => ensureBraintreeCustomer(gateway, customerId);

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
        const answer = answerOf(result);
        return { ok: false, status: result.transaction ? 'declined' : 'failed', message: declineKeyOf(answer), answer };
      } catch (error) {
        log.error({ err: error, orderId: request.orderId }, 'braintree sale failed');
        return { ok: false, status: 'failed', message: SERVER_FAILURE };
      }
    },
    async findSale(orderId) {
      // Every attempt under the order id (declines included); the one that took money counts.
      type Found = { id: string; status: string; paymentInstrumentType: string; amount: string; currencyIsoCode: string };
      const found = await new Promise<Found[]>((resolve, reject) => {
        const transactions: Found[] = [];
        gateway.transaction
          .search((search) => search.orderId().is(orderId))
          .on('data', (transaction) => transactions.push(transaction))
          .on('error', reject)
          .on('end', () => resolve(transactions));
      });
      const charged = found.find((transaction) => CHARGED_STATUSES.has(transaction.status));
      if (!charged) return null;
      return {
        transactionId: charged.id,
        paymentMethod: charged.paymentInstrumentType,
        amountCents: Math.round(Number(charged.amount) * 100),
        currency: charged.currencyIsoCode,
      };
    },
    async paymentMethods(customerId) {
      let customer;
      try {
        customer = await gateway.customer.find(customerId);
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      return (customer.paymentMethods ?? []).map(savedMethodOf);
    },
    async deletePaymentMethod(customerId, token) {
      const method = await gateway.paymentMethod.find(token);
      if (method.customerId !== customerId) throw new AppError('NOT_FOUND', 'global.error.notFound');
      if (usedInSubscription(method)) {
        throw new AppError('CONFLICT', 'payment.methodUsedInSubscription');
      }
      await gateway.paymentMethod.delete(token);
    },
    async addPaymentMethod(customerId, nonce) {
      try {
        await ensureCustomer(customerId);
        // verifyCard: a card that would be declined is refused now, not at the next renewal.
        const method = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: nonce, options: { verifyCard: true } });
        const token = method.paymentMethod?.token;
        if (method.success && token) return { ok: true, token };
        // A failed verification answers with `verification`, which @types/braintree leaves out.
        const { verification } = method as { verification?: braintree.CreditCardVerification };
        const answer = answerOf({ ...method, transaction: verification });
        return { ok: false, status: verification ? 'declined' : 'failed', message: declineKeyOf(answer), answer };
      } catch (error) {
        log.error({ err: error }, 'braintree vaulting failed');
        return { ok: false, status: 'failed', message: SERVER_FAILURE };
      }
    },
  };
}
