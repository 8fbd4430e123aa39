import { describe, expect, it } from 'vitest';
import { listDate } from './list-date.js';

describe('listDate', () => {
  it('when a date is shown in a list, then it reads YYYY-MM-DD with leading zeros', () => {
    expect(listDate(new Date(2026, 10, 27, 12).toISOString())).toBe('2026-11-27');
    expect(listDate(new Date(2027, 0, 5, 12).toISOString())).toBe('2027-01-05');
  });

  it('when the moment is late in the evening, then the reader\'s local day is shown', () => {
    expect(listDate(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31');
  });
});
