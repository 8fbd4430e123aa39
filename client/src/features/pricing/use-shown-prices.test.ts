import { describe, expect, it } from 'vitest';
import { countryGuess, shownAmountOf } from './use-shown-prices.js';

describe('shown prices', () => {
  it('when the browser names a region, then that is the country guessed; a bare language guesses nothing', () => {
    expect(countryGuess(['de-AT', 'de'])).toBe('AT');
    expect(countryGuess(['zh-Hant-TW'])).toBe('TW');
    expect(countryGuess(['en', 'fr-fr'])).toBe('FR');
    expect(countryGuess(['en'])).toBeUndefined();
  });

  it('when a consumer in Germany sees an upgrade of 4.00, then it shows 4.76 with VAT; a business sees the net', () => {
    expect(shownAmountOf({ basis: 'inclVat', vatRate: 19 }, 4)).toBe(4.76);
    expect(shownAmountOf({ basis: 'inclVat', vatRate: 19 }, 2.99)).toBe(3.56);
    expect(shownAmountOf({ basis: 'exclVat', vatRate: 19 }, 4)).toBe(4);
    expect(shownAmountOf({ basis: 'noVat', vatRate: 0 }, 6.99)).toBe(6.99);
  });
});
