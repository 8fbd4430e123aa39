import type { Database } from '../../platform/db/database.js';
import type { Insertable } from 'kysely';
import type { VatIdChecksTable } from '../../platform/db/schema.js';

/** The address invoices use: the user's first, as payments and subscriptions read it. */
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

export async function findVatIdCheck(db: Database, country: string, vatNumber: string) {
  return db.selectFrom('vat_id_checks').selectAll().where('country', '=', country).where('vat_number', '=', vatNumber).executeTakeFirst();
}

export async function saveVatIdCheck(db: Database, row: Insertable<VatIdChecksTable>) {
  await db
    .insertInto('vat_id_checks')
    .values(row)
    .onConflict((conflict) => conflict.columns(['country', 'vat_number']).doUpdateSet({
      valid: row.valid,
      consultation_number: row.consultation_number,
      request_date: row.request_date,
      trader_name: row.trader_name,
      trader_address: row.trader_address,
      checked_at: row.checked_at,
    }))
    .execute();
}
