import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-time.js';

describe('formatDuration (m:ss or h:mm:ss)', () => {
  it('when under an hour, then m:ss with seconds padded', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9.99)).toBe('0:09');
    expect(formatDuration(61)).toBe('1:01');
    expect(formatDuration(3599)).toBe('59:59');
  });
  it('when an hour or more, then h:mm:ss', () => {
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3600 + 5 * 60 + 7)).toBe('1:05:07');
  });
  it('when negative or not a number, then 0:00', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
