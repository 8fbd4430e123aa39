import { Box, Button, Group, NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { TReleaseDraft } from '../../../../../src/modules/releases/releases.schemas.js';
import { RELEASE_STEPS, SIDE_STEPS, STEP_LABELS, STEP_SECTIONS, stepPath, type ReleaseStep } from './release-steps.js';
import { useWizardState } from './wizard-store.js';
import classes from './step-navigation.module.css';

export type StepStatus = 'open' | 'done' | 'error';

/**
 * A step's state from its sections' flags: seen and clean is done, seen with an error
 * needs attention; a step not yet seen shows neither, so a new release is not all red.
 */
export function useStepStatus(draft: TReleaseDraft): (step: ReleaseStep) => StepStatus {
  const visitedHere = useWizardState((state) => state.visited);
  return (step) => {
    const sections = STEP_SECTIONS[step].map((name) => ({ name, ...draft.sections[name] }));
    if (sections.length === 0) return 'open';
    const visited = sections.some((section) => section.visited || visitedHere.includes(section.name));
    if (!visited) return 'open';
    return sections.some((section) => section.hasError) ? 'error' : 'done';
  };
}

function StatusMark({ status, index }: { status: StepStatus; index: number }) {
  return (
    <span className={classes.mark} data-status={status} aria-hidden="true">
      {status === 'done' ? '✓' : status === 'error' ? '!' : index + 1}
    </span>
  );
}

function StatusText({ status }: { status: StepStatus }) {
  if (status === 'done') return <Trans>complete</Trans>;
  if (status === 'error') return <Trans>needs attention</Trans>;
  return null;
}

/** The top navigation: all six steps; below `sm` the numbers only, with the current step named beneath. */
export function TopStepNavigation({ current, statusOf }: { current: ReleaseStep; statusOf: (step: ReleaseStep) => StepStatus }) {
  const { t, i18n } = useLingui();
  const index = RELEASE_STEPS.indexOf(current);
  const label = i18n._(STEP_LABELS[current]);
  return (
    <Box component="nav" aria-label={t`Release steps`} mb="lg">
      <ol className={classes.steps}>
        {RELEASE_STEPS.map((step, position) => {
          const status = statusOf(step);
          const stepLabel = i18n._(STEP_LABELS[step]);
          return (
            <li key={step} className={classes.step}>
              <UnstyledButton
                component={Link}
                to={stepPath(step)}
                className={classes.stepLink}
                aria-current={step === current ? 'step' : undefined}
                data-status={status}
                data-testid={`step-${step}`}
              >
                <StatusMark status={status} index={position} />
                {/* The name is the words shown (a name other than the label fails WCAG 2.5.3, label in name). */}
                <span className={classes.stepLabel}>{stepLabel}</span>
                {status !== 'open' && <VisuallyHidden>{` (${status === 'done' ? t`complete` : t`needs attention`})`}</VisuallyHidden>}
              </UnstyledButton>
            </li>
          );
        })}
      </ol>
      <Text hiddenFrom="sm" size="sm" c="dimmed" mt={6} aria-hidden="true">
        <Trans>
          Step {index + 1} of {RELEASE_STEPS.length}: {label}
        </Trans>
      </Text>
    </Box>
  );
}

/** The side navigation (wide screens only): the five editing steps with their section state. */
export function SideStepNavigation({ current, statusOf }: { current: ReleaseStep; statusOf: (step: ReleaseStep) => StepStatus }) {
  const { t, i18n } = useLingui();
  return (
    <Stack component="nav" aria-label={t`Release sections`} gap={2} data-testid="side-navigation">
      {SIDE_STEPS.map((step, position) => {
        const status = statusOf(step);
        return (
          <NavLink
            key={step}
            component={Link}
            to={stepPath(step)}
            active={step === current}
            label={i18n._(STEP_LABELS[step])}
            description={status === 'open' ? undefined : <StatusText status={status} />}
            leftSection={<StatusMark status={status} index={position} />}
            data-status={status}
          />
        );
      })}
    </Stack>
  );
}

/** Back and next at the foot of a step. */
export function StepFooter({ previous, next, nextLabel, nextDisabled }: { previous: ReleaseStep | null; next: ReleaseStep | null; nextLabel?: string; nextDisabled?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Group justify="space-between" mt="xl" gap="sm">
      {previous ? (
        <Button component={Link} to={stepPath(previous)} variant="default" data-testid="step-back">
          ← {i18n._(STEP_LABELS[previous])}
        </Button>
      ) : (
        <span />
      )}
      {next && !nextDisabled && (
        <Button component={Link} to={stepPath(next)} data-testid="step-next">
          {nextLabel ?? i18n._(STEP_LABELS[next])} →
        </Button>
      )}
    </Group>
  );
}
