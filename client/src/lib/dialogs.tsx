import type { TStyle, TStyleGroup } from '../../../src/modules/catalogue/catalogue.schemas.js';
import { createStore } from 'zustand/vanilla';
import { storeContext } from './store-context.js';

/** The dialogs, opened by name. */
export const DIALOG_NAMES = [
  'Login',
  'SignUp',
  'ForgotPassword',
  'CheckoutTrack',
  'EditTrack',
  'ShareTrack',
  'StyleDetails',
  'Prices',
  'FreePlugin',
  'PlayerExpired',
  'DistributionEditLabel',
  'DistributionArtist',
  'DistributionParticipant',
] as const;
export type DialogName = (typeof DIALOG_NAMES)[number];

/** What each dialog may be opened with (Dialogs). */
export interface DialogDataMap {
  Login: undefined;
  SignUp: undefined;
  ForgotPassword: undefined;
  /** The Checkout dialog names buyingOption; the master being bought travels with it. */
  CheckoutTrack: { masterId: string; buyingOption: 0 | 1 | 2 };
  EditTrack: { trackId: string } | undefined;
  ShareTrack: { masterId: string } | undefined;
  StyleDetails: { group: TStyleGroup; style: TStyle };
  Prices: undefined;
  FreePlugin: undefined;
  PlayerExpired: undefined;
  DistributionEditLabel: undefined;
  /** addEdit adds an artist, or renames `artistIdToEdit`; select picks one for the release track `trackId`. */
  DistributionArtist: { action: 'select' | 'addEdit'; trackId?: number; artistIdToEdit?: number } | undefined;
  DistributionParticipant: { action?: 'select'; trackIndex?: number; participantIdToEdit?: number } | undefined;
}

export interface DialogState {
  /** Open dialogs in the order they were opened; each name at most once. */
  open: readonly DialogName[];
  data: Partial<{ [N in DialogName]: DialogDataMap[N] }>;
}

type DataArgs<N extends DialogName> = undefined extends DialogDataMap[N] ? [data?: DialogDataMap[N]] : [data: DialogDataMap[N]];

/**
 * The dialog registry: opening works only for a registered dialog and adds it to the
 * open list once; closing removes it; reset closes everything.
 */
export function createDialogRegistry(registered: Iterable<DialogName> = []) {
  const names = new Set<DialogName>(registered);
  const store = createStore<DialogState>()(() => ({ open: [], data: {} }));
  return {
    // Read-only access to the store (what useStore reads); changes go through the functions below.
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    register(name: DialogName) {
      names.add(name);
    },
    isRegistered: (name: DialogName) => names.has(name),
    /** Returns whether the dialog is open afterwards. */
    open<N extends DialogName>(name: N, ...[data]: DataArgs<N>): boolean {
      if (!names.has(name)) return false;
      store.setState((state) => ({
        open: state.open.includes(name) ? state.open : [...state.open, name],
        data: { ...state.data, [name]: data },
      }));
      return true;
    },
    close(name: DialogName) {
      store.setState((state) => {
        if (!state.open.includes(name)) return state;
        const data = { ...state.data };
        delete data[name];
        return { open: state.open.filter((open) => open !== name), data };
      });
    },
    reset() {
      store.setState({ open: [], data: {} }, true);
    },
  };
}
export type DialogRegistry = ReturnType<typeof createDialogRegistry>;

const dialogContext = storeContext<DialogState, DialogRegistry>('DialogRegistryProvider');
export const DialogRegistryProvider = dialogContext.StoreProvider;
export const useDialogs = dialogContext.useStoreApi;
export const useDialogState = dialogContext.useSelected;
