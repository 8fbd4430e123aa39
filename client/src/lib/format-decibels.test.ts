import { describe, expect, it } from 'vitest';
import { formatDb, formatFigure } from './format-decibels.js';

describe('decibel formatting', () => {
  it('when a change is formatted, then the sign is explicit and the minus is typographic', () => {
    expect(formatDb(-6.04, 'en')).toBe('\u22126.0');
    expect(formatDb(2.25, 'de')).toBe('+2,3');
    expect(formatDb(0, 'en')).toBe('0.0');
  });

  it('when a level is formatted, then negatives get a typographic minus and positives no plus', () => {
    expect(formatFigure(-19.26, 'en')).toBe('\u221219.3');
    expect(formatFigure(-0.04, 'de')).toBe('0,0');
    expect(formatFigure(1.25, 'de')).toBe('1,3');
  });
});
