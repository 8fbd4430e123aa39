/** Numbers of the royalty screens in the reader's language (two decimals, no grouping for money). */
const tag = (locale: string) => (locale === 'de' ? 'de-DE' : 'en-US');

export function formatMinor(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(tag(locale), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(minor / 100);
}

/** Counts (streams, downloads) with the language's grouping: 12,345 / 12.345. */
export function formatCount(count: number, locale: string): string {
  return new Intl.NumberFormat(tag(locale)).format(count);
}

/** Short counts for chart axes: 1.2K / 1,2 Tsd. */
export function formatCompact(count: number, locale: string): string {
  return new Intl.NumberFormat(tag(locale), { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** "2031-03" as "Mar 2031" / "März 2031". */
export function formatPeriod(period: string, locale: string): string {
  const [year, month] = period.split('-').map(Number);
  return new Intl.DateTimeFormat(tag(locale), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, month! - 1, 1)));
}

/** A country's name in the reader's language, the code when the browser has none. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([tag(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Mantine palette colours for chart series, in order (theme colours, so dark mode follows). */
export const SERIES_COLOURS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo', 'yellow', 'red'].map((name) => `var(--mantine-color-${name}-6)`);
