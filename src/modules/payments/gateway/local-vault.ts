import { randomBytes } from 'node:crypto';
import type { Database } from '../../../platform/db/database.js';
import type { SavedPaymentMethod } from './payment-gateway.js';

/**
 * The local gateway's vault (sql/0020), Braintree's vault in miniature: a settled test nonce kept
 * as a token that can be charged again, and the local subscription that pays with it.
 */
export interface LocalVault {
  store(customerId: string, method: { paymentMethod: string; nonce: string; subscriptionRef: string | null }): Promise<string>;
  find(customerId: string, token: string): Promise<{ token: string; nonce: string; paymentMethod: string } | undefined>;
  list(customerId: string): Promise<SavedPaymentMethod[]>;
  /** notFound when the token is not the customer's; inUse while a subscription pays with it. */
  remove(customerId: string, token: string): Promise<'removed' | 'notFound' | 'inUse'>;
  releaseSubscription(subscriptionRef: string): Promise<void>;
  /**
   * Makes the customer's method the one the subscription pays with and frees the one it used
   * before; false (nothing changed) when the token is not the customer's.
   */
  attachSubscription(customerId: string, token: string, subscriptionRef: string): Promise<boolean>;
}

/** The sandbox's test card numbers behind the nonces, so two saved test cards can be told apart. */
const TEST_CARDS: Record<string, string> = {
  'fake-valid-mastercard-nonce': 'Test Mastercard •••• 4444',
  'fake-valid-amex-nonce': 'Test Amex •••• 0005',
  'fake-valid-discover-nonce': 'Test Discover •••• 1117',
};

const describe = (paymentMethod: string, nonce: string) =>
  paymentMethod === 'paypal_account' ? 'PayPal (test account)' : (TEST_CARDS[nonce] ?? 'Test card •••• 1111');

export function createLocalVault(db: Database): LocalVault {
  return {
    async store(customerId, method) {
      const token = randomBytes(6).toString('hex');
      await db
        .insertInto('local_vault_methods')
        .values({
          token,
          customer_id: customerId,
          payment_method: method.paymentMethod,
          description: describe(method.paymentMethod, method.nonce),
          source_nonce: method.nonce,
          subscription_ref: method.subscriptionRef,
        })
        .execute();
      return token;
    },
    async find(customerId, token) {
      const row = await db
        .selectFrom('local_vault_methods')
        .select(['token', 'source_nonce', 'payment_method'])
        .where('customer_id', '=', customerId)
        .where('token', '=', token)
        .executeTakeFirst();
      return row && { token: row.token, nonce: row.source_nonce, paymentMethod: row.payment_method };
    },
    async list(customerId) {
      const rows = await db
        .selectFrom('local_vault_methods')
        .select(['token', 'payment_method', 'description', 'subscription_ref'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .orderBy('token')
        .execute();
      return rows.map((row, index) => ({
        token: row.token,
        type: row.payment_method,
        description: row.description,
        isDefault: index === 0,
        usedInSubscription: row.subscription_ref !== null,
      }));
    },
    async remove(customerId, token) {
      const row = await db
        .selectFrom('local_vault_methods')
        .select(['subscription_ref'])
        .where('customer_id', '=', customerId)
        .where('token', '=', token)
        .executeTakeFirst();
      if (!row) return 'notFound';
      if (row.subscription_ref !== null) return 'inUse';
      // The subscription check and the delete are one statement, so a method taken by a
      // subscription in between is not deleted.
      const deleted = await db
        .deleteFrom('local_vault_methods')
        .where('customer_id', '=', customerId)
        .where('token', '=', token)
        .where('subscription_ref', 'is', null)
        .executeTakeFirst();
      return deleted.numDeletedRows > 0n ? 'removed' : 'inUse';
    },
    async releaseSubscription(subscriptionRef) {
      await db.updateTable('local_vault_methods').set({ subscription_ref: null }).where('subscription_ref', '=', subscriptionRef).execute();
    },
    async attachSubscription(customerId, token, subscriptionRef) {
      return db.transaction().execute(async (trx) => {
        const own = await trx.selectFrom('local_vault_methods').select('token').where('customer_id', '=', customerId).where('token', '=', token).forUpdate().executeTakeFirst();
        if (!own) return false;
        // A subscription pays with one method (subscription_ref is unique): the old one is freed first.
        await trx.updateTable('local_vault_methods').set({ subscription_ref: null }).where('subscription_ref', '=', subscriptionRef).execute();
        await trx.updateTable('local_vault_methods').set({ subscription_ref: subscriptionRef }).where('token', '=', token).execute();
        return true;
      });
    },
  };
}
