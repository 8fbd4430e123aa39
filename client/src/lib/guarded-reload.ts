/**
 * The reloads (a failed code chunk; a master download answered 404 or 500) happen at
 * most once per 60 s for each reason, so a fault that lasts cannot reload the page forever. The time
 * of the last reload lives in sessionStorage (this tab only).
 */
export const RELOAD_GUARD_MS = 60_000;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export interface GuardedReloadOptions {
  now?: number;
  reload?: () => void;
  store?: KeyValueStore;
}

/** Reloads unless this reason reloaded the page less than 60 s ago; says whether it did. */
export function reloadAtMostOncePerMinute(reason: 'chunk' | 'download', options: GuardedReloadOptions = {}): boolean {
  const store = options.store ?? window.sessionStorage;
  const now = options.now ?? Date.now();
  const key = `masterdeck.${reason}ReloadAt`;
  const last = Number(store.getItem(key) ?? 0);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(key, String(now));
  (options.reload ?? (() => window.location.reload()))();
  return true;
}
