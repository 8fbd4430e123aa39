import type { AnalyticsEvent, AnalyticsSink } from './analytics.js';

export interface AnalyticsTarget {
  /** A Plausible-compatible events endpoint (POST JSON {name, url, domain, referrer, props}). */
  endpoint: string;
  /** The site the events are recorded under. */
  site: string;
}

/** Plausible's own name for a page view; the product's other events keep their names (docs/product-rules.md). */
const EVENT_NAMES: Partial<Record<AnalyticsEvent, string>> = { page_view: 'pageview' };

/** Plausible takes flat props of strings, numbers and booleans; lists and objects become JSON text. */
function flatProps(params: Record<string, unknown>): Record<string, string | number | boolean> {
  const props: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'page_path' || value === null || value === undefined) continue;
    props[key] = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
  }
  return props;
}

/**
 * The event body of the Plausible Events API. The page address is the path the router reports
 * (page views) or the current one, on this origin, without query or hash (they may carry tokens).
 */
export function plausibleEvent(target: AnalyticsTarget, event: AnalyticsEvent, params: Record<string, unknown>, location: Pick<Location, 'origin' | 'pathname'>, referrer: string) {
  const path = typeof params.page_path === 'string' ? params.page_path : location.pathname;
  const props = flatProps(params);
  return {
    name: EVENT_NAMES[event] ?? event,
    url: `${location.origin}${path}`,
    domain: target.site,
    referrer: referrer || null,
    ...(Object.keys(props).length > 0 ? { props } : {}),
  };
}

/**
 * A sink that sends each event to the configured endpoint. Sent as text/plain (as Plausible's own
 * script does) so the browser needs no CORS preflight, without cookies, and with keepalive so an
 * event sent while leaving the page still arrives.
 */
export function createPlausibleSink(target: AnalyticsTarget): AnalyticsSink {
  return (event, params) => {
    const body = JSON.stringify(plausibleEvent(target, event, params, window.location, document.referrer));
    void fetch(target.endpoint, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' }, credentials: 'omit', keepalive: true }).catch(() => {
      // Statistics are best effort: a blocked or failed event never disturbs the visitor.
    });
  };
}
