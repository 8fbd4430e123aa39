/**
 * Plain values of the accounts domain, without zod, so the SPA's first load can carry them without
 * the schema library; accounts.schemas.ts re-exports them for everyone else.
 */

/**
 * Set (readable by scripts, value "1") beside the HttpOnly refresh cookie, with its expiry, and
 * cleared with it: the SPA asks /api/auth/refresh on load only when this says a refresh cookie can
 * exist, so a visitor's page load makes no call that must fail with 401. It holds no
 * secret; the refresh cookie alone authenticates.
 */
export const SESSION_HINT_COOKIE = 'has_session';
