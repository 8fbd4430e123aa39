import { i18n } from '@lingui/core';
import { messages as enMessages } from '../locales/en/messages.js';
import { messages as deMessages } from '../locales/de/messages.js';
import { ONE_YEAR_SECONDS, readCookie, writeCookie } from './cookies.js';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** Read by the server too (src/platform/http/request-context.ts) to localise descriptions. */
export const LANG_COOKIE = 'lang';
/** Spec §9: the language cookie lasts 365 days. */
const LANG_COOKIE_MAX_AGE = ONE_YEAR_SECONDS;

i18n.load({ en: enMessages, de: deMessages });

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'de';

/** The saved choice first, then the browser's language; English otherwise (spec §1). */
export function detectLocale(): Locale {
  const saved = readCookie(LANG_COOKIE);
  if (isLocale(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** Switches the interface language; `persist` stores the choice in the `lang` cookie. */
export function activateLocale(locale: Locale, options: { persist: boolean }): void {
  i18n.activate(locale);
  document.documentElement.lang = locale;
  if (options.persist) writeCookie(LANG_COOKIE, locale, LANG_COOKIE_MAX_AGE);
}

export { i18n };
