import { useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CheckoutTrackDialog } from '../features/checkout/components/checkout-track-dialog.js';
import { EditTrackDialog, ShareTrackDialog } from '../features/masters/components/master-dialogs.js';
import { PlayerExpiredDialog } from '../features/player/components/player-expired-dialog.js';
import { ForgotPasswordDialog, LoginDialog, SignUpDialog } from '../features/auth/components/auth-dialogs.js';
import { StyleDetailsDialog } from '../features/catalogue/components/style-details-dialog.js';
import {
  DistributionArtistDialog,
  DistributionEditLabelDialog,
  DistributionParticipantDialog,
} from '../features/distribution/components/distribution-dialogs.js';
import { FreePluginDialog } from '../features/pricing/components/free-plugin-dialog.js';
import { PricesDialog } from '../features/pricing/components/prices-dialog.js';
import { useDialogs, useDialogState, type DialogName } from '../lib/dialogs.js';
import { openFilePicker } from '../lib/file-picker.js';

type SimpleDialog = ComponentType<{ opened: boolean; onClose: () => void }>;

/** Dialogs that need nothing but open/close; StyleDetails and Prices are wired below. */
const SIMPLE_DIALOGS: Partial<Record<DialogName, SimpleDialog>> = {
  Login: LoginDialog,
  SignUp: SignUpDialog,
  ForgotPassword: ForgotPasswordDialog,
  CheckoutTrack: CheckoutTrackDialog,
  EditTrack: EditTrackDialog,
  ShareTrack: ShareTrackDialog,
  FreePlugin: FreePluginDialog,
  PlayerExpired: PlayerExpiredDialog,
  DistributionEditLabel: DistributionEditLabelDialog,
  DistributionArtist: DistributionArtistDialog,
  DistributionParticipant: DistributionParticipantDialog,
};

const PRICES_HASH = '#prices';

/** Renders every registered dialog; each is open while its name is in the registry's open list. */
export function DialogsHost() {
  const dialogs = useDialogs();
  const open = useDialogState((state) => state.open);
  const styleDetails = useDialogState((state) => state.data.StyleDetails);
  const location = useLocation();
  const navigate = useNavigate();

  // Spec §2: the URL hash #prices opens the Prices dialog; closing it clears the hash.
  useEffect(() => {
    if (location.hash === PRICES_HASH) dialogs.open('Prices');
  }, [location.hash, dialogs]);

  const closePrices = () => {
    dialogs.close('Prices');
    if (window.location.hash === PRICES_HASH) void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  };

  return (
    <>
      {(Object.entries(SIMPLE_DIALOGS) as [DialogName, SimpleDialog][]).map(([name, Dialog]) => (
        <Dialog key={name} opened={open.includes(name)} onClose={() => dialogs.close(name)} />
      ))}
      <StyleDetailsDialog opened={open.includes('StyleDetails')} data={styleDetails} onClose={() => dialogs.close('StyleDetails')} />
      <PricesDialog
        opened={open.includes('Prices')}
        onClose={closePrices}
        onChooseFile={() => {
          closePrices();
          // Without an upload area on this page, the home page has one.
          if (!openFilePicker()) void navigate('/');
        }}
      />
    </>
  );
}
