import { Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isUploadRow, type MasterRow } from '../lib/master-rows.js';
import { DeleteActions } from '../../../components/delete-actions.js';

/** Asks before a master is deleted; deleting the uploaded track itself says that its masters go too. */
export function DeleteMasterDialog({ row, onClose, onDelete }: { row: MasterRow | null; onClose: () => void; onDelete?: (row: MasterRow) => Promise<void> }) {
  const { t } = useLingui();
  const [deleting, setDeleting] = useState(false);
  const wholeTrack = row !== null && isUploadRow(row);
  return (
    <Modal opened={row !== null} onClose={onClose} title={wholeTrack ? t`Delete track` : t`Delete master`} centered>
      <Stack>
        <Text>{wholeTrack ? <Trans>Do you really want to delete this track?</Trans> : <Trans>Do you really want to delete this master?</Trans>}</Text>
        {row && (
          <Text size="sm" c="dimmed">
            {row.track_name}
            {row.style_name ? ` · ${row.styleGroup_name} - ${row.style_name}` : ''}
          </Text>
        )}
        {wholeTrack && (
          <Text size="sm" c="dimmed">
            <Trans>Deleting the uploaded track deletes all of its masters too.</Trans>
          </Text>
        )}
        <DeleteActions
          onKeep={onClose}
          deleting={deleting}
          onDelete={async () => {
            if (!row || !onDelete) return;
            setDeleting(true);
            try {
              await onDelete(row);
            } finally {
              setDeleting(false);
              onClose();
            }
          }}
        />
      </Stack>
    </Modal>
  );
}
