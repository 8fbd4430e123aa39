import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignEan13,
  assignIsrc,
  ean13CheckDigit,
  formatIsrc,
  formatIswc,
  isValidIsrc,
  isValidIswc,
  isValidProductCode,
  iswcCheckDigit,
  normaliseIsrc,
} from './identifiers.js';

describe('ISRC', () => {
  it('when an ISRC is typed with hyphens or in lower case, then it is upper-cased, stored without hyphens and checked for its parts', () => {
    expect(normaliseIsrc(' de-mdk-26-00001 ')).toBe('DEMDK2600001');
    expect(isValidIsrc('de-mdk-26-00001')).toBe(true);
    expect(isValidIsrc('USRC17607839')).toBe(true);
    expect(formatIsrc('USRC17607839')).toBe('US-RC1-76-07839');
    for (const bad of ['', 'D1MDK2600001', 'DEMDK26000012', 'DEMDK2A00001', 'DE-MD-26-00001', 'DEMD!2600001']) expect(isValidIsrc(bad), bad).toBe(false);
  });

  it('when ISRCs are assigned from a registrant, then each is valid and carries the year and sequence', () => {
    expect(assignIsrc('DE-MDK', 2026, 1)).toBe('DEMDK2600001');
    expect(assignIsrc('de-mdk', 2031, 99_999)).toBe('DEMDK3199999');
    expect(() => assignIsrc('DE-MDK', 2026, 100_000)).toThrow(RangeError);
    expect(() => assignIsrc('DEU-MDK', 2026, 1)).toThrow(RangeError);
    fc.assert(fc.property(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 99_999 }), (year, sequence) => isValidIsrc(assignIsrc('DE-MDK', year, sequence))));
  });
});

describe('ISWC', () => {
  it('when the facts sheet example is checked, then T-034.524.680-1 is valid and any other check digit is not', () => {
    expect(iswcCheckDigit('034524680')).toBe(1);
    expect(isValidIswc('T-034.524.680-1')).toBe(true);
    expect(isValidIswc('t0345246801')).toBe(true);
    expect(formatIswc('T0345246801')).toBe('T-034.524.680-1');
    for (let digit = 0; digit <= 9; digit += 1) if (digit !== 1) expect(isValidIswc(`T034524680${digit}`)).toBe(false);
    expect(isValidIswc('X0345246801')).toBe(false);
    expect(isValidIswc('T034524681')).toBe(false);
  });

  it('when any one digit of a valid ISWC changes, then the check digit catches it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (digits, position, delta) => {
        const valid = `T${digits}${iswcCheckDigit(digits)}`;
        const changed = [...digits];
        changed[position] = String((Number(changed[position]) + delta) % 10);
        // Weights 1..9 are coprime with 10 except where i*delta is a multiple of 10 (i = 2, 4, 5, 6, 8 with even or 5 deltas).
        const caught = ((position + 1) * delta) % 10 !== 0;
        return isValidIswc(valid) && isValidIswc(`T${changed.join('')}${valid[10]}`) === !caught;
      }),
    );
  });
});

describe('EAN-13 and UPC-A', () => {
  it('when the facts sheet example is checked, then 4006381333931 is valid, its UPC-A form too, and a wrong check digit is not', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(isValidProductCode('4006381333931')).toBe(true);
    expect(isValidProductCode('4006381333932')).toBe(false);
    expect(isValidProductCode('036000291452')).toBe(true);
    expect(isValidProductCode('036000291453')).toBe(false);
    expect(isValidProductCode('40063813339')).toBe(false);
  });

  it('when codes are assigned from a GS1 prefix, then every one is valid, unique per sequence and keeps the prefix', () => {
    expect(assignEan13('4260123', 1)).toBe(`426012300001${ean13CheckDigit('426012300001')}`);
    expect(() => assignEan13('4260123', 100_000)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999 }), (a, b) => {
        const [x, y] = [assignEan13('4260123', a), assignEan13('4260123', b)];
        return isValidProductCode(x) && x.startsWith('4260123') && (a === b) === (x === y);
      }),
    );
  });
});
