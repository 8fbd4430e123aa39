import { Group, Overlay, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useOptionalMasteringSession, type BounceProgress, type MasteringProgress } from '../mastering-session.js';

type PreparationStage = 'preparing' | 'dynamics' | 'eq' | 'finalizing';

/**
 * What runs, as the overlay shows it: one job (the track's preparation, or a bounce), its stage,
 * its place in line while it waits, the pass of the dynamics fit, and one percent for the whole job.
 */
export interface AnalyzingView {
  kind: 'preparation' | 'bounce';
  stage: 'waiting' | PreparationStage | 'bouncing';
  queuePosition: number;
  iteration: number;
  /** 0-100 over the whole job (every stage), never per stage. */
  percent: number;
  fixing: boolean;
}

/**
 * Where each preparation stage lies on the one bar, as a share of a typical preparation's time
 * (bench:mastering on the seeded styles: the analysis pass about a sixth, fitting the dynamics
 * nearly all the rest, the EQ curves a moment). The server reports 0-100 % per stage.
 */
const PREPARATION_SPANS: Record<PreparationStage, readonly [number, number]> = {
  preparing: [0, 15],
  dynamics: [15, 96],
  eq: [96, 99],
  finalizing: [99, 99],
};

/** While a job runs the bar stops short of its end: 100 % is shown by nothing, since done closes the overlay. */
const RUNNING_MAX = 99;

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** The percent of the whole preparation at a stage's own percent. */
export function preparationPercent(stage: PreparationStage, stagePercent: number): number {
  const [from, to] = PREPARATION_SPANS[stage];
  return Math.min(RUNNING_MAX, clamp(from + ((to - from) * clamp(stagePercent)) / 100));
}

/**
 * The job that runs, as the media process last reported it: a bounce first
 * (it prepares the track itself when needed), else the preparation. null when nothing runs.
 */
export function analyzingView(preparation: MasteringProgress | null, bouncing: BounceProgress | null): AnalyzingView | null {
  if (bouncing && !bouncing.processed) {
    // Waiting for a slot of the media process: say so, with the place in line.
    if (bouncing.queuePosition) return { kind: 'bounce', stage: 'waiting', queuePosition: bouncing.queuePosition, iteration: 0, percent: 0, fixing: false };
    // The render's last step (its checks and measurements) shows as finishing, still short of 100 %.
    const reported = clamp(bouncing.progressInPercent);
    const percent = Math.min(RUNNING_MAX, reported);
    return { kind: 'bounce', stage: reported >= RUNNING_MAX ? 'finalizing' : 'bouncing', queuePosition: 0, iteration: 0, percent, fixing: false };
  }
  if (preparation && !preparation.processed) {
    const { fixing, iteration } = preparation;
    if (preparation.queuePosition) return { kind: 'preparation', stage: 'waiting', queuePosition: preparation.queuePosition, iteration: 0, percent: 0, fixing };
    // Each stage reports its own 0-100 %: a stage at 100 % is still that stage, not the end.
    const stage: PreparationStage = preparation.stage === 'done' ? 'finalizing' : preparation.stage;
    return { kind: 'preparation', stage, queuePosition: 0, iteration, percent: preparationPercent(stage, preparation.progressInPercent), fixing };
  }
  return null;
}

const STAGE_ORDER: AnalyzingView['stage'][] = ['waiting', 'preparing', 'dynamics', 'eq', 'bouncing', 'finalizing'];

/**
 * Progress only moves forward: within one job the percent, the stage and the pass never
 * fall below what was shown already, whatever order the reports arrive in (two fitting threads, a
 * reconnect that joins the running job). Waiting in line may show again (the job was queued anew),
 * with the percent kept. A new job (another kind, or after nothing ran) starts from its own report.
 */
