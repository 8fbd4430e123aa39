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
}

const describe = (paymentMethod: string) => (paymentMethod === 'paypal_account' ? 'PayPal (test account)' : 'Test card •••• 1111');

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
          description: describe(method.paymentMethod),
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
  };
}
