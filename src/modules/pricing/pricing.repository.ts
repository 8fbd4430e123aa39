import type { Database } from '../../platform/db/database.js';

/** The address invoices use: the user's first (spec §3), as payments and subscriptions read it. */
export async function findInvoiceCountry(db: Database, userId: string) {
  return db
    .selectFrom('addresses')
    .select(['country', 'tax_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
