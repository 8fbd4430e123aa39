import { Box, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useBlocker, useLocation, useOutletContext } from 'react-router';
import type { TReleaseDraft } from '../../../../../src/modules/releases/releases.schemas.js';
import { trpc } from '../../../lib/trpc.js';
import { CancelReleaseButton } from './cancel-release.js';
import { NEW_RELEASE_PATH, STEP_SECTIONS, stepOfPath, type ReleaseStep } from './release-steps.js';
import { SideStepNavigation, TopStepNavigation, useStepStatus } from './step-navigation.js';
import { forgetUnsaved, markVisitedLocally, resetWizard, useWizardState, wizardStore } from './wizard-store.js';
import classes from './wizard-layout.module.css';
import { QueriesState, querySettled } from '../../../components/query-page.js';

export interface WizardContext {
  draft: TReleaseDraft;
  step: ReleaseStep;
}

/** The draft of the step being shown (the layout loaded it and guards that it exists). */
export function useWizard(): WizardContext {
  return useOutletContext<WizardContext>();
}

/** The user's release in the making; null when there is none (no current album id). */
export function useReleaseDraft() {
  // A cover's image sizes are made moments after its upload: asked again until they are there.
  return trpc.releases.draft.useQuery(undefined, { staleTime: 0, refetchInterval: (query) => (query.state.data?.cover && !query.state.data.cover_image ? 1500 : false) });
}

/**
 * The frame of the release wizard's steps: the step guard (a step without a current album
 * goes to /distribution/new-release), the top navigation with its six steps, the side navigation on
 * wide screens, cancel, and marking a step's sections visited when the user leaves it (each
 * editor records on closing that its section was seen, so its messages show from then on).
 */
export function WizardLayout() {
  const location = useLocation();
  const step = stepOfPath(location.pathname);
  const draft = useReleaseDraft();
  const markVisited = trpc.releases.markVisited.useMutation();
  const utils = trpc.useUtils();
  const albumId = draft.data?.albumId;
  const leaving = useRef<{ step: ReleaseStep | null; albumId: number | undefined }>({ step: null, albumId: undefined });

  useEffect(() => {
    const previous = leaving.current;
    if (previous.step && previous.step !== step && previous.albumId !== undefined) {
      const sections = STEP_SECTIONS[previous.step];
      for (const section of sections) markVisitedLocally(section);
      const id = previous.albumId;
      void Promise.all(sections.map((section) => markVisited.mutateAsync({ albumId: id, section }).catch(() => undefined))).then(() => utils.releases.draft.invalidate());
    }
    leaving.current = { step, albumId };
    // markVisited and utils are stable enough; the effect runs on a step change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, albumId]);

  const handedOff = useWizardState((state) => state.handedOff);
  // A release handed to the stores leaves the wizard for good: what the browser kept of it goes.
  useEffect(() => () => {
    if (wizardStore.getState().handedOff) resetWizard();
  }, []);

  if (!querySettled(draft)) return <QueriesState queries={[draft]} />;
  if (!draft.data || !step) return handedOff ? null : <Navigate to={NEW_RELEASE_PATH} replace />;
  return <WizardFrame draft={draft.data} step={step} />;
}

function WizardFrame({ draft, step }: WizardContext) {
  const statusOf = useStepStatus(draft);
  const name = draft.album.name.trim();
  return (
    <Stack gap={0} data-testid="release-wizard" data-step={step}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm" wrap="nowrap">
        <Box miw={0}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            <Trans>New release</Trans>
          </Title>
          <Text c="dimmed" size="sm" truncate data-testid="release-title">
            {name === '' ? <Trans>No title yet</Trans> : name}
          </Text>
        </Box>
        <CancelReleaseButton albumId={draft.albumId} />
      </Group>
      <LeaveGuard />
      <TopStepNavigation current={step} statusOf={statusOf} />
      <div className={classes.frame}>
        <Box visibleFrom="md" className={classes.side}>
          <SideStepNavigation current={step} statusOf={statusOf} />
        </Box>
        <Box className={classes.content}>
          <Outlet context={{ draft, step } satisfies WizardContext} />
        </Box>
      </div>
    </Stack>
  );
}

/**
 * Leaving a step (or the wizard, or the page) while an editor holds unsaved changes asks first:
 * stay and save them, or leave and drop them. Nothing typed is lost without that choice, and a
 * split that does not add up is never dropped quietly.
 */
function LeaveGuard() {
  const unsaved = useWizardState((state) => state.unsaved.length > 0);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={<Trans>Unsaved changes</Trans>} centered data-testid="unsaved-changes">
      <Stack>
        <Text size="sm">
          <Trans>Some changes on this step are not saved yet. Stay to save them (shares must add up to 100 %), or leave and lose them.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" onClick={() => (forgetUnsaved(), blocker.proceed?.())} data-testid="leave-unsaved">
            <Trans>Leave without saving</Trans>
          </Button>
          <Button onClick={() => blocker.reset?.()} data-testid="stay-unsaved">
            <Trans>Stay and save</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
