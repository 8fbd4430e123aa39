import { randomBytes } from 'node:crypto';
import { AppError } from '../../../platform/errors.js';
import type { LocalVault } from './local-vault.js';
import { SERVER_FAILURE, type PaymentGateway, type SaleResult } from './payment-gateway.js';

/**
 * Braintree's documented test nonces ("Testing and Go Live: Nonces",
 * developer.paypal.com/braintree/docs/reference/general/testing) and what the sandbox answers to
 * each. The local gateway answers the same, so the whole checkout runs with no keys and a client
 * written against Braintree's Drop-in needs no second code path.
 */
const SETTLING_NONCES: Record<string, string> = {
  'fake-valid-nonce': 'credit_card',
  'fake-valid-visa-nonce': 'credit_card',
  'fake-valid-mastercard-nonce': 'credit_card',
  'fake-valid-amex-nonce': 'credit_card',
  'fake-valid-discover-nonce': 'credit_card',
  'fake-valid-jcb-nonce': 'credit_card',
  'fake-valid-maestro-nonce': 'credit_card',
  'fake-valid-debit-nonce': 'credit_card',
  'fake-valid-prepaid-nonce': 'credit_card',
  'fake-valid-commercial-nonce': 'credit_card',
  'fake-paypal-one-time-nonce': 'paypal_account',
  'fake-paypal-billing-agreement-nonce': 'paypal_account',
  'fake-apple-pay-visa-nonce': 'apple_pay_card',
  'fake-android-pay-visa-nonce': 'android_pay_card',
};

/** Processor responses as the sandbox gives them (response code 2000 "Do Not Honor", 3000 ...). */
const DECLINING_NONCES: Record<string, { status: 'declined' | 'failed'; message: string }> = {
  'fake-processor-declined-visa-nonce': { status: 'declined', message: 'Do Not Honor' },
  'fake-processor-declined-mastercard-nonce': { status: 'declined', message: 'Do Not Honor' },
  'fake-processor-declined-amex-nonce': { status: 'declined', message: 'Do Not Honor' },
  'fake-processor-declined-discover-nonce': { status: 'declined', message: 'Do Not Honor' },
  'fake-processor-failure-jcb-nonce': { status: 'failed', message: 'Processor Network Unavailable - Try Again' },
  'fake-luhn-invalid-nonce': { status: 'failed', message: 'Credit card number is invalid.' },
  'fake-consumed-nonce': { status: 'failed', message: 'Cannot use a payment_method_nonce more than once.' },
  'fake-gateway-rejected-fraud-nonce': { status: 'declined', message: 'Gateway Rejected: fraud' },
};

/** Client tokens of the local gateway start with this; the client shows its test card form then. */
export const LOCAL_CLIENT_TOKEN_PREFIX = 'local-';

/**
 * The embedded payment gateway (decisions.md): settles the valid test nonces, declines the
 * declining ones with the processor's message, and fails anything else with payment.serverFailure.
 * It moves no money; the payments table is its ledger (the payment flow writes every attempt).
 * With a vault (sql/0020), the methods a subscription vaulted are listed and deletable like
 * Braintree's, except one a subscription uses.
 */
export function createLocalGateway(vault?: LocalVault): PaymentGateway {
  return {
    kind: 'local',
    async clientToken() {
      return `${LOCAL_CLIENT_TOKEN_PREFIX}${randomBytes(12).toString('base64url')}`;
    },
    async sale(request): Promise<SaleResult> {
      const method = SETTLING_NONCES[request.nonce];
      if (method) return { ok: true, transactionId: randomBytes(4).toString('hex'), paymentMethod: method };
      return { ok: false, ...(DECLINING_NONCES[request.nonce] ?? { status: 'failed', message: SERVER_FAILURE }) };
    },
    async paymentMethods(customerId) {
      // A one-off sale vaults nothing; only a subscription keeps its method.
      return vault ? vault.list(customerId) : [];
    },
    async deletePaymentMethod(customerId, token) {
      const outcome = vault ? await vault.remove(customerId, token) : 'notFound';
      if (outcome === 'notFound') throw new AppError('NOT_FOUND', 'global.error.notFound');
      if (outcome === 'inUse') throw new AppError('CONFLICT', 'payment.methodUsedInSubscription');
    },
  };
}
