import { createStore } from 'zustand/vanilla';
import { storeContext } from './store-context.js';

/** App-level state: mobile navigation, global error and success, return path after login. */
export interface AppState {
  /** A message code (`global.error.server`, `binary.creation.timeout`, ...); see error-messages.ts. */
  errorCode: string | null;
  successCode: string | null;
  /** Counts success messages, so the same message shown twice starts its 4 s again. */
  successSeq: number;
  mobileNavOpen: boolean;
  redirectAfterLogin: string | null;
  /** The style a visitor picked before uploading (first style of the first group otherwise). */
  selectedStyleId: number | null;
  cookieSettingsOpen: boolean;
}

export const initialAppState: AppState = {
  errorCode: null,
  successCode: null,
  successSeq: 0,
  mobileNavOpen: false,
  redirectAfterLogin: null,
  selectedStyleId: null,
  cookieSettingsOpen: false,
};

export function createAppStore(initial: Partial<AppState> = {}) {
  const store = createStore<AppState>()(() => ({ ...initialAppState, ...initial }));
  const set = (patch: Partial<AppState>) => store.setState(patch);
  return {
    ...store,
    showError: (code: string) => set({ errorCode: code }),
    clearError: () => set({ errorCode: null }),
    showSuccess: (code: string) => store.setState((state) => ({ successCode: code, successSeq: state.successSeq + 1 })),
    clearSuccess: () => set({ successCode: null }),
    setMobileNav: (open: boolean) => set({ mobileNavOpen: open }),
    toggleMobileNav: () => store.setState((state) => ({ mobileNavOpen: !state.mobileNavOpen })),
    setRedirectAfterLogin: (path: string | null) => set({ redirectAfterLogin: path }),
    selectStyle: (styleId: number) => set({ selectedStyleId: styleId }),
    setCookieSettingsOpen: (open: boolean) => set({ cookieSettingsOpen: open }),
  };
}
export type AppStore = ReturnType<typeof createAppStore>;

const appStoreContext = storeContext<AppState, AppStore>('AppStoreProvider');
export const AppStoreProvider = appStoreContext.StoreProvider;
export const useAppStoreApi = appStoreContext.useStoreApi;
export const useAppState = appStoreContext.useSelected;
