import type { Env } from '../../platform/env.js';
import type { TCurrency } from './pricing.schemas.js';

export { LIST_PRICE_CENTS, listPriceCents, PRICE_BOX_CENTS } from './pricing.schemas.js';

/**
 * Every price and tax rate of the product, in one place (the list prices themselves live in
 * pricing.constants.ts, which the client reads too). Money is integer cents; the same figures apply
 * in USD and EUR ("2.99 USD" in English, the same number in EUR in German).
 */

export const CURRENCY_OF_LOCALE = { en: 'USD', de: 'EUR' } as const satisfies Record<'en' | 'de', TCurrency>;

/**
 * Standard VAT rates of the EU member states in basis points (1900 = 19 %), keyed by ISO 3166
 * alpha-2 code. Source: European Commission, "VAT rates applied in the Member States of the
 * European Union", situation at 1 January 2026 (EE 24 % from 1 July 2025, RO 21 % from 1 August
 * 2025, SK 23 % and FI 25.5 % already in force). Digital services are taxed at the standard rate.
 * A rate change is a one-line edit here; issued invoices keep the rate they were issued with.
 */
export const EU_STANDARD_VAT_RATES_BP: Readonly<Record<string, number>> = {
  AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100,
  FI: 2550, FR: 2000, GR: 2400, HR: 2500, HU: 2700, IE: 2300, IT: 2200, LT: 2100, LU: 1700,
  LV: 2100, MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300,
};

export { VAT_ID_FORMATS } from './vat-id.schemas.js';

export interface Seller {
  name: string;
  addressLines: string[];
  country: string;
  vatId: string;
}

export interface BillingConfig {
  seller: Seller;
  vatRatesBp: Readonly<Record<string, number>>;
}

/** The EU rates with the environment's changes (VAT_RATES, `DE=19,FR=20`), in basis points. */
export function vatRatesOf(changes: string | undefined): Readonly<Record<string, number>> {
  const rates: Record<string, number> = { ...EU_STANDARD_VAT_RATES_BP };
  for (const pair of (changes ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const [country = '', percent = ''] = pair.split('=');
    if (rates[country] === undefined) throw new Error(`VAT_RATES: ${country} is not an EU member state`);
    rates[country] = Math.round(Number(percent) * 100);
  }
  return rates;
}

/** The seller from the environment (SELLER_*); it must sit in the EU, since the VAT rules assume so. */
export function billingConfigOf(env: Pick<Env, 'SELLER_COUNTRY' | 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_VAT_ID'> & Partial<Pick<Env, 'VAT_RATES'>>): BillingConfig {
  if (EU_STANDARD_VAT_RATES_BP[env.SELLER_COUNTRY] === undefined) {
    throw new Error(`SELLER_COUNTRY ${env.SELLER_COUNTRY} is not an EU member state; the VAT rules assume an EU seller`);
  }
  return {
    seller: {
      name: env.SELLER_NAME,
      addressLines: env.SELLER_ADDRESS.split('|').map((line) => line.trim()).filter(Boolean),
      country: env.SELLER_COUNTRY,
      vatId: env.SELLER_VAT_ID,
    },
    vatRatesBp: vatRatesOf(env.VAT_RATES),
  };
}
