import { z } from 'zod';

/** 0 free (MP3), 1 WAV 16-bit, 2 WAV 24-bit (decisions.md, "Audio"). The option only goes up. */
export const ZBuyingOption = z.number().int().min(0).max(2);
export type TBuyingOption = z.infer<typeof ZBuyingOption>;

/**
 * The price list (spec §1, §9), in integer cents; the same figures apply in USD and EUR. Here, with
 * the shapes, so the client shows exactly what the server charges (pricing.config.ts prices with it).
 */
export const LIST_PRICE_CENTS = [0, 299, 699] as const;

export function listPriceCents(buyingOption: TBuyingOption): number {
  const cents = LIST_PRICE_CENTS[buyingOption];
  if (cents === undefined) throw new RangeError(`no buying option ${buyingOption}`);
  return cents;
}

/**
 * What moving a master to `buyingOption` costs before coupon and VAT: the list price, or, moving up
 * from an owned option, the difference (spec §1: the option only goes up). Owned or lower costs 0.
 * The one definition of the upgrade price: the server charges it and the SPA shows it.
 */
export function chargeCentsFor(buyingOption: TBuyingOption, ownedOption: TBuyingOption = 0): number {
  return Math.max(0, listPriceCents(buyingOption) - listPriceCents(ownedOption));
}

/** The price box's quality master: 10, with 17.99 struck through. */
export const PRICE_BOX_CENTS = { price: 1000, listPrice: 1799 } as const;

export const ZCurrency = z.enum(['USD', 'EUR']);
export type TCurrency = z.infer<typeof ZCurrency>;

/** What the price box and the option buttons show (spec §1): amounts in currency units, 2 decimals. */
export const ZPriceList = z.object({
  currency: ZCurrency,
  options: z.array(z.object({ buyingOption: ZBuyingOption, price: z.number() })),
  priceBox: z.object({ price: z.number(), listPrice: z.number() }),
});
export type TPriceList = z.infer<typeof ZPriceList>;
