import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { MASTER_STYLE_COLUMNS, selectMastersWithStyle } from '../masters/index.js';

/**
 * Reads of masters, users and addresses that the payment flow needs, kept here rather than in the
 * masters/accounts modules: the flow must read them inside its own transaction, with row locks.
 */
export async function findMasterForPayment(db: Database, masterId: string, options: { forUpdate?: boolean } = {}) {
  let query = selectMastersWithStyle(db)
    .select([
      'masters.id',
      'masters.user_id',
      'masters.style_id',
      'masters.buying_option',
      'masters.status',
      'tracks.id as track_id',
      'tracks.name as track_name',
      'tracks.artist as track_artist',
      'tracks.is_custom_master',
      ...MASTER_STYLE_COLUMNS,
    ])
    .where('masters.id', '=', masterId);
  // Only the master row is locked: the catalogue and the track stay free for everyone else.
  if (options.forUpdate) query = query.forUpdate(['masters']);
  return query.executeTakeFirst();
}

export type MasterForPayment = NonNullable<Awaited<ReturnType<typeof findMasterForPayment>>>;

export async function findUserName(db: Database, userId: string) {
  return db.selectFrom('users').select(['first_name', 'last_name', 'locale']).where('id', '=', userId).executeTakeFirst();
}

/** The invoice address: the user's first address. */
export async function findInvoiceAddress(db: Database, userId: string) {
  return db
    .selectFrom('addresses')
    .select(['company', 'street_and_number', 'additional', 'city', 'zip', 'country', 'state', 'tax_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

const PAYMENT_COLUMNS = ['id', 'master_id', 'user_id', 'buying_option', 'status', 'gateway', 'transaction_id', 'payment_method', 'quote', 'coupon_id', 'failure_message', 'updated_at'] as const;

export async function findPaymentByKey(db: Database, idempotencyKey: string) {
  return db.selectFrom('payments').select(PAYMENT_COLUMNS).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** A pending payment of the master under another key (another buying option in flight). */
export async function findOtherPendingPayment(db: Database, masterId: string, idempotencyKey: string) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('master_id', '=', masterId)
    .where('status', '=', 'pending')
    .where('idempotency_key', '!=', idempotencyKey)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/** Pending one-off payments not touched since `before`: charged-but-unbooked or abandoned. */
export async function findStalePendingPayments(db: Database, before: Date, idempotencyKey?: string) {
  let query = db
    .selectFrom('payments')
    .select(['id', 'transaction_id', 'gateway', 'idempotency_key', 'amount_cents', 'currency', 'updated_at'])
    .where('status', '=', 'pending')
    .where('master_id', 'is not', null)
    .where('updated_at', '<', before)
    .orderBy('created_at')
    .limit(100);
  if (idempotencyKey !== undefined) query = query.where('idempotency_key', '=', idempotencyKey);
  return query.execute();
}

export async function findPaymentById(db: Database, paymentId: string) {
  return db.selectFrom('payments').select(PAYMENT_COLUMNS).where('id', '=', paymentId).executeTakeFirst();
}

export interface PendingPaymentValues {
  userId: string;
  masterId: string;
  buyingOption: number;
  idempotencyKey: string;
  gateway: 'local' | 'braintree' | 'none';
  amountCents: number;
  currency: 'USD' | 'EUR';
  couponId: number | null;
  quote: unknown;
}

/** What a pending attempt records, whether it is new or takes over a failed one's row. */
const pendingColumnsOf = (values: PendingPaymentValues) =>
  ({
    gateway: values.gateway,
    amount_cents: values.amountCents,
    currency: values.currency,
    status: 'pending',
    coupon_id: values.couponId,
    quote: JSON.stringify(values.quote),
  }) as const;

export async function insertPendingPayment(db: Database, values: PendingPaymentValues) {
  return db
    .insertInto('payments')
    .values({
      user_id: values.userId,
      master_id: values.masterId,
      buying_option: values.buyingOption,
      idempotency_key: values.idempotencyKey,
      ...pendingColumnsOf(values),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A declined, failed or abandoned attempt under the same key becomes the new attempt. */
export async function reclaimPayment(db: Database, paymentId: string, values: PendingPaymentValues) {
  return db
    .updateTable('payments')
    .set({
      user_id: values.userId,
      ...pendingColumnsOf(values),
      transaction_id: null,
      payment_method: null,
      failure_message: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', paymentId)
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Right after the gateway settled: from here on, any request may finish the purchase without charging. */
export async function recordTransaction(db: Database, paymentId: string, transactionId: string, paymentMethod: string): Promise<boolean> {
  const recorded = await db
    .updateTable('payments')
    .set({ transaction_id: transactionId, payment_method: paymentMethod, updated_at: sql`now()` })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return recorded !== undefined;
}

/**
 * A pending payment the gateway holds no sale for is released: failed with `message`, so its
 * master can be removed and paid again. Only if nothing touched it since it was read (a pay that
 * recorded its transaction meanwhile keeps it pending).
 */
export async function releaseAbandonedPayment(db: Database, paymentId: string, seenUpdatedAt: Date, message: string): Promise<boolean> {
  const released = await db
    .updateTable('payments')
    .set({ status: 'failed', failure_message: message, updated_at: sql`now()` })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .where('transaction_id', 'is', null)
    .where('updated_at', '=', seenUpdatedAt)
    .returning('id')
    .executeTakeFirst();
  return released !== undefined;
}

export async function failPayment(db: Database, paymentId: string, status: 'declined' | 'failed', message: string) {
  await db
    .updateTable('payments')
    .set({ status, failure_message: message.slice(0, 500), updated_at: sql`now()` })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * pending -> settled, once: of two requests finishing the same payment, the second finds no
 * pending row (it waited for the first's row lock) and stops.
 */
export async function settlePayment(db: Database, paymentId: string, paymentMethod: string) {
  return db
    .updateTable('payments')
    .set({ status: 'settled', payment_method: sql`coalesce(payment_method, ${paymentMethod})`, updated_at: sql`now()` })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .returning(['id', 'transaction_id', 'payment_method'])
    .executeTakeFirst();
}

/** The option only goes up. */
export async function markMasterPaid(db: Database, masterId: string, buyingOption: number) {
  await db
    .updateTable('masters')
    .set({ buying_option: sql`greatest(buying_option, ${buyingOption})`, status: 'PAYMENT_DONE', updated_at: sql`now()` })
    .where('id', '=', masterId)
    .execute();
}

/**
 * The next invoice number of the gapless sequence: the counter row is locked by this update until
 * the paying transaction ends, and a rollback returns the number (sql/0001, invoice_counter).
 */
export async function findLatestInvoiceOfMaster(db: Database, masterId: string) {
  return db
    .selectFrom('invoices')
    .select(['invoice_number', 'coupon_key', 'price_cents', 'coupon_value_cents', 'currency', 'transaction_id'])
    .where('master_id', '=', masterId)
    .orderBy('invoice_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markMasterPaymentDone(db: Database, masterId: string) {
  await db.updateTable('masters').set({ status: 'PAYMENT_DONE', updated_at: sql`now()` }).where('id', '=', masterId).execute();
}
