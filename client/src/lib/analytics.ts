import { create } from 'zustand';

/**
 * Analytics behind consent: nothing is loaded or sent until the visitor consents to the
 * `analytics` category. A sink (lib/plausible-sink.ts, when ANALYTICS_URL is configured) is installed
 * only after consent; events before it are dropped, never queued for later.
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

/** The visitor's decision; null until they decide. */
const useConsentStore = create<{ consent: Consent | null }>()(() => ({ consent: null }));
let sink: AnalyticsSink | null = null;

export function applyConsent(next: Consent): void {
  useConsentStore.setState({ consent: { ...next, necessary: true } });
}

const consentedIn = (consent: Consent | null, category: ConsentCategory) => category === 'necessary' || consent?.[category] === true;

export function hasConsent(category: ConsentCategory): boolean {
  return consentedIn(useConsentStore.getState().consent, category);
}

/** Whether a category is consented to, re-rendering when the visitor decides or changes their mind. */
export function useConsent(category: ConsentCategory): boolean {
  return useConsentStore((state) => consentedIn(state.consent, category));
}

/** Installed by the analytics loader after consent; null removes it. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
}

export function trackEvent(event: AnalyticsEvent, params: Record<string, unknown> = {}): boolean {
  if (!hasConsent('analytics') || !sink) return false;
  sink(event, params);
  return true;
}
