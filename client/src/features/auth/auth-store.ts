import { create } from 'zustand';
import { SESSION_HINT_COOKIE } from '../../../../src/modules/accounts/accounts.constants.js';
import { readCookie } from '../../lib/cookies.js';
import { authApi } from './auth-api.js';

/**
 * Authentication data: the access token, its expiry and when it arrived. The token lives
 * in memory only; the httpOnly refresh cookie restores it after a reload.
 */
export type AuthStatus = 'anonymous' | 'restoring' | 'authenticated';

interface AuthState {
  status: AuthStatus;
  accessToken: string | null;
  expiresAt: number | null;
  receivedAt: number | null;
}

/** Refresh 30 s before expiry; wake-up check every 10 s, a gap of 20 s or more counts. */
export const REFRESH_BEFORE_EXPIRY_MS = 30_000;
export const WAKE_CHECK_INTERVAL_MS = 10_000;
export const WAKE_GAP_MS = 20_000;

const useAuthStore = create<AuthState>()(() => ({ status: 'anonymous', accessToken: null, expiresAt: null, receivedAt: null }));
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/** Every change of the session moves the refresh timer with it. */
function setState(next: AuthState) {
  useAuthStore.setState(next, true);
  scheduleRefresh();
}

export function getAccessToken(): string | null {
  return useAuthStore.getState().accessToken;
}

/** Stores a token after sign-in or refresh; null forgets it. */
export function setAccessToken(token: string | null, expiresAt?: string | number): void {
  if (!token) {
    setState({ status: 'anonymous', accessToken: null, expiresAt: null, receivedAt: null });
    return;
  }
  const expiry = typeof expiresAt === 'string' ? Date.parse(expiresAt) : (expiresAt ?? Date.now() + 15 * 60_000);
  setState({ status: 'authenticated', accessToken: token, expiresAt: expiry, receivedAt: Date.now() });
}

function scheduleRefresh() {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  const state = useAuthStore.getState();
  if (state.status !== 'authenticated' || state.expiresAt === null) return;
  const delay = Math.max(0, state.expiresAt - Date.now() - REFRESH_BEFORE_EXPIRY_MS);
  refreshTimer = setTimeout(() => void refreshAuth(), delay);
}

let inFlight: Promise<boolean> | null = null;

/**
 * Asks for a new access token with the refresh cookie. Refresh tokens are single-use and a reused
 * one revokes the session, so two tabs must never send the same cookie: the Web Locks API lets one
 * tab refresh at a time, and the next one sends the cookie the first one received.
 */
export function refreshAuth(): Promise<boolean> {
  inFlight ??= (async () => {
    const run = async () => {
      try {
        const answer = await authApi.refresh();
        setAccessToken(answer.accessToken, answer.expiresAt);
        return true;
      } catch (error) {
        // A network failure keeps what we have (it may still be valid); a refusal signs out.
        if ((error as { status?: number }).status !== 0) setAccessToken(null);
        else if (useAuthStore.getState().status === 'restoring') setAccessToken(null);
        return false;
      }
    };
    try {
      return typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request('masterdeck-auth-refresh', run) : await run();
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * Starts the session life cycle: restore on load (when the session hint cookie says a
 * refresh cookie can exist), scheduled refresh, the wake-up check
 * and refresh when the tab becomes visible. Called once by main.tsx; returns a stop function.
 */
export function startAuthLifecycle(): () => void {
  // Only a browser that holds a refresh cookie asks for a token: a visitor's load stays quiet.
  if (readCookie(SESSION_HINT_COOKIE)) {
    setState({ ...useAuthStore.getState(), status: 'restoring' });
    void refreshAuth();
  } else {
    setState({ ...useAuthStore.getState(), status: 'anonymous' });
  }
  let lastTick = Date.now();
  const wakeCheck = setInterval(() => {
    const now = Date.now();
    const slept = now - lastTick >= WAKE_GAP_MS;
    lastTick = now;
    if (slept && useAuthStore.getState().status === 'authenticated') void refreshAuth();
  }, WAKE_CHECK_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible' && useAuthStore.getState().status === 'authenticated') void refreshAuth();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(wakeCheck);
    document.removeEventListener('visibilitychange', onVisible);
    if (refreshTimer) clearTimeout(refreshTimer);
  };
}

/**
 * Signs in, then loads the current user: when the user cannot be loaded the sign-in fails
 * and the session it opened is closed again. The caller closes the dialog and reloads.
 * Throws AuthApiError, or what `loadUser` threw.
 */
export async function signIn(email: string, password: string, loadUser: () => Promise<unknown>): Promise<void> {
  const answer = await authApi.login(email, password);
  setAccessToken(answer.accessToken, answer.expiresAt);
  try {
    await loadUser();
  } catch (error) {
    await authApi.logout().catch(() => undefined);
    setAccessToken(null);
    throw error;
  }
}

/** Ends the session on the server, forgets all client state and goes to the site root. */
export async function signOut(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // Signing out locally still happens; the refresh token expires by itself.
  }
  setAccessToken(null);
  window.location.assign('/');
}

export function useAuthStatus(): AuthStatus {
  return useAuthStore((state) => state.status);
}

export function useIsLoggedIn(): boolean {
  return useAuthStatus() === 'authenticated';
}
