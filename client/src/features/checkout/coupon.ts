import { useEffect, useState } from 'react';

/** The coupon is checked 500 ms after typing stops. */
export const COUPON_DELAY_MS = 500;

/** Coupon codes are trimmed and upper-cased, whatever the user typed. */
export function normalizeCoupon(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * The coupon the dialog checks: the normalised input once it has rested for 500 ms. `settled` is
 * false while the user is still typing, so nothing is paid with a code the server has not seen.
 */
export function useDebouncedCoupon(raw: string, delayMs = COUPON_DELAY_MS): { key: string; settled: boolean } {
  const normalized = normalizeCoupon(raw);
  const [key, setKey] = useState(normalized);
  useEffect(() => {
    if (normalized === key) return;
    const timer = setTimeout(() => setKey(normalized), delayMs);
    return () => clearTimeout(timer);
  }, [normalized, key, delayMs]);
  return { key, settled: key === normalized };
}

/** A checkout's coupon field: what was typed, and the key the server is asked about (useDebouncedCoupon). */
export function useCouponField() {
  const [input, setInput] = useState('');
  return { input, setInput, ...useDebouncedCoupon(input) };
}
export type CouponField = ReturnType<typeof useCouponField>;
