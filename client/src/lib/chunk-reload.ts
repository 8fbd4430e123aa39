/**
 * Spec §8/§9: when a code chunk fails to load (a deploy replaced the files the page was built
 * against), the page reloads, at most once per 60 seconds so a chunk that is really gone does not
 * reload the page forever. The time of the last reload lives in sessionStorage (this tab only).
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const LAST_RELOAD_KEY = 'masterdeck.chunkReloadAt';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Reloads unless the last reload for a failed chunk was under 60 s ago; says whether it did. */
export function reloadForFailedChunk(store: KeyValueStore, now: number, reload: () => void): boolean {
  const last = Number(store.getItem(LAST_RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  store.setItem(LAST_RELOAD_KEY, String(now));
  reload();
  return true;
}

/** Listens for Vite's failed dynamic imports (`vite:preloadError`) for the life of the page. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Handled: Vite would otherwise rethrow the error into the route that imported the chunk.
    if (reloadForFailedChunk(window.sessionStorage, Date.now(), () => window.location.reload())) event.preventDefault();
  });
}
