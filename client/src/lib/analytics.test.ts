import { afterEach, describe, expect, it } from 'vitest';
import { applyConsent, setAnalyticsSink, trackEvent, type AnalyticsEvent } from './analytics.js';

const none = { necessary: true, analytics: false, tracking: false, marketing: false };

describe('analytics behind consent', () => {
  afterEach(() => {
    setAnalyticsSink(null);
    applyConsent(none);
  });

  it('when the visitor has not consented to analytics, then no event reaches the provider', () => {
    const sent: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => sent.push(event));
    applyConsent(none);
    expect(trackEvent('page_view', { page_path: '/' })).toBe(false);
    expect(trackEvent('purchase')).toBe(false);
    expect(sent).toEqual([]);
  });

  it('when analytics is accepted and later withdrawn, then events flow only in between and are never queued', () => {
    const sent: [AnalyticsEvent, Record<string, unknown>][] = [];
    setAnalyticsSink((event, params) => sent.push([event, params]));
    expect(trackEvent('login', { method: 'email' })).toBe(false);
    applyConsent({ ...none, analytics: true });
    expect(trackEvent('sign_up', { method: 'email' })).toBe(true);
    applyConsent(none);
    expect(trackEvent('view_item')).toBe(false);
    expect(sent).toEqual([['sign_up', { method: 'email' }]]);
  });
});
