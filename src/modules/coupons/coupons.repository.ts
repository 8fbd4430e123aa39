import type { Database } from '../../platform/db/database.js';

const COUPON_COLUMNS = ['id', 'key', 'type', 'value', 'max_uses', 'per_user_limit', 'expires_at', 'used_count'] as const;

export async function findCouponByKey(db: Database, key: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('coupons').select(COUPON_COLUMNS).where('key', '=', key);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export type CouponRow = NonNullable<Awaited<ReturnType<typeof findCouponByKey>>>;

/**
 * Uses that count against a coupon beyond the completed ones: charges in flight that carry it.
 * A completed purchase is counted in coupons.used_count (in the paying transaction).
 */
export async function countPendingUses(db: Database, couponId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('coupon_id', '=', couponId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Completed and in-flight purchases of one user with the coupon (per-user limit). */
export async function countUserUses(db: Database, couponId: number, userId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'settled'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Counts one completed use; the table's check keeps used_count within max_uses. */
export async function incrementUse(db: Database, couponId: number): Promise<void> {
  await db.updateTable('coupons').set((eb) => ({ used_count: eb('used_count', '+', 1) })).where('id', '=', couponId).execute();
}

export async function insertCoupon(
  db: Database,
  values: { key: string; type: 'percent' | 'amount' | 'free'; value: number; maxUses: number | null; perUserLimit: number | null; expiresAt: Date | null },
) {
  return db
    .insertInto('coupons')
    .values({
      key: values.key,
      type: values.type,
      value: values.value,
      max_uses: values.maxUses,
      per_user_limit: values.perUserLimit,
      expires_at: values.expiresAt,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning(COUPON_COLUMNS)
    .executeTakeFirst();
}

export async function listCoupons(db: Database) {
  return db.selectFrom('coupons').select(COUPON_COLUMNS).orderBy('created_at').orderBy('id').execute();
}
