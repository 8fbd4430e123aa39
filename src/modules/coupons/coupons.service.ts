import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { amountOf, chargeCentsFor } from '../pricing/index.js';
import * as repo from './coupons.repository.js';
import {
  ZAddCouponInput,
  type TAddCouponInput,
  type TCoupon,
  type TCouponValidation,
  type TValidateCouponInput,
} from './coupons.schemas.js';

export type CouponRow = repo.CouponRow;

export type CouponRejection = 'unknown' | 'expired' | 'usedUp' | 'userLimitReached';

/**
 * What a coupon takes off a purchase, in cents, from the charge of each master bought (one for a
 * single master, one per track charged for an album): never more than the charge. A percent or an
 * amount coupon applies to the whole charge; a free coupon is one free master, the dearest of them.
 */
export function couponValueCents(coupon: Pick<CouponRow, 'type' | 'value'>, lineCents: readonly number[]): number {
  const chargeCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  switch (coupon.type) {
    case 'free':
      return Math.max(0, ...lineCents);
    case 'percent':
      return Math.min(chargeCents, Math.round((chargeCents * coupon.value) / 100));
    case 'amount':
      // Amount coupons are in cents of whatever currency the buyer pays in (prices are the same
      // figures in USD and EUR).
      return Math.min(chargeCents, coupon.value);
  }
}

/**
 * A coupon the user may use now, or why not. Uses count completed purchases (used_count) and
 * charges in flight, so two buyers cannot both take a coupon's last use. Called inside the paying
 * transaction with `forUpdate`, which makes concurrent claims of one coupon take turns.
 */
export async function usableCoupon(
  db: Database,
  input: { key: string; userId: string | null; now?: Date; forUpdate?: boolean },
): Promise<{ ok: true; coupon: CouponRow } | { ok: false; reason: CouponRejection }> {
  if (!input.key) return { ok: false, reason: 'unknown' };
  const coupon = await repo.findCouponByKey(db, input.key, { forUpdate: input.forUpdate ?? false });
  if (!coupon) return { ok: false, reason: 'unknown' };
  if (coupon.expires_at && coupon.expires_at.getTime() <= (input.now ?? new Date()).getTime()) return { ok: false, reason: 'expired' };
  if (coupon.max_uses !== null && coupon.used_count + (await repo.countPendingUses(db, coupon.id)) >= coupon.max_uses) {
    return { ok: false, reason: 'usedUp' };
  }
  if (coupon.per_user_limit !== null && input.userId && (await repo.countUserUses(db, coupon.id, input.userId)) >= coupon.per_user_limit) {
    return { ok: false, reason: 'userLimitReached' };
  }
  return { ok: true, coupon };
}

/** POST /api/coupon/validate: is the key usable by the caller, and what would the option cost. */
export async function validateCoupon(ctx: ServiceContext, input: TValidateCouponInput): Promise<TCouponValidation> {
  if (!ctx.actor) throw unauthorized();
  const chargeCents = chargeCentsFor(input.buyingOption);
  const usable = await usableCoupon(ctx.db, { key: input.key, userId: ctx.actor.userId });
  if (!usable.ok) return { isValid: false, remainingCost: amountOf(chargeCents) };
  return { isValid: true, remainingCost: amountOf(chargeCents - couponValueCents(usable.coupon, [chargeCents])) };
}

/** Counts a completed use; run inside the paying transaction. */
export const redeemCoupon = (db: Database, couponId: number) => repo.incrementUse(db, couponId);

const DAY_MS = 24 * 60 * 60 * 1000;

function toCoupon(row: CouponRow): TCoupon {
  return {
    key: row.key,
    type: row.type,
    value: row.type === 'amount' ? amountOf(row.value) : row.value,
    maxUses: row.max_uses,
    perUserLimit: row.per_user_limit,
    // Stored as the first instant it is no longer accepted; shown as the last day it is.
    expires: row.expires_at ? new Date(row.expires_at.getTime() - DAY_MS).toISOString().slice(0, 10) : null,
    usedCount: row.used_count,
  };
}

/** Operator command coupon:add. A key that exists already is refused, never overwritten. */
export async function addCoupon(ctx: Pick<ServiceContext, 'db'>, raw: TAddCouponInput): Promise<TCoupon> {
  const input = ZAddCouponInput.parse(raw);
  const value = input.type === 'percent' ? input.value : input.type === 'amount' ? Math.round(input.value * 100) : 0;
  const expiresAt = input.expires ? new Date(Date.parse(`${input.expires}T00:00:00Z`) + DAY_MS) : null;
  const row = await repo.insertCoupon(ctx.db, { key: input.key, type: input.type, value, maxUses: input.maxUses, perUserLimit: input.perUserLimit, expiresAt });
  if (!row) throw new AppError('CONFLICT', 'error.couponExists', { detail: input.key });
  return toCoupon(row);
}

export async function listCoupons(ctx: Pick<ServiceContext, 'db'>): Promise<TCoupon[]> {
  return (await repo.listCoupons(ctx.db)).map(toCoupon);
}
