import { useEffect, useState } from 'react';

/**
 * Runs `run` once the page is idle, `timeoutMs` at the latest (requestIdleCallback where the browser
 * has it, a timer otherwise). Returns the cancel function.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, timeoutMs);
  return () => clearTimeout(timer);
}

/** At most this long after the first render before `useReadyWhenIdle` says ready. */
export const READY_WHEN_IDLE_TIMEOUT_MS = 2000;

/**
 * For a part of the page that comes in an on-demand chunk (a drawer, a dialog): true from the first
 * idle moment, or from when `wanted` first turns true, whichever is first; true from then on, so the
 * part stays rendered and its closing still animates.
 */
export function useReadyWhenIdle(wanted: boolean): boolean {
  const [ready, setReady] = useState(wanted);
  // State adjusted while rendering: wanted before the idle moment.
  if (wanted && !ready) setReady(true);
  useEffect(() => whenIdle(() => setReady(true), READY_WHEN_IDLE_TIMEOUT_MS), []);
  return ready;
}
