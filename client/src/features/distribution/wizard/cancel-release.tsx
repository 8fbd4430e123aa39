import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { NEW_RELEASE_PATH } from './release-steps.js';
import { resetWizard } from './wizard-store.js';
import { ErrorAlert } from '../../../components/error-alert.js';

/**
 * Cancelling a new release asks first; then the album and every track uploaded to the
 * provider are deleted (the server ignores the provider's failures) and the draft starts over.
 */
export function CancelReleaseButton({ albumId }: { albumId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const cancel = trpc.releases.cancel.useMutation();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      await cancel.mutateAsync({ albumId });
      resetWizard();
      await utils.releases.invalidate();
      setOpened(false);
      void navigate(NEW_RELEASE_PATH, { replace: true });
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };

  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpened(true)} data-testid="cancel-release">
        <Trans>Cancel release</Trans>
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t`Cancel this release?`} closeButtonProps={{ 'aria-label': t`Close` }}>
        <Stack gap="md">
          <Text>
            <Trans>The release, its uploaded tracks and its artwork are deleted. Your masters stay in your master list.</Trans>
          </Text>
          <ErrorAlert code={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              <Trans>Keep editing</Trans>
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => void confirm()} data-testid="cancel-release-confirm">
              <Trans>Cancel release</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
