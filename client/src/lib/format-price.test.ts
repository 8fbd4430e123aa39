import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price.js';

const NBSP = '\u00a0';

describe('formatPrice', () => {
  it('when English, then US dollars with two decimals', () => {
    expect(formatPrice(2.99, 'en')).toBe('$2.99');
    expect(formatPrice(0, 'en')).toBe('$0.00');
    expect(formatPrice(10, 'en')).toBe('$10.00');
  });

  it('when German, then euros with a decimal comma', () => {
    expect(formatPrice(6.99, 'de')).toBe(`6,99${NBSP}€`);
    expect(formatPrice(17.99, 'de')).toBe(`17,99${NBSP}€`);
  });

  it('when the amount has thousands, then no grouping separator', () => {
    expect(formatPrice(1234.5, 'en')).toBe('$1234.50');
    expect(formatPrice(1234.5, 'de')).toBe(`1234,50${NBSP}€`);
  });

  it('when the amount has more decimals, then it is rounded to two', () => {
    expect(formatPrice(2.999, 'en')).toBe('$3.00');
  });
});
