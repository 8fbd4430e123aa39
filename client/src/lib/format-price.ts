import type { Locale } from './i18n.js';

const formatters = new Map<Locale, Intl.NumberFormat>();

function formatterOf(locale: Locale): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    // Two decimals, no grouping, USD for English and EUR for German.
    formatter = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', {
      style: 'currency',
      currency: locale === 'de' ? 'EUR' : 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

export function formatPrice(amount: number, locale: Locale): string {
  return formatterOf(locale).format(amount);
}
