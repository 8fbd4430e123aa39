import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAppStoreApi } from '../../../lib/app-store.js';
import type { DialogDataMap } from '../../../lib/dialogs.js';
import { openFilePicker } from '../../../lib/file-picker.js';
import { StyleGroupIcon } from './style-group-icon.js';

/** StyleDetails (spec §2): group icon, name, description and a select button. */
export function StyleDetailsDialog({
  opened,
  data,
  onClose,
}: {
  opened: boolean;
  data: DialogDataMap['StyleDetails'] | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const app = useAppStoreApi();
  if (!data) return null;
  const { group, style } = data;

  const select = () => {
    app.selectStyle(style.id);
    onClose();
    // The next step after picking a style is choosing the track to master with it.
    openFilePicker();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`Style details`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <StyleGroupIcon icon={group.icon} size="xl" />
          <div>
            <Text size="sm" c="dimmed">
              {group.name}
            </Text>
            <Title order={2} fz="xl">
              {style.name}
            </Title>
          </div>
        </Group>
        <Text>{style.description}</Text>
        <Text size="sm" c="dimmed">
          {group.description}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={select}>
            <Trans>Select {style.name}</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
