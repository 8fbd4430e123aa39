import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';

/**
 * PlayerExpired: opened by the media socket when it cannot reconnect or the session
 * cannot be renewed. Not closable; Reload or Leave (to /).
 */
export function PlayerExpiredDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={t`The player lost its connection`}
    >
      <Stack gap="md">
        <Text>
          <Trans>We could not reach the audio server again, or your session has ended. Reload the page to continue listening.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              onClose();
              void navigate('/');
            }}
          >
            <Trans>Leave</Trans>
          </Button>
          <Button onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
