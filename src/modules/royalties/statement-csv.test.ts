import { describe, expect, it } from 'vitest';
import { convertToMinor, parseStatement, splitByWeights, splitCsvRecord } from './statement-csv.js';

describe('statement CSV and the ledger split', () => {
  it('when an amount is split by shares, then the parts add up to the amount exactly and the leftover cents go to the largest remainders', () => {
    expect(splitByWeights(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(341, [6667, 3333])).toEqual([227, 114]);
    expect(splitByWeights(-341, [6667, 3333])).toEqual([-227, -114]);
    expect(splitByWeights(5, [10000, 0])).toEqual([5, 0]);
    expect(splitByWeights(5, [])).toEqual([]);
    for (let amount = 0; amount < 500; amount += 7) {
      const weights = [1234, 5678, 3088];
      expect(splitByWeights(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });

  it('when an amount is converted, then it is exact in integers and rounded half away from zero to the cent', () => {
    expect(convertToMinor('1.00', '1.08')).toBe(108);
    expect(convertToMinor('0.0034123456', '1')).toBe(0);
    expect(convertToMinor('0.005', '1')).toBe(1);
    expect(convertToMinor('-0.005', '1')).toBe(-1);
    expect(convertToMinor('123456789012.9999999999', '1')).toBe(12345678901300);
    expect(convertToMinor('10', '0.855')).toBe(855);
  });

  it('when a record has quotes and commas inside them, then its fields are read as RFC 4180 says; an unbalanced quote is refused', () => {
    expect(splitCsvRecord('a,"b, c","d ""e"""')).toEqual(['a', 'b, c', 'd "e"']);
    expect(splitCsvRecord('a,"b')).toBeNull();
  });

  it('when a statement has a 12-digit UPC-A, hyphenated ISRC, mixed case and extra columns, then it is read normalised', () => {
    const parsed = parseStatement('Title,isrc,UPC,territory,usage type,QUANTITY,net_revenue,currency\nSong,de-mdk-26-00001,036000291452,de,Stream,12,0.5,eur\n', { EUR: '2' });
    expect(parsed).toEqual({
      ok: true,
      lines: [{ line: 2, isrc: 'DEMDK2600001', upc: '0036000291452', territory: 'DE', usageType: 'stream', quantity: 12, netRevenue: '0.5', currency: 'EUR', amountMinor: 100 }],
    });
  });
});
