import { Trans, useLingui } from '@lingui/react/macro';
import { PlaceholderDialog } from '../../../components/placeholder-dialog.js';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

export function DistributionEditLabelDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  return (
    <PlaceholderDialog opened={opened} onClose={onClose} title={t`Label`} message={<Trans>Editing labels arrives with releases</Trans>} />
  );
}

export function DistributionArtistDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  return (
    <PlaceholderDialog opened={opened} onClose={onClose} title={t`Artist`} message={<Trans>Choosing artists arrives with releases</Trans>} />
  );
}

export function DistributionParticipantDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  return (
    <PlaceholderDialog
      opened={opened}
      onClose={onClose}
      title={t`Participant`}
      message={<Trans>Choosing participants arrives with releases</Trans>}
    />
  );
}