export function forwardOnly(shown: AnalyzingView | null, next: AnalyzingView | null): AnalyzingView | null {
  if (!next || !shown || shown.kind !== next.kind) return next;
  const stage = next.stage === 'waiting' || STAGE_ORDER.indexOf(next.stage) >= STAGE_ORDER.indexOf(shown.stage) ? next.stage : shown.stage;
  return {
    ...next,
    stage,
    percent: Math.max(shown.percent, next.percent),
    iteration: Math.max(shown.iteration, next.iteration),
  };
}

export function headingOf(view: AnalyzingView): MessageDescriptor {
  return view.kind === 'bounce' ? msg`Making your master` : msg`Analyzing your track`;
}

/** The stage's name (the browser tests read it: Preparing, Shaping, Balancing, Finishing, Waiting in line or next, Bouncing). */
export function stepOf(view: AnalyzingView): MessageDescriptor {
  const { queuePosition: position, iteration, percent } = view;
  switch (view.stage) {
    case 'waiting': {
      // Position 1 is next: nobody is ahead, a running job only has to finish.
      const ahead = position - 1;
      return ahead <= 0 ? msg`You are next: this starts as soon as a running job finishes` : msg`Waiting in line: ${ahead} ahead of you`;
    }
    case 'preparing':
      return msg`Preparing your track`;
    case 'dynamics':
      return iteration > 0 ? msg`Shaping the dynamics (pass ${iteration})` : msg`Shaping the dynamics`;
    case 'eq':
      return msg`Balancing the EQ`;
    case 'bouncing':
      return msg`Bouncing: ${percent} %`;
    case 'finalizing':
      return view.kind === 'bounce' ? msg`Finishing your master…` : msg`Finishing the analysis…`;
  }
}

/** "Step n of 3" of a preparation (analysis, dynamics, EQ); null where no step is running. */
export function preparationStepNumber(view: AnalyzingView): number | null {
  if (view.kind !== 'preparation') return null;
  const index = ['preparing', 'dynamics', 'eq'].indexOf(view.stage);
  return index < 0 ? null : index + 1;
}

const sameView = (a: AnalyzingView | null, b: AnalyzingView | null) => JSON.stringify(a) === JSON.stringify(b);

/** The overlay's view, held forward across renders for as long as one job runs. */
function useForwardView(raw: AnalyzingView | null): AnalyzingView | null {
  const [shown, setShown] = useState<AnalyzingView | null>(null);
  const view = forwardOnly(shown, raw);
  // Derived state, stored during render (React's pattern for state that follows props).
  if (!sameView(view, shown)) setShown(view);
  return view;
}

/** CONTRACT: the full-screen analyzing overlay, driven by the mastering session (player stream owns it). */
export function AnalyzingOverlay() {
  const { t, i18n } = useLingui();
  const session = useOptionalMasteringSession();
  const view = useForwardView(session ? analyzingView(session.preparation, session.bouncing) : null);
  if (!view) return null;
  const stepNumber = preparationStepNumber(view);
  return (
    <Overlay fixed zIndex={300} backgroundOpacity={0.82} color="#0f1014" blur={2} center data-testid="analyzing-overlay">
      <Paper withBorder radius="md" p="xl" w="min(480px, calc(100vw - 32px))" role="dialog" aria-modal="true" aria-labelledby="analyzing-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="analyzing-heading">
            {i18n._(headingOf(view))}
          </Title>
          <div aria-live="polite" role="status">
            <Text fw={600}>{i18n._(stepOf(view))}</Text>
            {view.fixing && (
              <Text size="sm" c="dimmed" mt={4}>
                {t`A stored master did not pass its check and is being rebuilt.`}
              </Text>
            )}
          </div>
          <Progress value={view.percent} size="lg" radius="xl" animated aria-label={t`Progress`} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" data-testid="analyzing-step-number">
              {stepNumber !== null ? t`Step ${stepNumber} of 3` : ''}
            </Text>
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden data-testid="analyzing-percent">
              {view.percent} %
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t`This takes a moment. Keep this page open; you can listen as soon as it is done.`}
          </Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
