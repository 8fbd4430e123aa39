import { i18n, type Messages } from '@lingui/core';
import { ONE_YEAR_SECONDS, readCookie, writeCookie } from './cookies.js';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** Read by the server too (src/platform/http/request-context.ts) to localise descriptions. */
export const LANG_COOKIE = 'lang';
/** The language cookie lasts 365 days. */
const LANG_COOKIE_MAX_AGE = ONE_YEAR_SECONDS;

/**
 * Every catalogue, English too, loads on demand: each holds every screen's texts (27 to 30 kB gzip)
 * and a visitor needs one, so none rides in the first load; the root renders only once the
 * visitor's language is active (main.tsx), so no screen shows a text before its catalogue.
 */
const CATALOGUES: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.js'),
  de: () => import('../locales/de/messages.js'),
};
const loaded = new Set<Locale>();

/** Loads a language's catalogue, once; `activateLocale` needs it loaded. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { messages } = await CATALOGUES[locale]();
  i18n.load(locale, messages);
  loaded.add(locale);
}

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'de';

/** The saved choice first, then the browser's language; English otherwise. */
export function detectLocale(): Locale {
  const saved = readCookie(LANG_COOKIE);
  if (isLocale(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/**
 * Switches the interface language to one whose catalogue is loaded (`loadCatalogue`); `persist`
 * stores the choice in the `lang` cookie.
 */
export function activateLocale(locale: Locale, options: { persist: boolean }): void {
  if (!loaded.has(locale)) throw new Error(`the ${locale} catalogue is not loaded`);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  if (options.persist) writeCookie(LANG_COOKIE, locale, LANG_COOKIE_MAX_AGE);
}

/** Loads the language's catalogue if need be, then switches to it. */
export async function switchLocale(locale: Locale, options: { persist: boolean }): Promise<void> {
  await loadCatalogue(locale);
  activateLocale(locale, options);
}

export { i18n };
