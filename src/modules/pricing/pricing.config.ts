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

/**
 * Format of each member state's VAT identification number after its prefix, as the Commission's
 * VIES service documents it ("VIES VAT number validation", FAQ "What is the structure of a VAT
 * number?"). Format only: whether the number is registered is VIES's question, not ours.
 * Greece's prefix is EL, not its ISO code GR.
 */
export const VAT_ID_FORMATS: Readonly<Record<string, { prefix: string; pattern: RegExp }>> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/ },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/ },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/ },
  DE: { prefix: 'DE', pattern: /^\d{9}$/ },
  DK: { prefix: 'DK', pattern: /^\d{8}$/ },
  EE: { prefix: 'EE', pattern: /^\d{9}$/ },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', pattern: /^\d{8}$/ },
  FR: { prefix: 'FR', pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { prefix: 'EL', pattern: /^\d{9}$/ },
  HR: { prefix: 'HR', pattern: /^\d{11}$/ },
  HU: { prefix: 'HU', pattern: /^\d{8}$/ },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', pattern: /^\d{11}$/ },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', pattern: /^\d{8}$/ },
  LV: { prefix: 'LV', pattern: /^\d{11}$/ },
  MT: { prefix: 'MT', pattern: /^\d{8}$/ },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', pattern: /^\d{10}$/ },
  PT: { prefix: 'PT', pattern: /^\d{9}$/ },
  RO: { prefix: 'RO', pattern: /^[1-9]\d{1,9}$/ },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/ },
  SI: { prefix: 'SI', pattern: /^\d{8}$/ },
  SK: { prefix: 'SK', pattern: /^\d{10}$/ },
};

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
