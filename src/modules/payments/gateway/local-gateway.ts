import { randomBytes } from 'node:crypto';
import { AppError } from '../../../platform/errors.js';
import type { Database } from '../../../platform/db/database.js';
import type { LocalVault } from './local-vault.js';
import { declineKeyOf, type GatewayAnswer } from './decline-reasons.js';
import { SERVER_FAILURE, type FoundSale, type PaymentGateway, type SaleResult } from './payment-gateway.js';

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

/**
 * What the sandbox answers to each declining nonce: the processor's response code and text, the
 * gateway's rejection reason, or a validation error's code. The buyer sees the key `declineKeyOf`
 * makes of it, as with Braintree; the raw answer goes to the log.
 */
const DECLINING_NONCES: Record<string, { status: 'declined' | 'failed'; answer: GatewayAnswer }> = {
  'fake-processor-declined-visa-nonce': { status: 'declined', answer: { processorResponseCode: '2000', processorResponseText: 'Do Not Honor' } },
  'fake-processor-declined-mastercard-nonce': { status: 'declined', answer: { processorResponseCode: '2000', processorResponseText: 'Do Not Honor' } },
  'fake-processor-declined-amex-nonce': { status: 'declined', answer: { processorResponseCode: '2000', processorResponseText: 'Do Not Honor' } },
  'fake-processor-declined-discover-nonce': { status: 'declined', answer: { processorResponseCode: '2000', processorResponseText: 'Do Not Honor' } },
  'fake-processor-failure-jcb-nonce': { status: 'failed', answer: { processorResponseCode: '3000', processorResponseText: 'Processor Network Unavailable - Try Again' } },
  'fake-luhn-invalid-nonce': { status: 'failed', answer: { validationCodes: ['81715'], message: 'Credit card number is invalid.' } },
  'fake-consumed-nonce': { status: 'failed', answer: { validationCodes: ['93107'], message: 'Cannot use a payment_method_nonce more than once.' } },
  'fake-gateway-rejected-fraud-nonce': { status: 'declined', answer: { gatewayRejectionReason: 'fraud', message: 'Gateway Rejected: fraud' } },
};

/** Where the local gateway keeps its sales, to find them again by order id as Braintree does. */
export interface LocalLedger {
  record(sale: FoundSale & { orderId: string; customerId: string }): Promise<void>;
  find(orderId: string): Promise<FoundSale | null>;
}

/** The ledger in the database (sql/0065): it outlives the process, as a real gateway's records do. */
export function createDatabaseLedger(db: Database): LocalLedger {
  return {
    async record(sale) {
      await db
        .insertInto('local_gateway_sales')
        .values({
          transaction_id: sale.transactionId,
          order_id: sale.orderId,
          customer_id: sale.customerId,
          amount_cents: sale.amountCents,
          currency: sale.currency,
          payment_method: sale.paymentMethod,
        })
        .execute();
    },
    async find(orderId) {
      const row = await db
        .selectFrom('local_gateway_sales')
        .select(['transaction_id', 'payment_method', 'amount_cents', 'currency'])
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { transactionId: row.transaction_id, paymentMethod: row.payment_method, amountCents: row.amount_cents, currency: row.currency } : null;
    },
  };
}

/** A ledger for a gateway without a database (unit tests): it lives as long as the gateway. */
function createMemoryLedger(): LocalLedger {
  const sales = new Map<string, FoundSale>();
  return {
    async record(sale) {
      sales.set(sale.orderId, { transactionId: sale.transactionId, paymentMethod: sale.paymentMethod, amountCents: sale.amountCents, currency: sale.currency });
    },
    async find(orderId) {
      return sales.get(orderId) ?? null;
    },
  };
}

/** Client tokens of the local gateway start with this; the client shows its test card form then. */
export const LOCAL_CLIENT_TOKEN_PREFIX = 'local-';

/**
 * The embedded payment gateway: settles the valid test nonces, declines the
 * declining ones as the sandbox would (answered as a translation key), and fails anything else with payment.serverFailure.
 * It moves no money; its ledger keeps the sales so that they are found again by order id.
 * With a vault (sql/0020), the methods a subscription vaulted or the buyer added are listed and
 * deletable like Braintree's, except one a subscription uses.
 */
export function createLocalGateway(vault?: LocalVault, ledger: LocalLedger = createMemoryLedger()): PaymentGateway {
  return {
    kind: 'local',
    async clientToken() {
      return `${LOCAL_CLIENT_TOKEN_PREFIX}${randomBytes(12).toString('base64url')}`;
    },
    async sale(request): Promise<SaleResult> {
      const method = SETTLING_NONCES[request.nonce];
      if (method) {
        const transactionId = randomBytes(4).toString('hex');
        await ledger.record({ transactionId, paymentMethod: method, amountCents: request.amountCents, currency: request.currency, orderId: request.orderId, customerId: request.customerId });
        return { ok: true, transactionId, paymentMethod: method };
      }
      const declined = DECLINING_NONCES[request.nonce];
      if (!declined) return { ok: false, status: 'failed', message: SERVER_FAILURE };
      return { ok: false, status: declined.status, message: declineKeyOf(declined.answer), answer: declined.answer };
    },
    findSale(orderId) {
      return ledger.find(orderId);
    },
    async paymentMethods(customerId) {
      // A one-off sale vaults nothing; a subscription's method and added cards are kept.
      return vault ? vault.list(customerId) : [];
    },
    async deletePaymentMethod(customerId, token) {
      const outcome = vault ? await vault.remove(customerId, token) : 'notFound';
      if (outcome === 'notFound') throw new AppError('NOT_FOUND', 'global.error.notFound');
      if (outcome === 'inUse') throw new AppError('CONFLICT', 'payment.methodUsedInSubscription');
    },
    async addPaymentMethod(customerId, nonce) {
      // Verified as the sandbox verifies a card: the declining nonces are refused, nothing is charged.
      const method = SETTLING_NONCES[nonce];
      if (method && vault) return { ok: true, token: await vault.store(customerId, { paymentMethod: method, nonce, subscriptionRef: null }) };
      const declined = DECLINING_NONCES[nonce];
      if (!declined) return { ok: false, status: 'failed', message: SERVER_FAILURE };
      return { ok: false, status: declined.status, message: declineKeyOf(declined.answer), answer: declined.answer };
    },
  };
}
