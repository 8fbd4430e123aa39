import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDialogs, useDialogState, type DialogName } from '../lib/dialogs.js';
import { useOpenedAfterMount } from '../lib/deferred-open.js';
import { openFilePicker } from '../lib/file-picker.js';
import { whenIdle } from '../lib/when-idle.js';
import {
  loadAuthDialogs,
  loadCheckoutTrackDialog,
  loadDistributionDialogs,
  loadFreePluginDialog,
  loadMasterDialogs,
  loadPlayerExpiredDialog,
  loadPricesDialog,
  loadStyleDetailsDialog,
} from './dialog-chunks.js';

type SimpleDialog = ComponentType<{ opened: boolean; onClose: () => void }>;

/** A dialog from an on-demand chunk (dialog-chunks.ts), opening with its transition even when it mounts open. */
function onDemand<M, P extends { opened: boolean }>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => {
    const Dialog = pick(await load());
    function OpensWithTransition(props: P) {
      return <Dialog {...props} opened={useOpenedAfterMount(props.opened)} />;
    }
    return { default: OpensWithTransition };
  });
}

const StyleDetailsDialog = onDemand(loadStyleDetailsDialog, (m) => m.StyleDetailsDialog);
const PricesDialog = onDemand(loadPricesDialog, (m) => m.PricesDialog);

/**
 * Every dialog comes from an on-demand chunk and is rendered from the first time it opens, or, for
 * HOME_DIALOGS, from the first idle moment; once rendered it stays, so opening and closing animate
 * as before. These need nothing but open/close; StyleDetails and Prices are wired below.
 */
const SIMPLE_DIALOGS: Partial<Record<DialogName, SimpleDialog>> = {
  Login: onDemand(loadAuthDialogs, (m) => m.LoginDialog),
  SignUp: onDemand(loadAuthDialogs, (m) => m.SignUpDialog),
  ForgotPassword: onDemand(loadAuthDialogs, (m) => m.ForgotPasswordDialog),
  FreePlugin: onDemand(loadFreePluginDialog, (m) => m.FreePluginDialog),
  CheckoutTrack: onDemand(loadCheckoutTrackDialog, (m) => m.CheckoutTrackDialog),
  EditTrack: onDemand(loadMasterDialogs, (m) => m.EditTrackDialog),
  ShareTrack: onDemand(loadMasterDialogs, (m) => m.ShareTrackDialog),
  PlayerExpired: onDemand(loadPlayerExpiredDialog, (m) => m.PlayerExpiredDialog),
  DistributionEditLabel: onDemand(loadDistributionDialogs, (m) => m.DistributionEditLabelDialog),
  DistributionArtist: onDemand(loadDistributionDialogs, (m) => m.DistributionArtistDialog),
  DistributionParticipant: onDemand(loadDistributionDialogs, (m) => m.DistributionParticipantDialog),
};

/** The dialogs any page (the home page included) opens from its menu or content: readied when idle. */
const HOME_DIALOGS: readonly DialogName[] = ['Login', 'SignUp', 'ForgotPassword', 'StyleDetails', 'Prices'];
const isLazy = (name: DialogName) => name in SIMPLE_DIALOGS || name === 'StyleDetails' || name === 'Prices';
/** At most this long after the first render before the home dialogs are fetched. */
const HOME_DIALOGS_IDLE_TIMEOUT_MS = 2000;

const PRICES_HASH = '#prices';

/** Renders every registered dialog; each is open while its name is in the registry's open list. */
export function DialogsHost() {
  const dialogs = useDialogs();
  const open = useDialogState((state) => state.open);
  const styleDetails = useDialogState((state) => state.data.StyleDetails);
  const location = useLocation();
  const navigate = useNavigate();
  const [rendered, setRendered] = useState<readonly DialogName[]>([]);

  // State adjusted while rendering: a dialog that opens for the first time is rendered from now on.
  const firstOpened = open.filter((name) => !rendered.includes(name) && isLazy(name));
  if (firstOpened.length > 0) setRendered([...rendered, ...firstOpened]);

  useEffect(
    () => whenIdle(() => setRendered((current) => [...current, ...HOME_DIALOGS.filter((name) => !current.includes(name))]), HOME_DIALOGS_IDLE_TIMEOUT_MS),
    [],
  );

  // The URL hash #prices opens the Prices dialog; closing it clears the hash.
  useEffect(() => {
    if (location.hash === PRICES_HASH) dialogs.open('Prices');
  }, [location.hash, dialogs]);

  const closePrices = () => {
    dialogs.close('Prices');
    if (window.location.hash === PRICES_HASH) void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  };

  return (
    <>
      {rendered.map((name) => {
        const Dialog = SIMPLE_DIALOGS[name];
        // One boundary per dialog: one still loading hides no other.
        return (
          Dialog && (
            <Suspense key={name} fallback={null}>
              <Dialog opened={open.includes(name)} onClose={() => dialogs.close(name)} />
            </Suspense>
          )
        );
      })}
      {rendered.includes('StyleDetails') && (
        <Suspense fallback={null}>
          <StyleDetailsDialog opened={open.includes('StyleDetails')} data={styleDetails} onClose={() => dialogs.close('StyleDetails')} />
        </Suspense>
      )}
      {rendered.includes('Prices') && (
        <Suspense fallback={null}>
          <PricesDialog
            opened={open.includes('Prices')}
            onClose={closePrices}
            onChooseFile={() => {
              closePrices();
              // Without an upload area on this page, the home page has one.
              if (!openFilePicker()) void navigate('/');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
