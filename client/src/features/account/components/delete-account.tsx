import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { authApi, AuthApiError } from '../../auth/index.js';
import { getAccessToken, setAccessToken } from '../../auth/index.js';
import { ErrorAlert } from '../../../components/error-alert.js';

/** Account deletion behind a confirmation; afterwards every client state is dropped and / opens. */
export function DeleteAccount() {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await authApi.deleteAccount(getAccessToken());
      setAccessToken(null);
      window.location.assign('/?account=deleted');
    } catch (error) {
      setFailure(error instanceof AuthApiError ? error.message : 'global.error.server');
      setDeleting(false);
    }
  };

  return (
    <Stack>
      <Title order={2} size="h4">
        <Trans>Delete account</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          Deleting your account removes your profile, addresses, tracks, masters, comments and files for good. Invoices are kept for the legal retention period.
        </Trans>
      </Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Delete your account?`}>
        <Stack>
          <Text>
            <Trans>Do you really want to delete your account? This cannot be undone.</Trans>
          </Text>
          <Text size="sm">
            <Trans>A distribution subscription ends with the account, and your releases are taken down from the stores.</Trans>
          </Text>
          <ErrorAlert code={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" loading={deleting} onClick={() => void remove()}>
              <Trans>Delete account for good</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
