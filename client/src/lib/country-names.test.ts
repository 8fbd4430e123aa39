import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './country-names.js';

describe('country names', () => {
  it('when the interface is German, then countries are named in German and sorted the German way', () => {
    expect(countryName('US', 'de')).toBe('Vereinigte Staaten');
    expect(countryName('DE', 'en')).toBe('Germany');
    const german = countryOptions('de');
    expect(german.find((option) => option.value === 'AT')?.label).toBe('Österreich');
    const labels = german.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
  });

  it('when a code is not a region, then the code itself shows', () => {
    expect(countryName('??', 'de')).toBe('??');
  });
});
