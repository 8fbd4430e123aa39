import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { COUNTRY_CODES } from '../../../src/modules/addresses/addresses.constants.js';
import type { Locale } from './i18n.js';

/**
 * Country names in the interface language (a German user reads "Vereinigte Staaten").
 * The stored value stays the ISO 3166 code; only its label follows the active Lingui locale.
 */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The country select's options, labelled and sorted in `locale`. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(locale, { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** `countryName` in the active locale; re-renders when the language changes. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  return useMemo(() => (code: string) => countryName(code, locale), [locale]);
}

/** `countryOptions` in the active locale. */
export function useCountryOptions(): { value: string; label: string }[] {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => countryOptions(locale), [locale]);
}
