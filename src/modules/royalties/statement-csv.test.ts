import { describe, expect, it } from 'vitest';
import { convertToMinor, parseStatement, splitByWeights } from './statement-csv.js';

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

  it('when a record has quotes, commas and a line break inside them, then its fields are read as RFC 4180 says and the next record keeps its line number', () => {
    const csv = 'Title,ISRC,UPC,Territory,Usage Type,Quantity,Net Revenue,Currency\n"Night, ""live""\nsecond line",DEMDK2600001,,DE,stream,3,1.50,USD\nPlain,DEMDK2600002,,AT,download,1,0.99,USD\n';
    expect(parseStatement(csv, {})).toEqual({
      ok: true,
      lines: [
        { line: 3, isrc: 'DEMDK2600001', upc: null, territory: 'DE', usageType: 'stream', quantity: 3, netRevenue: '1.50', currency: 'USD', amountMinor: 150 },
        { line: 4, isrc: 'DEMDK2600002', upc: null, territory: 'AT', usageType: 'download', quantity: 1, netRevenue: '0.99', currency: 'USD', amountMinor: 99 },
      ],
    });
  });

  it('when a quote is never closed, then the statement is refused as unreadable', () => {
    const parsed = parseStatement('ISRC,UPC,Territory,Usage Type,Quantity,Net Revenue,Currency\nDEMDK2600001,,DE,stream,3,"1.50,USD\n', {});
    expect(parsed).toMatchObject({ ok: false, problems: [{ problem: 'unbalanced quotes' }] });
  });

  it('when a DSR flat file is read, then each SU01 record is a line with DDEX use types in the ledger words; a file without its FOOT or with a bad record is refused naming the line', () => {
    const dsr = (rows: string[]) => rows.map((row) => row.replace(/ \| /g, '\t')).join('\n');
    const good = dsr([
      'HEAD | DSR4 | Spotify | 2026-10-01 | 2026-10-31',
      'SY02 | summary records of the store are skipped',
      'SU01 | DE-MDK-26-00001 |  | DE | OnDemandStream | 1200 | 3.2500 | EUR',
      'SU01 | DEMDK2600002 | 4006381333931 | AT | PermanentDownload | 2 | 1.40 | USD',
      'FOOT | 2',
    ]);
    expect(parseStatement(good, { EUR: '1.10' })).toEqual({
      ok: true,
      lines: [
        { line: 3, isrc: 'DEMDK2600001', upc: null, territory: 'DE', usageType: 'stream', quantity: 1200, netRevenue: '3.2500', currency: 'EUR', amountMinor: 358 },
        { line: 4, isrc: 'DEMDK2600002', upc: '4006381333931', territory: 'AT', usageType: 'download', quantity: 2, netRevenue: '1.40', currency: 'USD', amountMinor: 140 },
      ],
    });
    expect(parseStatement(dsr(['HEAD | DSR4 | Spotify | 2026-10-01 | 2026-10-31', 'SU01 | DEMDK2600001 |  | DE | OnDemandStream | 1 | 0.01 | USD']), {})).toMatchObject({
      ok: false,
      problems: [{ line: 2, problem: 'no FOOT record: the file is incomplete' }],
    });
    expect(parseStatement(dsr(['HEAD | DSR4 | Spotify | 2026-10-01 | 2026-10-31', 'SU01 | DEMDK2600001 |  | World | OnDemandStream | 1 | 0.01 | USD', 'SU01 | DEMDK2600001', 'FOOT | 2']), {})).toMatchObject({
      ok: false,
      problems: [
        { line: 2, problem: 'territory "World" is not a two-letter country code' },
        { line: 3, problem: 'SU01 expects 7 fields (isrc, upc, territory, usage_type, quantity, net_revenue, currency), found 1' },
      ],
    });
  });


  it('when a statement has a 12-digit UPC-A, hyphenated ISRC, mixed case and extra columns, then it is read normalised', () => {
    const parsed = parseStatement('Title,isrc,UPC,territory,usage type,QUANTITY,net_revenue,currency\nSong,de-mdk-26-00001,036000291452,de,Stream,12,0.5,eur\n', { EUR: '2' });
    expect(parsed).toEqual({
      ok: true,
      lines: [{ line: 2, isrc: 'DEMDK2600001', upc: '0036000291452', territory: 'DE', usageType: 'stream', quantity: 12, netRevenue: '0.5', currency: 'EUR', amountMinor: 100 }],
    });
  });
});
