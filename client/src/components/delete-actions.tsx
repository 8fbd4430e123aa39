import { Button, Group } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** The end of a "do you really want to delete" dialog: keep it (the safe default, first), or delete. */
export function DeleteActions({ onKeep, onDelete, deleting }: { onKeep: () => void; onDelete: () => Promise<void>; deleting: boolean }) {
  return (
    <Group justify="flex-end" wrap="wrap">
      <Button variant="default" onClick={onKeep}>
        <Trans>Keep it</Trans>
      </Button>
      <Button color="red" loading={deleting} onClick={() => void onDelete()}>
        <Trans>Delete</Trans>
      </Button>
    </Group>
  );
}
