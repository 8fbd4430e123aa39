import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.js';
import { routes } from './app/routes.js';
import { startAuthLifecycle } from './features/auth/auth-store.js';
import { installChunkReload } from './lib/chunk-reload.js';
import { activateLocale, detectLocale } from './lib/i18n.js';

installChunkReload();
activateLocale(detectLocale(), { persist: false });
startAuthLifecycle();

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
