import { publicProcedure, router } from '../../platform/trpc/trpc.js';
import { priceList } from './pricing.js';
import { ZShownPricesInput } from './pricing.schemas.js';
import { shownPrices } from './pricing.service.js';

export const pricingRouter = router({
  /** The price box and option prices in the caller's currency, net. */
  prices: publicProcedure.query(({ ctx }) => priceList(ctx.locale)),
  /** The same prices with VAT as the caller should see them: gross "incl. VAT" for EU consumers. */
  shownPrices: publicProcedure.input(ZShownPricesInput).query(({ ctx, input }) => shownPrices(ctx, input)),
});
