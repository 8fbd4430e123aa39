import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MasterRow } from '../lib/master-rows.js';

/** Asks before a master is deleted; deleting the uploaded track itself says that its masters go too. */
export function DeleteMasterDialog({ row, onClose, onDelete }: { row: MasterRow | null; onClose: () => void; onDelete?: (row: MasterRow) => Promise<void> }) {
  const { t } = useLingui();
  const [deleting, setDeleting] = useState(false);
  return (
    <Modal opened={row !== null} onClose={onClose} title={t`Delete master`} centered>
      <Stack>
        <Text>
          <Trans>Do you really want to delete this master?</Trans>
        </Text>
        {row && (
          <Text size="sm" c="dimmed">
            {row.track_name}
            {row.style_name ? ` · ${row.styleGroup_name} - ${row.style_name}` : ''}
          </Text>
        )}
        {row && !row.style_name && (
          <Text size="sm" c="dimmed">
            <Trans>This is the uploaded track itself: deleting it deletes all of its masters too.</Trans>
          </Text>
        )}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            <Trans>Keep it</Trans>
          </Button>
          <Button
            color="red"
            loading={deleting}
            onClick={async () => {
              if (!row || !onDelete) return;
              setDeleting(true);
              try {
                await onDelete(row);
              } finally {
                setDeleting(false);
                onClose();
              }
            }}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
