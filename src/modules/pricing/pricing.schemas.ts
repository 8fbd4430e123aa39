import { z } from 'zod';
import { LIST_PRICE_CENTS } from './pricing.constants.js';

/** 0 free (MP3), 1 WAV 16-bit, 2 WAV 24-bit. The option only goes up. */
export const ZBuyingOption = z.number().int().min(0).max(2);
export type TBuyingOption = z.infer<typeof ZBuyingOption>;

export { LIST_PRICE_CENTS, PRICE_BOX_CENTS, vatCentsOf } from './pricing.constants.js';

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

/** A purchase's price with VAT by the buyer's invoice address: what every checkout summary shows. */
export const ZVatPriced = z.object({
  /** Before coupon and VAT. */
  price: z.number(),
  vat: z.number(),
  /** Percent, e.g. 19 or 25.5. */
  vatRate: z.number(),
  taxIdValid: z.boolean(),
  reverseCharge: z.boolean(),
  total: z.number(),
  currency: ZCurrency,
});
export type TVatPriced = z.infer<typeof ZVatPriced>;

/** What the price box and the option buttons show: amounts in currency units, 2 decimals. */
export const ZPriceList = z.object({
  currency: ZCurrency,
  options: z.array(z.object({ buyingOption: ZBuyingOption, price: z.number() })),
  priceBox: z.object({ price: z.number(), listPrice: z.number() }),
});
export type TPriceList = z.infer<typeof ZPriceList>;

/**
 * Who the shown prices are for: a signed-out visitor may name a country (from the browser's
 * region or a chooser); a signed-in caller's invoice address decides instead, since that is what
 * checkout charges by.
 */
export const ZShownPricesInput = z
  .object({ country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'global.error.invalidInput').optional() })
  .optional();
export type TShownPricesInput = z.infer<typeof ZShownPricesInput>;

/**
 * How prices are shown: `inclVat` to consumers in the EU (the shown amount is the gross, as EU
 * consumer law asks), `exclVat` to businesses with a valid VAT id (the net, "plus VAT" or reverse
 * charge), `noVat` where no EU VAT applies or the country is not known (net and gross are equal).
 */
export const ZVatBasis = z.enum(['inclVat', 'exclVat', 'noVat']);
export type TVatBasis = z.infer<typeof ZVatBasis>;

/** One price: net, its VAT, gross, and `shown`, the one of net or gross the basis asks to show. */
export const ZShownAmount = z.object({ net: z.number(), vat: z.number(), gross: z.number(), shown: z.number() });
export type TShownAmount = z.infer<typeof ZShownAmount>;

export const ZShownPrices = z.object({
  /** The country the VAT is reckoned for (the invoice address's, else the one asked for); null when unknown. */
  country: z.string().nullable(),
  basis: ZVatBasis,
  /** Whether `shown` amounts include VAT (basis `inclVat`). */
  inclVat: z.boolean(),
  /** Percent, e.g. 19. */
  vatRate: z.number(),
  reverseCharge: z.boolean(),
  /** Masters' currency (the caller's language's); the distribution plan has its own. */
  currency: ZCurrency,
  options: z.array(ZShownAmount.extend({ buyingOption: ZBuyingOption })),
  priceBox: z.object({ price: ZShownAmount, listPrice: ZShownAmount }),
  distribution: ZShownAmount.extend({ currency: ZCurrency, billingFrequency: z.number().int() }),
});
export type TShownPrices = z.infer<typeof ZShownPrices>;

/**
 * What VIES answered about a buyer's VAT id, as kept with the invoice it decided: the consultation
 * number is the evidence a tax audit asks for.
 */
export const ZVatCheck = z.object({
  valid: z.boolean(),
  /** VIES's request identifier; only given when the seller's own VAT id was sent as requester. */
  consultationNumber: z.string().nullable(),
  requestDate: z.string(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  checkedAt: z.string(),
});
export type TVatCheck = z.infer<typeof ZVatCheck>;
