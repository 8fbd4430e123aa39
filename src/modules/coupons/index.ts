export { addCoupon, couponValueCents, listCoupons, redeemCoupon, usableCoupon, validateCoupon, type CouponRejection, type CouponRow } from './coupons.service.js';
export { couponsRouter } from './coupons.trpc.js';
export { couponsRest } from './coupons.rest.js';
export * from './coupons.schemas.js';
