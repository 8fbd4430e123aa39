import { useSyncExternalStore } from 'react';

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

let consent: Consent | null = null;
let sink: AnalyticsSink | null = null;
const listeners = new Set<() => void>();

export function applyConsent(next: Consent): void {
  consent = { ...next, necessary: true };
  for (const listener of listeners) listener();
}

export function hasConsent(category: ConsentCategory): boolean {
  return category === 'necessary' || consent?.[category] === true;
}

function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a category is consented to, re-rendering when the visitor decides or changes their mind. */
export function useConsent(category: ConsentCategory): boolean {
  return useSyncExternalStore(subscribeConsent, () => hasConsent(category), () => false);
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
