import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.js';
import { routes } from './app/routes.js';
import { startAuthLifecycle } from './features/auth/auth-store.js';
import { installChunkReload } from './lib/chunk-reload.js';
import { detectLocale, switchLocale } from './lib/i18n.js';

installChunkReload();
startAuthLifecycle();

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

function render(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Nothing renders before a catalogue is active (none comes with the first load), so no screen shows
// an untranslated text: the page renders in the visitor's language; if its catalogue cannot be
// fetched, in English; if neither can, the page's own two-language notice shows instead of a blank page.
void switchLocale(detectLocale(), { persist: false })
  .catch(() => switchLocale('en', { persist: false }))
  .then(
    () => render(root),
    () => document.getElementById('boot-failed')?.removeAttribute('hidden'),
  );
