import type { Locale } from '../../platform/context.js';
import {
  CURRENCY_OF_LOCALE,
  listPriceCents,
  PRICE_BOX_CENTS,
  VAT_ID_FORMATS,
  type BillingConfig,
} from './pricing.config.js';
import type { TCurrency, TPriceList } from './pricing.schemas.js';

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


/** Spaces, dots and hyphens are how people write VAT ids; the number itself is letters and digits. */
export const normaliseTaxId = (taxId: string): string => taxId.replace(/[\s.\-/]/g, '').toUpperCase();

const EU_VAT_PREFIXES = new Set(Object.values(VAT_ID_FORMATS).map((format) => format.prefix));

/**
 * Whether a VAT id has the format of the address country's VAT numbers, with or without its
 * prefix (DE123456789 or 123456789 for Germany; EL for Greece). An id that starts with another
 * member state's prefix fails (a French key could in theory begin with such letters; that case is
 * judged invalid). Outside the EU there is no format to hold it against: any id is accepted.
 */
export function taxIdFormatValid(country: string, taxId: string): boolean {
  const id = normaliseTaxId(taxId);
  const format = VAT_ID_FORMATS[country];
  if (!format) return id.length > 0;
  if (id.startsWith(format.prefix) && format.pattern.test(id.slice(format.prefix.length))) return true;
  if (EU_VAT_PREFIXES.has(id.slice(0, 2))) return false;
  return format.pattern.test(id);
}

export type VatRule = 'domestic' | 'oss-consumer' | 'reverse-charge' | 'outside-eu';

export interface VatTreatment {
  rule: VatRule;
  /** Basis points: 1900 = 19 %. */
  rateBp: number;
  reverseCharge: boolean;
  /** False only when the address carries a tax id whose format is not valid. */
  taxIdValid: boolean;
}

/**
 * VAT on an electronically supplied service, by the buyer's invoice address (Council Directive
 * 2006/112/EC as amended by 2008/8/EC; one-stop shop since 1 July 2021):
 * - buyer outside the EU: no EU VAT (place of supply is the buyer's country, art. 58/59);
 * - buyer in the seller's country, business or not: the seller's domestic rate;
 * - business buyer in another member state, identified by a VAT id of valid format: no VAT, the
 *   buyer accounts for it (reverse charge, art. 196), and the invoice says so (art. 226(11a));
 * - any other EU buyer is a consumer, taxed at the rate of the buyer's country (art. 58, OSS).
 * An id of invalid format counts as no id: the buyer pays VAT as a consumer and sees the notice.
 * The EUR 10,000 micro-business threshold of art. 59c is not used: the destination rate always applies.
 */
export function vatTreatmentFor(address: { country: string; taxId: string | null }, config: BillingConfig): VatTreatment {
  const taxId = address.taxId?.trim() ? address.taxId : null;
  const taxIdValid = taxId === null || taxIdFormatValid(address.country, taxId);
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
  // Integer arithmetic: cents x basis points is exact; one division, one rounding.
  const vatCents = Math.floor((remainingCents * rateBp + 5000) / 10000);
  return { priceCents, couponValueCents: couponValue, remainingCents, vatCents, totalCents: remainingCents + vatCents };
}
