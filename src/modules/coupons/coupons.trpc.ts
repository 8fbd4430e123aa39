import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { ZValidateCouponInput } from './coupons.schemas.js';
import { validateCoupon } from './coupons.service.js';

export const couponsRouter = router({
  validate: authedProcedure.input(ZValidateCouponInput).query(({ ctx, input }) => validateCoupon(ctx, input)),
});
