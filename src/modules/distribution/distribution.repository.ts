import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DistributionSubscriptionStatus } from '../../platform/db/schema.js';

/** Kysely only: subscriptions, the user's distribution ids, the local provider's rows. */

const SUBSCRIPTION_COLUMNS = [
  'id',
  'user_id',
  'plan_id',
  'gateway',
  'gateway_ref',
  'payment_method_token',
  'status',
  'price_cents',
  'currency',
  'billing_frequency_months',
  'period_number',
  'current_period_start',
  'current_period_end',
  'grace_until',
  'failed_renewals',
  'canceled_at',
] as const;

/** The user's subscription that has not ended (at most one, sql/0021), optionally locked. */
export async function findLiveSubscription(db: Database, userId: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('distribution_subscriptions').select(SUBSCRIPTION_COLUMNS).where('user_id', '=', userId).where('status', '<>', 'ended');
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}
export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findLiveSubscription>>>;

export async function findSubscriptionOwner(db: Database, id: string) {
  return db.selectFrom('distribution_subscriptions').select('user_id').where('id', '=', id).executeTakeFirst();
}

export async function findSubscriptionForUpdate(db: Database, id: string) {
  return db.selectFrom('distribution_subscriptions').select(SUBSCRIPTION_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks the user row: subscribing and setting up are serialised per user. */
export async function lockUser(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'distribution_user_id', 'distribution_artist_id', 'distribution_participant_id', 'distribution_label_id'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findDistributionIds(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['distribution_user_id', 'distribution_artist_id', 'distribution_participant_id', 'distribution_label_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function storeDistributionIds(db: Database, userId: string, ids: { userId: string; artistId: string; participantId: string; labelId: string }) {
  await db
    .updateTable('users')
    .set({
      distribution_user_id: ids.userId,
      distribution_artist_id: ids.artistId,
      distribution_participant_id: ids.participantId,
      distribution_label_id: ids.labelId,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

export async function insertSubscription(
  db: Database,
  values: {
    userId: string;
    planId: string;
    gateway: 'local' | 'braintree';
    gatewayRef: string;
    paymentMethodToken: string;
    priceCents: number;
    currency: 'USD' | 'EUR';
    billingFrequencyMonths: number;
    periodStart: Date;
    periodEnd: Date;
  },
) {
  return db
    .insertInto('distribution_subscriptions')
    .values({
      user_id: values.userId,
      plan_id: values.planId,
      gateway: values.gateway,
      gateway_ref: values.gatewayRef,
      payment_method_token: values.paymentMethodToken,
      status: 'active',
      price_cents: values.priceCents,
      currency: values.currency,
      billing_frequency_months: values.billingFrequencyMonths,
      current_period_start: values.periodStart,
      current_period_end: values.periodEnd,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Subscriptions whose period ended (active or past due, to renew or retry), or whose grace or paid time ran out. */
export async function findDueSubscriptionIds(db: Database, now: Date, limit: number) {
  const rows = await db
    .selectFrom('distribution_subscriptions')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'active'), eb('current_period_end', '<=', now)]),
        eb.and([eb('status', '=', 'past_due'), eb.or([eb('grace_until', '<=', now), eb('next_retry_at', '<=', now)])]),
        eb.and([eb('status', '=', 'canceled'), eb('current_period_end', '<=', now)]),
      ]),
    )
    .orderBy('current_period_end')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function advancePeriod(db: Database, id: string, values: { periodNumber: number; start: Date; end: Date; now: Date }) {
  await db
    .updateTable('distribution_subscriptions')
    .set({
      status: 'active',
      period_number: values.periodNumber,
      current_period_start: values.start,
      current_period_end: values.end,
      grace_until: null,
      next_retry_at: null,
      failed_renewals: 0,
      last_failure: null,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function markPastDue(db: Database, id: string, values: { graceUntil: Date; nextRetryAt: Date; failure: string; now: Date }) {
  await db
    .updateTable('distribution_subscriptions')
    .set((eb) => ({
      status: 'past_due',
      grace_until: values.graceUntil,
      next_retry_at: values.nextRetryAt,
      failed_renewals: eb('failed_renewals', '+', 1),
      last_failure: values.failure.slice(0, 500),
      updated_at: values.now,
    }))
    .where('id', '=', id)
    .execute();
}

export async function setStatus(db: Database, id: string, status: DistributionSubscriptionStatus, now: Date) {
  await db
    .updateTable('distribution_subscriptions')
    .set({
      status,
      grace_until: status === 'past_due' ? undefined : null,
      next_retry_at: null,
      ...(status === 'canceled' ? { canceled_at: now } : {}),
      ...(status === 'ended' ? { ended_at: now } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A canceled subscription renews again, billed by the gateway subscription `gatewayRef`. */
export async function resume(db: Database, id: string, values: { gatewayRef: string; now: Date }) {
  await db
    .updateTable('distribution_subscriptions')
    .set({ status: 'active', gateway_ref: values.gatewayRef, canceled_at: null, grace_until: null, next_retry_at: null, updated_at: values.now })
    .where('id', '=', id)
    .execute();
}

export async function setPaymentMethod(db: Database, id: string, values: { token: string; now: Date }) {
  await db.updateTable('distribution_subscriptions').set({ payment_method_token: values.token, updated_at: values.now }).where('id', '=', id).execute();
}

export async function findLatestSubscriptionInvoice(db: Database, subscriptionId: string) {
  return db
    .selectFrom('invoices')
    .innerJoin('payments', 'payments.id', 'invoices.payment_id')
    .select(['invoices.invoice_number', 'invoices.total_cents', 'invoices.vat_cents', 'invoices.currency'])
    .where('payments.subscription_id', '=', subscriptionId)
    .orderBy('invoices.invoice_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// ---- the local provider's records (sql/0022), always scoped by the provider's user

export async function insertDistributionUser(db: Database, userId: string) {
  const row = await db.insertInto('distribution_users').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

export async function findArtists(db: Database, distributionUserId: string) {
  return db
    .selectFrom('distribution_artists')
    .select(['id', 'name', 'country'])
    .where('distribution_user_id', '=', distributionUserId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertArtist(db: Database, distributionUserId: string, values: { name: string; country: string }) {
  return db
    .insertInto('distribution_artists')
    .values({ distribution_user_id: distributionUserId, name: values.name, country: values.country })
    .returning(['id', 'name', 'country'])
    .executeTakeFirstOrThrow();
}

export async function renameArtist(db: Database, distributionUserId: string, id: number, name: string) {
  return db
    .updateTable('distribution_artists')
    .set({ name, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('distribution_user_id', '=', distributionUserId)
    .returning(['id', 'name', 'country'])
    .executeTakeFirst();
}

export async function findParticipants(db: Database, distributionUserId: string) {
  return db
    .selectFrom('distribution_participants')
    .select(['id', 'name', 'email'])
    .where('distribution_user_id', '=', distributionUserId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertParticipant(db: Database, distributionUserId: string, values: { name: string; email: string }) {
  return db
    .insertInto('distribution_participants')
    .values({ distribution_user_id: distributionUserId, name: values.name, email: values.email })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
}

export async function updateParticipant(db: Database, distributionUserId: string, id: number, values: { name: string; email: string }) {
  return db
    .updateTable('distribution_participants')
    .set({ name: values.name, email: values.email, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('distribution_user_id', '=', distributionUserId)
    .returning(['id', 'name', 'email'])
    .executeTakeFirst();
}

export async function findLabel(db: Database, distributionUserId: string, id: number) {
  return db
    .selectFrom('distribution_labels')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('distribution_user_id', '=', distributionUserId)
    .executeTakeFirst();
}

export async function insertLabel(db: Database, distributionUserId: string, name: string) {
  return db.insertInto('distribution_labels').values({ distribution_user_id: distributionUserId, name }).returning(['id', 'name']).executeTakeFirstOrThrow();
}

export async function renameLabel(db: Database, distributionUserId: string, id: number, name: string) {
  return db
    .updateTable('distribution_labels')
    .set({ name, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('distribution_user_id', '=', distributionUserId)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

export async function findGenres(db: Database) {
  return db.selectFrom('distribution_genres').select(['genre_id', 'name']).orderBy('name').execute();
}
export async function findLanguages(db: Database) {
  return db.selectFrom('distribution_languages').select(['code', 'name']).orderBy('name').execute();
}
export async function findRoles(db: Database) {
  return db.selectFrom('distribution_roles').select(['role_id', 'name']).orderBy('role_id').execute();
}

export async function findOutlets(db: Database) {
  const [outlets, children] = await Promise.all([
    db.selectFrom('distribution_outlets').select(['store_id', 'store_name']).where('enabled', '=', true).orderBy('sort_order').execute(),
    db.selectFrom('distribution_child_stores').select(['store_id', 'name']).orderBy('store_id').orderBy('sort_order').execute(),
  ]);
  return outlets.map((outlet) => ({ ...outlet, child_stores: children.filter((child) => child.store_id === outlet.store_id).map((child) => child.name) }));
}
