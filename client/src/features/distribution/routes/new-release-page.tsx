import { Alert, Button, List, Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.js';
import { errorCodeOf, errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { RELEASE_STEPS, STEP_LABELS, stepPath } from '../wizard/release-steps.js';
import { useReleaseDraft } from '../wizard/wizard-layout.js';
import { resetWizard } from '../wizard/wizard-store.js';
import { QueriesState, querySettled } from '../../../components/query-page.js';

/**
 * /distribution/new-release, the start of the wizard: a release in the making continues at its
 * first step; otherwise the user starts one, which creates the empty album (the server
 * retries 5 times at 1 s before it answers 'Unable to create album').
 */
export function NewReleasePage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const draft = useReleaseDraft();
  const create = trpc.releases.start.useMutation();
  const [error, setError] = useState<string | null>(null);

  if (!querySettled(draft)) return <QueriesState queries={[draft]} />;
  if (draft.data) return <Navigate to={stepPath('track')} replace />;

  const start = async () => {
    setError(null);
    try {
      await create.mutateAsync();
      resetWizard();
      await utils.releases.draft.invalidate();
      void navigate(stepPath('track'));
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };

  return (
    <>
      <PageHeader title={t`New release`} description={t`Turn your masters into a release and send it to the streaming stores.`} />
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Stack gap="md">
          <Text fw={600}>
            <Trans>Six steps to your release:</Trans>
          </Text>
          <List type="ordered" spacing={4}>
            {RELEASE_STEPS.map((step) => (
              <List.Item key={step}>{i18n._(STEP_LABELS[step])}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            <Trans>Your release is saved as you go; you can leave and continue later.</Trans>
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {i18n._(errorMessageOf(error))}
            </Alert>
          )}
          <Button onClick={() => void start()} loading={create.isPending} data-testid="start-release" style={{ alignSelf: 'flex-start' }}>
            <Trans>Start a release</Trans>
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
