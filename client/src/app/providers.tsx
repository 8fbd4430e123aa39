import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { getAccessToken } from '../features/auth/auth-store.js';
import { ApiFetchProvider } from '../lib/api-fetch.js';
import { AppStoreProvider, createAppStore, type AppStore } from '../lib/app-store.js';
import { createDialogRegistry, DIALOG_NAMES, DialogRegistryProvider, type DialogRegistry } from '../lib/dialogs.js';
import { currentLocale, i18n } from '../lib/i18n.js';
import { FETCH_MINIMUM_DELAY_MS } from '../lib/minimum-delay-link.js';
import { createTrpcClient, trpc } from '../lib/trpc.js';
import { cssVariablesResolver, localisedTheme } from './theme.js';

export function createQueryClient(options: { retry?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Tests give a fetch that never reaches a server. */
  fetch?: typeof fetch;
  appStore?: AppStore;
  dialogs?: DialogRegistry;
  /** Mantine's test mode turns off transitions and portals. */
  env?: 'default' | 'test';
}

/** Everything the screens need: theme, language, server state, app state, the dialog registry. */
export function AppProviders({ children, queryClient, fetch, appStore, dialogs, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Component tests answer from memory (their own fetch) and need no flash protection.
  const [trpcClient] = useState(() => createTrpcClient({ getAccessToken, getLocale: currentLocale, fetch, minimumQueryMs: fetch ? 0 : FETCH_MINIMUM_DELAY_MS }));
  const [store] = useState(() => appStore ?? createAppStore());
  const [registry] = useState(() => dialogs ?? createDialogRegistry(DIALOG_NAMES));
  return (
    <I18nProvider i18n={i18n}>
      <LocalisedMantine env={env}>
        <trpc.Provider client={trpcClient} queryClient={client}>
          <QueryClientProvider client={client}>
            <AppStoreProvider store={store}>
              <DialogRegistryProvider store={registry}>
                {fetch ? <ApiFetchProvider value={fetch}>{children}</ApiFetchProvider> : children}
              </DialogRegistryProvider>
            </AppStoreProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </LocalisedMantine>
    </I18nProvider>
  );
}

function LocalisedMantine({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { t } = useLingui();
  const closeLabel = t`Close`;
  const theme = useMemo(() => localisedTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" env={env} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
