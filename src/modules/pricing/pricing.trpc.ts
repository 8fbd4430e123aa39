import { publicProcedure, router } from '../../platform/trpc/trpc.js';
import { priceList } from './pricing.js';

export const pricingRouter = router({
  /** The price box and option prices in the caller's currency. */
  prices: publicProcedure.query(({ ctx }) => priceList(ctx.locale)),
});
