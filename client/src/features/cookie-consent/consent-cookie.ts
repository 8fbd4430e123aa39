import { CONSENT_CATEGORIES, type Consent } from '../../lib/analytics.js';
import { ONE_YEAR_SECONDS, readCookie, writeCookie } from '../../lib/cookies.js';

export const CONSENT_COOKIE = 'cookie_consent';

/** The stored choice, or null when the visitor has not decided yet. */
export function readConsent(): Consent | null {
  const raw = readCookie(CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const consent = Object.fromEntries(CONSENT_CATEGORIES.map((category) => [category, record[category] === true])) as Consent;
    return { ...consent, necessary: true };
  } catch {
    return null;
  }
}

export function writeConsent(consent: Consent): void {
  writeCookie(CONSENT_COOKIE, JSON.stringify({ ...consent, necessary: true }), ONE_YEAR_SECONDS);
}
