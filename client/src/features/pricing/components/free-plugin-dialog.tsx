import { useLingui, Trans } from '@lingui/react/macro';
import { PlaceholderDialog } from '../../../components/placeholder-dialog.js';

/** Spec §2: closing stores a 'closed' marker in local storage so the offer is not shown again. */
export const FREE_PLUGIN_STORAGE_KEY = 'freePluginDialog';

export function FreePluginDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <PlaceholderDialog
      opened={opened}
      onClose={() => {
        window.localStorage.setItem(FREE_PLUGIN_STORAGE_KEY, 'closed');
        onClose();
      }}
      title={t`Free plugin`}
      message={<Trans>The free plugin offer is not available yet</Trans>}
    />
  );
}
