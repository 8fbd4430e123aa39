import { z } from 'zod';

/** Coupon keys are compared trimmed and upper-cased, whatever the user typed. */
export const ZCouponKey = z.string().max(100).transform((key) => key.trim().toUpperCase());

/** The free-plugin promotion's code (seeded by sql/0008): one free master per user. */
export const WELCOME_COUPON_KEY = 'FREEMASTER';

export const ZCouponType = z.enum(['percent', 'amount', 'free']);
export type TCouponType = z.infer<typeof ZCouponType>;

/** POST /api/coupon/validate. Form posts send numbers as strings, hence the coercion. */
export const ZValidateCouponInput = z.object({
  key: ZCouponKey,
  buyingOption: z.coerce.number().int().min(0).max(2),
});
export type TValidateCouponInput = z.infer<typeof ZValidateCouponInput>;

export const ZCouponValidation = z.object({
  isValid: z.boolean(),
  /** What the option costs after the coupon, before VAT (currency units, 2 decimals). */
  remainingCost: z.number(),
});
export type TCouponValidation = z.infer<typeof ZCouponValidation>;

/** Operator input (coupon:add). */
export const ZAddCouponInput = z
  .object({
    key: z.string().transform((key) => key.trim().toUpperCase()).pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, 'key: 3-40 letters, digits, - or _')),
    type: ZCouponType,
    /** percent: 1-100; amount: currency units off (2.5 = 2.50); free: ignored. */
    value: z.number().min(0).default(0),
    maxUses: z.number().int().positive().nullable().default(null),
    perUserLimit: z.number().int().positive().nullable().default(null),
    /** Last day the coupon is accepted (through its end, UTC). */
    expires: z.iso.date().nullable().default(null),
  })
  .superRefine((input, issue) => {
    if (input.type === 'percent' && !(Number.isInteger(input.value) && input.value >= 1 && input.value <= 100)) {
      issue.addIssue({ code: 'custom', path: ['value'], message: 'percent coupons take a whole number from 1 to 100' });
    }
    if (input.type === 'amount' && !(input.value > 0 && Number.isInteger(Math.round(input.value * 100)))) {
      issue.addIssue({ code: 'custom', path: ['value'], message: 'amount coupons take a positive amount' });
    }
  });
export type TAddCouponInput = z.input<typeof ZAddCouponInput>;

export const ZCoupon = z.object({
  key: z.string(),
  type: ZCouponType,
  /** percent: 1-100; amount: currency units; free: 0. */
  value: z.number(),
  maxUses: z.number().nullable(),
  perUserLimit: z.number().nullable(),
  /** Last day accepted (YYYY-MM-DD), or null for no expiry. */
  expires: z.string().nullable(),
  usedCount: z.number(),
});
export type TCoupon = z.infer<typeof ZCoupon>;
