import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The client project keeps one jsdom and the loaded libraries from file to file (isolate: false in
// vitest.config.ts): a fresh jsdom and Mantine's import took most of each file's time. What a file
// could leave behind is undone here before the next one starts: the app's own modules (its stores
// and caches) load afresh, and storage, stubbed globals, spies and fake timers are reset.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
window.localStorage.clear();
window.sessionStorage.clear();
// Imported after the reset: the test file then shares this load of the catalogues.
const { loadCatalogue } = await import('../lib/i18n.js');

// Tests render in either language at once (render.tsx activates it); the app itself fetches each on demand.
await Promise.all([loadCatalogue('en'), loadCatalogue('de')]);

// findBy*/waitFor wait for a state, not for a speed: their 1 s default failed whole screens on a
// loaded 2-core machine (first renders compile their chunks). A broken screen still fails, later.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads media queries and observes sizes; jsdom has neither (jsdom lacks matchMedia and ResizeObserver).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

// Client tests never reach a server: a call that escapes the test's own fetch fails loudly.
vi.stubGlobal('fetch', () => Promise.reject(new TypeError('no network in client tests')));

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
});
