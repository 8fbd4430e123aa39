import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { MASTER_STYLE_COLUMNS, selectMastersWithStyle } from '../masters/index.js';

/**
 * Reads of masters, users and addresses that the payment flow needs, kept here rather than in the
 * masters/accounts modules: the flow must read them inside its own transaction, with row locks.
 */
function mastersForPayment(db: Database) {
  return selectMastersWithStyle(db)
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
    ]);
}

export async function findMasterForPayment(db: Database, masterId: string, options: { forUpdate?: boolean } = {}) {
  let query = mastersForPayment(db).where('masters.id', '=', masterId);
  // Only the master row is locked: the catalogue and the track stay free for everyone else.
  if (options.forUpdate) query = query.forUpdate(['masters']);
  return query.executeTakeFirst();
}

export type MasterForPayment = NonNullable<Awaited<ReturnType<typeof findMasterForPayment>>>;

/**
 * The masters of one purchase (an album's), locked in the order of their ids when `forUpdate`:
 * two purchases that share masters lock them in the same order and so never deadlock.
 */
export async function findMastersForPayment(db: Database, masterIds: readonly string[], options: { forUpdate?: boolean } = {}): Promise<MasterForPayment[]> {
  if (masterIds.length === 0) return [];
  let query = mastersForPayment(db).where('masters.id', 'in', [...masterIds]).orderBy('masters.id');
  if (options.forUpdate) query = query.forUpdate(['masters']);
  return query.execute();
}

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

const PAYMENT_COLUMNS = ['id', 'master_id', 'user_id', 'buying_option', 'product_type', 'status', 'gateway', 'transaction_id', 'payment_method', 'quote', 'coupon_id', 'failure_message', 'updated_at'] as const;

/** A payment names its masters in master_id (one master) or in its quote's lines (an album's). */
const buysAnyOf = (masterIds: readonly string[]) => (eb: ExpressionBuilder<DB, 'payments'>) =>
  eb.or([eb('master_id', 'in', [...masterIds]), ...masterIds.map((masterId) => sql<boolean>`quote->'lines' @> ${JSON.stringify([{ masterId }])}::jsonb`)]);

export async function findPaymentByKey(db: Database, idempotencyKey: string) {
  return db.selectFrom('payments').select(PAYMENT_COLUMNS).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** A pending payment of any of these masters under another key (another option, or an album with it, in flight). */
export async function findOtherPendingPayment(db: Database, masterIds: readonly string[], idempotencyKey: string) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('status', '=', 'pending')
    .where(buysAnyOf(masterIds))
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
    .where((eb) => eb.or([eb('master_id', 'is not', null), eb('product_type', '=', 2)]))
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
  /** One master's purchase names the master; an album's names the album (product type 2). */
  masterId: string | null;
  albumId?: string;
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
      album_id: values.albumId ?? null,
      product_type: values.albumId ? 2 : 0,
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

/** The invoice of a settled payment, found by its key (the album purchase's answer). */
export async function findInvoiceOfPaymentKey(db: Database, idempotencyKey: string) {
  return db
    .selectFrom('invoices')
    .innerJoin('payments', 'payments.id', 'invoices.payment_id')
    .select(['invoices.invoice_number', 'invoices.coupon_key', 'invoices.price_cents', 'invoices.coupon_value_cents', 'invoices.currency', 'invoices.transaction_id'])
    .where('payments.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}
