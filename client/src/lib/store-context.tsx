import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';

type ReadableStore<S> = Pick<StoreApi<S>, 'getState' | 'getInitialState' | 'subscribe'>;

/**
 * A zustand store handed to the screens through React context (the app state, the dialog registry):
 * the provider keeps the store of its first render, so a re-render never swaps it under the screens,
 * and the hooks fail loudly outside the provider.
 */
export function storeContext<S, T extends ReadableStore<S>>(providerName: string) {
  const Context = createContext<T | null>(null);
  function StoreProvider({ store, children }: { store: T; children: ReactNode }) {
    const [value] = useState(store);
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }
  function useStoreApi(): T {
    const store = useContext(Context);
    if (!store) throw new Error(`used outside <${providerName}>`);
    return store;
  }
  function useSelected<U>(selector: (state: S) => U): U {
    return useStore(useStoreApi(), selector);
  }
  return { StoreProvider, useStoreApi, useSelected };
}
