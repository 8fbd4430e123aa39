import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUPON_DELAY_MS, normalizeCoupon, useDebouncedCoupon } from './coupon.js';

describe('coupon codes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when a code is typed with spaces and lower case, then it is trimmed and upper-cased', () => {
    expect(normalizeCoupon('  summer-10 ')).toBe('SUMMER-10');
    expect(normalizeCoupon('\tfree\n')).toBe('FREE');
    expect(normalizeCoupon('   ')).toBe('');
  });

  it('when typing goes on, then the code is checked only 500 ms after the last key', () => {
    const { result, rerender } = renderHook(({ raw }) => useDebouncedCoupon(raw), { initialProps: { raw: '' } });
    expect(result.current).toEqual({ key: '', settled: true });

    rerender({ raw: ' s' });
    expect(result.current).toEqual({ key: '', settled: false });
    act(() => vi.advanceTimersByTime(400));
    rerender({ raw: ' su' });
    act(() => vi.advanceTimersByTime(400));
    // 800 ms since the first key, but only 400 since the last: still waiting.
    expect(result.current.key).toBe('');
    rerender({ raw: ' sum10 ' });
    act(() => vi.advanceTimersByTime(COUPON_DELAY_MS - 1));
    expect(result.current).toEqual({ key: '', settled: false });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ key: 'SUM10', settled: true });
  });

  it('when only spaces or case change, then the settled code stays and nothing is checked again', () => {
    const { result, rerender } = renderHook(({ raw }) => useDebouncedCoupon(raw), { initialProps: { raw: 'abc' } });
    expect(result.current).toEqual({ key: 'ABC', settled: true });
    rerender({ raw: ' ABC  ' });
    expect(result.current).toEqual({ key: 'ABC', settled: true });
  });
});
