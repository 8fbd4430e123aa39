import { z } from 'zod';
import { LIST_PRICE_CENTS } from './pricing.constants.js';

/** 0 free (MP3), 1 WAV 16-bit, 2 WAV 24-bit. The option only goes up. */
export const ZBuyingOption = z.number().int().min(0).max(2);
export type TBuyingOption = z.infer<typeof ZBuyingOption>;

export { LIST_PRICE_CENTS, PRICE_BOX_CENTS } from './pricing.constants.js';

export function listPriceCents(buyingOption: TBuyingOption): number {
  const cents = LIST_PRICE_CENTS[buyingOption];
  if (cents === undefined) throw new RangeError(`no buying option ${buyingOption}`);
  return cents;
}

/**
 * What moving a master to `buyingOption` costs before coupon and VAT: the list price, or, moving up
 * from an owned option, the difference (the option only goes up). Owned or lower costs 0.
 * The one definition of the upgrade price: the server charges it and the SPA shows it.
 */
export function chargeCentsFor(buyingOption: TBuyingOption, ownedOption: TBuyingOption = 0): number {
  return Math.max(0, listPriceCents(buyingOption) - listPriceCents(ownedOption));
}

export const ZCurrency = z.enum(['USD', 'EUR']);
export type TCurrency = z.infer<typeof ZCurrency>;

/** What the price box and the option buttons show: amounts in currency units, 2 decimals. */
export const ZPriceList = z.object({
  currency: ZCurrency,
  options: z.array(z.object({ buyingOption: ZBuyingOption, price: z.number() })),
  priceBox: z.object({ price: z.number(), listPrice: z.number() }),
});
export type TPriceList = z.infer<typeof ZPriceList>;
