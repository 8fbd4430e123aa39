import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.js';
import { routes } from '../app/routes.js';
import { createDialogRegistry, DIALOG_NAMES, type DialogRegistry } from '../lib/dialogs.js';
import { activateLocale, type Locale } from '../lib/i18n.js';

export interface RenderOptions {
  /** Where the app starts, for route tests. */
  path?: string;
  locale?: Locale;
  /** Answers the app's calls to /trpc and /api; the default fails them like an unreachable server. */
  fetch?: typeof fetch;
  dialogs?: DialogRegistry;
}

export type AppRender = RenderResult & { router: ReturnType<typeof createMemoryRouter>; dialogs: DialogRegistry };

/** The one render wrapper: Mantine (test mode), Lingui, query client and tRPC, app store, dialogs, router. */
export function renderApp(options: RenderOptions = {}): AppRender {
  return renderRoutes(routes, options);
}

/** A single component with the same providers, inside a router at `path`. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): AppRender {
  return renderRoutes([{ path: '*', element: ui }], options);
}

function renderRoutes(routeList: Parameters<typeof createMemoryRouter>[0], options: RenderOptions): AppRender {
  activateLocale(options.locale ?? 'en', { persist: false });
  const router = createMemoryRouter(routeList, { initialEntries: [options.path ?? '/'] });
  const dialogs = options.dialogs ?? createDialogRegistry(DIALOG_NAMES);
  const result = render(
    <AppProviders env="test" queryClient={createQueryClient({ retry: false })} fetch={options.fetch} dialogs={dialogs}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, dialogs };
}
