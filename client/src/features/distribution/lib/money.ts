/**
 * An amount in a given currency, two decimals and no grouping. The add-on is priced in
 * US dollars in both languages, so it cannot use the language's currency as masters do.
 */
export function formatMoney(amount: number, currency: 'USD' | 'EUR', locale: string): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(amount);
}

/** BillingFrequency in months, 12 = a year, 1 = a month, else N months. */
export type BillingPeriod = { kind: 'year' } | { kind: 'month' } | { kind: 'months'; count: number };
export function billingPeriodOf(months: number): BillingPeriod {
  if (months === 12) return { kind: 'year' };
  if (months === 1) return { kind: 'month' };
  return { kind: 'months', count: months };
}
