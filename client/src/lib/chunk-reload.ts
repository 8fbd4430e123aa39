import { reloadAtMostOncePerMinute } from './guarded-reload.js';

/**
 * When a code chunk fails to load (a deploy replaced the files the page was built
 * against), the page reloads, at most once per 60 seconds. Vite reports such failures as
 * `vite:preloadError`; listened to for the life of the page.
 */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Handled: Vite would otherwise rethrow the error into the route that imported the chunk.
    if (reloadAtMostOncePerMinute('chunk')) event.preventDefault();
  });
}
