import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { TAddressFields } from './addresses.schemas.js';

const COLUMNS = ['id', 'company', 'street_and_number', 'additional', 'city', 'zip', 'country', 'state', 'tax_id', 'created_at', 'updated_at'] as const;

const rowOf = (fields: TAddressFields) => ({
  company: fields.company ?? null,
  street_and_number: fields.streetAndNumber,
  additional: fields.additional ?? null,
  city: fields.city,
  zip: fields.zip,
  country: fields.country,
  state: fields.state,
  tax_id: fields.taxId ?? null,
});

/** Oldest first: the first address is the one invoices use. */
export async function findAddressesOfUser(db: Database, userId: string) {
  return db.selectFrom('addresses').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function insertAddress(db: Database, userId: string, fields: TAddressFields) {
  return db
    .insertInto('addresses')
    .values({ user_id: userId, ...rowOf(fields) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Updates only a row the user owns; someone else's id matches nothing. */
export async function updateAddressOfUser(db: Database, userId: string, id: string, fields: TAddressFields) {
  return db
    .updateTable('addresses')
    .set({ ...rowOf(fields), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}
