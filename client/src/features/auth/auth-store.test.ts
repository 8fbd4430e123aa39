import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, REFRESH_BEFORE_EXPIRY_MS, setAccessToken, startAuthLifecycle, useIsLoggedIn, WAKE_CHECK_INTERVAL_MS } from './auth-store.js';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('session life cycle', () => {
  let refreshes: number;
  let stop: (() => void) | null = null;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    refreshes = 0;
    document.cookie = 'has_session=1; Path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.endsWith('/refresh')) return new Response(null, { status: 204 });
        refreshes++;
        return jsonResponse(200, { accessToken: `token-${refreshes}`, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() });
      }),
    );
  });

  afterEach(() => {
    stop?.();
    stop = null;
    setAccessToken(null);
    document.cookie = 'has_session=; Max-Age=0; Path=/';
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('no network in client tests')));
  });

  it('when a token arrives, then it is refreshed 30 s before it expires, not earlier', async () => {
    setAccessToken('first', Date.now() + 5 * 60_000);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - REFRESH_BEFORE_EXPIRY_MS - 1000);
    expect(refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(refreshes).toBe(1);
    expect(getAccessToken()).toBe('token-1');
  });

  it('when the clock jumps 20 s or more between checks (the machine slept), then auth is refreshed; a normal tick is not', async () => {
    stop = startAuthLifecycle();
    await vi.advanceTimersByTimeAsync(10);
    expect(refreshes).toBe(1); // restoring on start
    await vi.advanceTimersByTimeAsync(3 * WAKE_CHECK_INTERVAL_MS);
    expect(refreshes).toBe(1);
    // A sleep: the wall clock moves on by a minute while no timer ran.
    vi.setSystemTime(Date.now() + 60_000);
    await vi.advanceTimersByTimeAsync(WAKE_CHECK_INTERVAL_MS);
    expect(refreshes).toBe(2);
  });

  it('when the tab becomes visible again, then auth is refreshed', async () => {
    stop = startAuthLifecycle();
    await vi.advanceTimersByTimeAsync(10);
    expect(refreshes).toBe(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(10);
    expect(refreshes).toBe(2);
  });

  it('when no session hint cookie exists (a visitor), then the page load asks for no refresh and the app sees no one logged in', async () => {
    document.cookie = 'has_session=; Max-Age=0; Path=/';
    const loggedIn = renderHook(() => useIsLoggedIn());
    stop = startAuthLifecycle();
    await vi.advanceTimersByTimeAsync(10);
    expect(refreshes).toBe(0);
    expect(loggedIn.result.current).toBe(false);
    loggedIn.unmount();
  });

  it('when a session is restored on load, then the app sees the user logged in once the refresh answers', async () => {
    const loggedIn = renderHook(() => useIsLoggedIn());
    expect(loggedIn.result.current).toBe(false);
    stop = startAuthLifecycle();
    await vi.advanceTimersByTimeAsync(10);
    expect(refreshes).toBe(1);
    expect(loggedIn.result.current).toBe(true);
    loggedIn.unmount();
  });
});
