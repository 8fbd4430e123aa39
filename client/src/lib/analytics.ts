/**
 * Analytics behind consent (spec §1): nothing is loaded or sent until the visitor consents to the
 * `analytics` category. No third-party provider is configured yet; a provider registers a sink, and
 * events before consent are dropped, never queued for later.
 */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'tracking', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Consent = Record<ConsentCategory, boolean>;

export type AnalyticsEvent =
  | 'page_view'
  | 'view_item'
  | 'view_item_list'
  | 'begin_checkout'
  | 'purchase'
  | 'conversion'
  | 'login'
  | 'sign_up';

export type AnalyticsSink = (event: AnalyticsEvent, params: Record<string, unknown>) => void;

let consent: Consent | null = null;
let sink: AnalyticsSink | null = null;

export function applyConsent(next: Consent): void {
  consent = { ...next, necessary: true };
}

export function hasConsent(category: ConsentCategory): boolean {
  return category === 'necessary' || consent?.[category] === true;
}

/** For a provider module, once one exists; it is only called after consent. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
}

export function trackEvent(event: AnalyticsEvent, params: Record<string, unknown> = {}): boolean {
  if (!hasConsent('analytics') || !sink) return false;
  sink(event, params);
  return true;
}
