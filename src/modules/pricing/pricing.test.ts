import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../platform/env.js';
import { billingConfigOf } from './pricing.config.js';
import { priceList, taxIdValid, totalsFor, vatTreatmentFor } from './pricing.js';
import { chargeCentsFor } from './pricing.schemas.js';

const config = billingConfigOf({ SELLER_COUNTRY: 'DE', SELLER_NAME: 'Seller', SELLER_ADDRESS: 'Street 1|Berlin', SELLER_VAT_ID: 'DE136695976' });

describe('prices', () => {
  it('when listed per locale, then English is USD, German EUR, and the price box is 10 instead of 17.99', () => {
    expect(priceList('en')).toEqual({
      currency: 'USD',
      options: [
        { buyingOption: 0, price: 0 },
        { buyingOption: 1, price: 2.99 },
        { buyingOption: 2, price: 6.99 },
      ],
      priceBox: { price: 10, listPrice: 17.99 },
    });
    expect(priceList('de').currency).toBe('EUR');
  });

  it('when moving up from an owned option, then only the difference is charged; owned or lower costs nothing', () => {
    expect(chargeCentsFor(2)).toBe(699);
    expect(chargeCentsFor(2, 1)).toBe(400);
    expect(chargeCentsFor(1, 1)).toBe(0);
    expect(chargeCentsFor(1, 2)).toBe(0);
  });
});

describe('VAT', () => {
  it('when a German consumer buys, then German VAT applies', () => {
    expect(vatTreatmentFor({ country: 'DE', taxId: null }, config)).toEqual({ rule: 'domestic', rateBp: 1900, reverseCharge: false, taxIdValid: true });
  });

  it('when a German business buys from a German seller, then VAT applies all the same', () => {
    expect(vatTreatmentFor({ country: 'DE', taxId: 'DE 123 456 789' }, config).rateBp).toBe(1900);
  });

  it('when a French business with a valid VAT id buys, then no VAT is charged (reverse charge)', () => {
    expect(vatTreatmentFor({ country: 'FR', taxId: 'FR44732829320' }, config)).toEqual({ rule: 'reverse-charge', rateBp: 0, reverseCharge: true, taxIdValid: true });
  });

  it('when a French buyer gives a made-up VAT id of the right shape, then its check key fails and French VAT applies', () => {
    expect(vatTreatmentFor({ country: 'FR', taxId: 'FR12345678901' }, config)).toEqual({ rule: 'oss-consumer', rateBp: 2000, reverseCharge: false, taxIdValid: false });
  });

  it('when a French buyer has a VAT id of invalid format, then French VAT applies and the id is flagged', () => {
    expect(vatTreatmentFor({ country: 'FR', taxId: 'FR123' }, config)).toEqual({ rule: 'oss-consumer', rateBp: 2000, reverseCharge: false, taxIdValid: false });
  });

  it('when an EU consumer abroad buys, then the rate of the buyer country applies (OSS)', () => {
    expect(vatTreatmentFor({ country: 'HU', taxId: null }, config).rateBp).toBe(2700);
    expect(vatTreatmentFor({ country: 'FI', taxId: '' }, config).rateBp).toBe(2550);
  });

  it('when the buyer lives outside the EU, then no VAT is charged whatever the tax id', () => {
    expect(vatTreatmentFor({ country: 'US', taxId: null }, config)).toEqual({ rule: 'outside-eu', rateBp: 0, reverseCharge: false, taxIdValid: true });
    expect(vatTreatmentFor({ country: 'CH', taxId: 'CHE-123.456.789' }, config).rateBp).toBe(0);
  });

  it('when VAT ids are written with or without prefix and separators, then format and check digits decide', () => {
    expect(taxIdValid('DE', '136695976')).toBe(true);
    expect(taxIdValid('DE', 'DE 136 695 976')).toBe(true);
    expect(taxIdValid('GR', 'EL094012834')).toBe(true);
    expect(taxIdValid('GR', 'GR094012834')).toBe(false);
    expect(taxIdValid('AT', 'ATU13585627')).toBe(true);
    expect(taxIdValid('NL', 'NL806753742B01')).toBe(true);
    expect(taxIdValid('FR', 'DE136695976')).toBe(false);
    expect(taxIdValid('DE', '12345')).toBe(false);
    expect(taxIdValid('CH', 'CHE-123.456.789')).toBe(true);
  });

  it('when VAT_RATES changes a rate, then that rate applies and the others stay; a non-EU country is refused', () => {
    const changed = billingConfigOf({ SELLER_COUNTRY: 'DE', SELLER_NAME: 'Seller', SELLER_ADDRESS: 'Street 1', SELLER_VAT_ID: 'DE123456789', VAT_RATES: 'DE=7, FR=20.5' });
    expect(vatTreatmentFor({ country: 'DE', taxId: null }, changed).rateBp).toBe(700);
    expect(vatTreatmentFor({ country: 'FR', taxId: null }, changed).rateBp).toBe(2050);
    expect(vatTreatmentFor({ country: 'AT', taxId: null }, changed).rateBp).toBe(2000);
    expect(() => billingConfigOf({ SELLER_COUNTRY: 'DE', SELLER_NAME: 'x', SELLER_ADDRESS: 'x', SELLER_VAT_ID: '', VAT_RATES: 'US=10' })).toThrow(/not an EU member state/);
    expect(() => parseEnv({ VAT_RATES: 'DE:19' })).toThrow(/VAT_RATES/);
  });

  it('when the seller is configured outside the EU, then configuration fails fast', () => {
    expect(() => billingConfigOf({ SELLER_COUNTRY: 'US', SELLER_NAME: 'x', SELLER_ADDRESS: 'x', SELLER_VAT_ID: '' })).toThrow(/not an EU member state/);
  });
});

describe('totals', () => {
  it('when VAT is added, then it is rounded half up once and the total is the exact sum of the lines', () => {
    expect(totalsFor(299, 0, 1900)).toEqual({ priceCents: 299, couponValueCents: 0, remainingCents: 299, vatCents: 57, totalCents: 356 });
    expect(totalsFor(699, 0, 2550)).toMatchObject({ vatCents: 178, totalCents: 877 });
    // 150 x 19 % = 28.5 cents: half up.
    expect(totalsFor(300, 150, 1900)).toMatchObject({ remainingCents: 150, vatCents: 29, totalCents: 179 });
  });

  it('when a coupon is worth more than the price, then the remaining cost is 0 and so is the VAT', () => {
    expect(totalsFor(299, 500, 1900)).toEqual({ priceCents: 299, couponValueCents: 299, remainingCents: 0, vatCents: 0, totalCents: 0 });
  });
});
