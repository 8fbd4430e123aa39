import { useSyncExternalStore } from 'react';

/** A minimal external store: state, updates and subscriptions, read in React with useSyncExternalStore. */
export interface Store<S> {
  getState(): S;
  setState(update: (state: S) => S): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(update) {
      const next = update(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Selectors must return stable values (a field, not a new object) so React does not loop. */
export function useStoreSelector<S, T>(store: Pick<Store<S>, 'getState' | 'subscribe'>, selector: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
