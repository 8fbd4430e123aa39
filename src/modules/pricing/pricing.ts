import type { Locale } from '../../platform/context.js';
import {
  CURRENCY_OF_LOCALE,
  listPriceCents,
  PRICE_BOX_CENTS,
  type BillingConfig,
} from './pricing.config.js';
import { vatCentsOf, type TCurrency, type TPriceList, type TVatPriced } from './pricing.schemas.js';
import { vatIdValid } from './vat-id.schemas.js';

/** Cents as the API and the invoice show money: a number with at most 2 decimals. */
export const amountOf = (cents: number): number => Math.round(cents) / 100;

export const currencyOf = (locale: Locale): TCurrency => CURRENCY_OF_LOCALE[locale];

export function priceList(locale: Locale): TPriceList {
  return {
    currency: currencyOf(locale),
    options: ([0, 1, 2] as const).map((buyingOption) => ({ buyingOption, price: amountOf(listPriceCents(buyingOption)) })),
    priceBox: { price: amountOf(PRICE_BOX_CENTS.price), listPrice: amountOf(PRICE_BOX_CENTS.listPrice) },
  };
}


export { normaliseTaxId } from './vat-id.schemas.js';

/**
 * Whether a VAT id could have been issued by the address country (format and check digits,
 * vat-id.schemas.ts). Outside the EU there is nothing to hold it against: any id is accepted.
 */
export const taxIdValid = (country: string, taxId: string): boolean => vatIdValid(country, taxId);

export type VatRule = 'domestic' | 'oss-consumer' | 'reverse-charge' | 'outside-eu';

export interface VatTreatment {
  rule: VatRule;
  /** Basis points: 1900 = 19 %. */
  rateBp: number;
  reverseCharge: boolean;
  /** False only when the address carries a tax id that is not valid (the checkout's invalid-tax-id notice). */
  taxIdValid: boolean;
}

/**
 * VAT on an electronically supplied service, by the buyer's invoice address (Council Directive
 * 2006/112/EC as amended by 2008/8/EC; one-stop shop since 1 July 2021):
 * - buyer outside the EU: no EU VAT (place of supply is the buyer's country, art. 58/59);
 * - buyer in the seller's country, business or not: the seller's domestic rate;
 * - business buyer in another member state, identified by a valid VAT id: no VAT, the
 *   buyer accounts for it (reverse charge, art. 196), and the invoice says so (art. 226(11a));
 * - any other EU buyer is a consumer, taxed at the rate of the buyer's country (art. 58, OSS).
 * An id that fails its country's format or check digits counts as no id: the buyer pays VAT as a
 * consumer and sees the notice (a made-up id must not move the VAT onto the seller).
 * The EUR 10,000 micro-business threshold of art. 59c is not used: the destination rate always applies.
 */
export function vatTreatmentFor(address: { country: string; taxId: string | null }, config: BillingConfig, confirmed = true): VatTreatment {
  const taxId = address.taxId?.trim() ? address.taxId : null;
  // `confirmed` is VIES's verdict where it is asked (vat-check.ts): a well-formed id it did not confirm counts as none.
  const taxIdValid = taxId === null || (vatIdValid(address.country, taxId) && confirmed);
  const buyerRate = config.vatRatesBp[address.country];
  if (buyerRate === undefined) return { rule: 'outside-eu', rateBp: 0, reverseCharge: false, taxIdValid };
  if (address.country === config.seller.country) return { rule: 'domestic', rateBp: buyerRate, reverseCharge: false, taxIdValid };
  if (taxId !== null && taxIdValid) return { rule: 'reverse-charge', rateBp: 0, reverseCharge: true, taxIdValid };
  return { rule: 'oss-consumer', rateBp: buyerRate, reverseCharge: false, taxIdValid };
}

export interface Totals {
  priceCents: number;
  couponValueCents: number;
  /** Price after the coupon: what VAT is charged on. */
  remainingCents: number;
  vatCents: number;
  totalCents: number;
}

/**
 * Coupon value = price - remaining cost; total = remaining cost (or price) + VAT.
 * Every amount is rounded to the cent exactly once (VAT: half up from the exact product), and the
 * total is the exact sum of the rounded lines, so the invoice adds up as printed.
 */
export function totalsFor(priceCents: number, couponValueCents: number, rateBp: number): Totals {
  const couponValue = Math.min(priceCents, Math.max(0, Math.round(couponValueCents)));
  const remainingCents = priceCents - couponValue;
  const vatCents = vatCentsOf(remainingCents, rateBp);
  return { priceCents, couponValueCents: couponValue, remainingCents, vatCents, totalCents: remainingCents + vatCents };
}

/** Totals and the buyer's VAT treatment as a checkout summary answers them, in whole currency units. */
export function vatPricedOf(totals: Totals, vat: Pick<VatTreatment, 'rateBp' | 'reverseCharge' | 'taxIdValid'>, currency: TCurrency): TVatPriced {
  return {
    price: amountOf(totals.priceCents),
    vat: amountOf(totals.vatCents),
    vatRate: vat.rateBp / 100,
    taxIdValid: vat.taxIdValid,
    reverseCharge: vat.reverseCharge,
    total: amountOf(totals.totalCents),
    currency,
  };
}
