import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { whenIdle } from '../lib/when-idle.js';
import { chunkOfPath } from './routes.js';

/** Prefetching waits for an idle moment, at most this long. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** The parts of the Network Information API that matter here (not in every browser). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetching on a 2g connection (slow-2g included) or with data saving on. */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

function chunkOfAnchor(anchor: HTMLAnchorElement): (() => Promise<unknown>) | null {
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return chunkOfPath(url.pathname);
}

const prefetched = new Set<() => Promise<unknown>>();

/**
 * Link prefetch: once the page is idle (2000 ms at the latest), each link that is in view
 * and leads to an on-demand route has that route's code loaded, once; skipped on slow connections.
 */
export function useLinkPrefetch(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    if (!prefetchAllowed(connection) || typeof IntersectionObserver === 'undefined') return;
    let observer: IntersectionObserver | null = null;
    const cancelIdle = whenIdle(() => {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const load = chunkOfAnchor(entry.target as HTMLAnchorElement);
          if (!load || prefetched.has(load)) continue;
          prefetched.add(load);
          // A failed prefetch is retried by the click itself; nothing to report here.
          void load().catch(() => prefetched.delete(load));
        }
      });
      for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        if (chunkOfAnchor(anchor)) observer.observe(anchor);
      }
    }, PREFETCH_IDLE_TIMEOUT_MS);
    return () => {
      cancelIdle();
      observer?.disconnect();
    };
  }, [pathname]);
}
