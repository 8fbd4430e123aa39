import { Alert, Button, Center, Collapse, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TCheckItem } from '../../../../../../src/modules/releases/releases.schemas.js';
import { ErrorState } from '../../../../components/error-state.js';
import { errorCodeOf, errorMessageOf } from '../../../../lib/error-messages.js';
import { trpc } from '../../../../lib/trpc.js';
import { checkFixMessage, checkRuleMessage, checkValues } from '../../lib/check-messages.js';
import { neighbours } from '../../wizard/release-steps.js';
import { StepFooter } from '../../wizard/step-navigation.js';
import { useWizard } from '../../wizard/wizard-layout.js';
import { wizardStore } from '../../wizard/wizard-store.js';
import classes from './distribute-step.module.css';
import { StepHeading } from '../../wizard/step-heading.js';

const RELEASES_PATH = '/distribution/releases';

/**
 * /distribution/new-release/distribute: the pre-submission check, run as the stores will (audio
 * measured, artwork, metadata, shares, stores and dates), item by item with what to fix; distribute
 * stays disabled until nothing fails. Distributing hands the release to the provider and opens the
 * release list, where each store's answer arrives.
 */
export function DistributeStep() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { draft, step } = useWizard();
  const { previous } = neighbours(step);
  const utils = trpc.useUtils();
  const check = trpc.releases.validate.useQuery({ albumId: draft.albumId }, { staleTime: 0, refetchOnWindowFocus: false });
  const distribute = trpc.releases.distribute.useMutation();
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setError(null);
    try {
      await distribute.mutateAsync({ albumId: draft.albumId });
      // The draft query may refetch (empty now) before this navigation lands; handed off, the wizard
      // does not answer that with the start page.
      wizardStore.setState({ handedOff: true });
      void navigate(RELEASES_PATH);
      void utils.releases.invalidate();
    } catch (failure) {
      setError(errorCodeOf(failure));
      void check.refetch();
    }
  };

  return (
    <Stack gap="lg">
      <StepHeading title={<Trans>Check and distribute</Trans>}>
        <Trans>Your release is checked against the rules the stores apply. Fix what fails, then send it to the stores.</Trans>
      </StepHeading>
      {check.isPending ? (
        <Center py="lg">
          <Group gap="sm">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">
              <Trans>Checking your release…</Trans>
            </Text>
          </Group>
        </Center>
      ) : check.isError ? (
        <ErrorState error={check.error} onRetry={() => void check.refetch()} />
      ) : (
        <CheckReport items={check.data.items} passed={check.data.passed} />
      )}
      {error && (
        <Alert color="red" role="alert">
          {i18n._(errorMessageOf(error))}
        </Alert>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={() => void check.refetch()} loading={check.isFetching} data-testid="check-again">
          <Trans>Check again</Trans>
        </Button>
        <Button size="md" disabled={!check.data?.passed || check.isFetching} loading={distribute.isPending} onClick={() => void send()} data-testid="distribute-release" aria-describedby={check.data?.passed ? undefined : 'distribute-blocked'}>
          <Trans>Distribute to the stores</Trans>
        </Button>
      </Group>
      {check.data && !check.data.passed && (
        <Text size="sm" c="dimmed" id="distribute-blocked">
          {t`Distribute is possible once every check passes.`}
        </Text>
      )}
      <StepFooter previous={previous} next={null} />
    </Stack>
  );
}

function CheckReport({ items, passed }: { items: TCheckItem[]; passed: boolean }) {
  const { t } = useLingui();
  const [showPassed, setShowPassed] = useState(false);
  const failed = items.filter((item) => !item.passed && item.severity === 'error');
  const warnings = items.filter((item) => !item.passed && item.severity === 'warning');
  const ok = items.filter((item) => item.passed);
  return (
    <Stack gap="md" data-testid="check-report" data-passed={passed}>
      <Alert color={passed ? 'teal' : 'red'} variant="light" data-testid="check-summary">
        {passed ? (
          <Trans>Your release passes the check. It is ready for the stores.</Trans>
        ) : (
          <Trans>
            {failed.length} of {items.length} checks fail. The stores would refuse the release as it is.
          </Trans>
        )}
      </Alert>
      {failed.length > 0 && <CheckGroup title={t`To fix`} items={failed} kind="error" testId="check-failed" />}
      {warnings.length > 0 && <CheckGroup title={t`Worth a look`} items={warnings} kind="warning" testId="check-warnings" />}
      <Paper withBorder radius="md" p="sm">
        <UnstyledButton onClick={() => setShowPassed((open) => !open)} aria-expanded={showPassed} w="100%">
          <Text size="sm" fw={500}>
            <Plural value={ok.length} one="# check passed" other="# checks passed" /> {showPassed ? '▾' : '▸'}
          </Text>
        </UnstyledButton>
        <Collapse expanded={showPassed}>
          <Stack gap={4} mt="xs" data-testid="check-passed">
            {ok.map((item, index) => (
              <CheckRow key={`${item.check}-${item.track_id ?? 'release'}-${index}`} item={item} kind="passed" />
            ))}
          </Stack>
        </Collapse>
      </Paper>
    </Stack>
  );
}

function CheckGroup({ title, items, kind, testId }: { title: string; items: TCheckItem[]; kind: 'error' | 'warning'; testId: string }) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {items.map((item, index) => (
        <CheckRow key={`${item.check}-${item.track_id ?? 'release'}-${index}`} item={item} kind={kind} />
      ))}
    </Stack>
  );
}

function CheckRow({ item, kind }: { item: TCheckItem; kind: 'error' | 'warning' | 'passed' }) {
  const { t, i18n } = useLingui();
  const rule = { ...checkRuleMessage(item.code), values: checkValues(item.values, i18n.locale) };
  const fix = kind === 'passed' ? null : checkFixMessage(item.fix);
  const mark = kind === 'passed' ? '✓' : kind === 'error' ? '✗' : '!';
  const state = kind === 'passed' ? t`passed` : kind === 'error' ? t`fails` : t`warning`;
  return (
    <div className={classes.row} data-kind={kind} data-check={item.check} data-testid="check-item">
      <span className={classes.mark} aria-hidden="true">
        {mark}
      </span>
      <Stack gap={2} miw={0}>
        <Text size="sm">
          <span className={classes.visuallyHidden}>{state}: </span>
          {item.track_name && (
            <Text span fw={600}>
              {item.track_name}:{' '}
            </Text>
          )}
          {i18n._(rule)}
        </Text>
        {fix && (
          <Text size="sm" data-testid="check-fix">
            {i18n._(fix)}
          </Text>
        )}
      </Stack>
    </div>
  );
}
