import { useEffect } from 'react';
import { setAnalyticsSink, trackEvent, useConsent } from '../lib/analytics.js';
import { useSiteConfig } from '../lib/site-config.js';

/**
 * Loads the analytics sink (its code is a separate chunk) only when the operator configured an
 * endpoint (ANALYTICS_URL) and the visitor consented to analytics; withdrawing consent removes it.
 * The page the visitor is on when the sink arrives is counted once: its own page view was dropped.
 */
export function useAnalyticsLoader(): void {
  const consented = useConsent('analytics');
  const target = useSiteConfig().data?.analytics;
  const endpoint = target?.endpoint;
  const site = target?.site;
  useEffect(() => {
    if (!consented || !endpoint || !site) return;
    let cancelled = false;
    void import('../lib/plausible-sink.js').then(({ createPlausibleSink }) => {
      if (cancelled) return;
      setAnalyticsSink(createPlausibleSink({ endpoint, site }));
      trackEvent('page_view', { page_path: window.location.pathname });
    });
    return () => {
      cancelled = true;
      setAnalyticsSink(null);
    };
  }, [consented, endpoint, site]);
}
