import { Overlay, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useOptionalMasteringSession, type BounceProgress, type MasteringProgress } from '../mastering-session.js';

export interface AnalyzingView {
  heading: MessageDescriptor;
  step: MessageDescriptor;
  percent: number;
  fixing: boolean;
}

/**
 * What the overlay says (spec §4 mastering): preparing, then dynamics with its iteration, then EQ
 * with percent, finalizing when preparation is done; a bounce: bouncing with percent, finalizing at
 * 100 percent. null when nothing runs.
 */
export function analyzingView(preparation: MasteringProgress | null, bouncing: BounceProgress | null): AnalyzingView | null {
  const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
  // Waiting for a slot of the media process: say so, with the place in line (issue 10).
  if (bouncing && !bouncing.processed && bouncing.queuePosition) {
    const position = bouncing.queuePosition;
    return { heading: msg`Making your master`, step: msg`Waiting in line: you are number ${position}`, percent: 0, fixing: false };
  }
  if (preparation && !preparation.processed && preparation.queuePosition) {
    const position = preparation.queuePosition;
    return { heading: msg`Analyzing your track`, step: msg`Waiting in line: you are number ${position}`, percent: 0, fixing: preparation.fixing };
  }
  if (bouncing && !bouncing.processed) {
    const percent = clamp(bouncing.progressInPercent);
    return {
      heading: msg`Making your master`,
      step: percent >= 100 ? msg`Finalizing…` : msg`Bouncing: ${percent} %`,
      percent,
      fixing: false,
    };
  }
  if (preparation && !preparation.processed) {
    const percent = clamp(preparation.progressInPercent);
    const iteration = preparation.iteration;
    // Each stage reports its own 0-100 %: a stage at 100 % is still that stage, not the end.
    const step =
      preparation.stage === 'dynamics'
        ? msg`Shaping the dynamics (pass ${iteration})`
        : preparation.stage === 'eq'
          ? msg`Balancing the EQ: ${percent} %`
          : preparation.stage === 'done'
            ? msg`Finalizing…`
            : msg`Preparing your track`;
    return { heading: msg`Analyzing your track`, step, percent, fixing: preparation.fixing };
  }
  return null;
}

/** CONTRACT: the full-screen analyzing overlay, driven by the mastering session (player stream owns it). */
export function AnalyzingOverlay() {
  const { t, i18n } = useLingui();
  const session = useOptionalMasteringSession();
  const view = session ? analyzingView(session.preparation, session.bouncing) : null;
  if (!view) return null;
  return (
    <Overlay fixed zIndex={300} backgroundOpacity={0.82} color="#0f1014" blur={2} center data-testid="analyzing-overlay">
      <Paper withBorder radius="md" p="xl" w="min(480px, calc(100vw - 32px))" role="dialog" aria-modal="true" aria-labelledby="analyzing-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="analyzing-heading">
            {i18n._(view.heading)}
          </Title>
          <div aria-live="polite" role="status">
            <Text fw={600}>{i18n._(view.step)}</Text>
            {view.fixing && (
              <Text size="sm" c="dimmed" mt={4}>
                {t`A stored master did not pass its check and is being rebuilt.`}
              </Text>
            )}
          </div>
          <Progress value={view.percent} size="lg" radius="xl" animated={view.percent < 100} aria-label={t`Progress`} />
          <Text ta="end" size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden>
            {view.percent} %
          </Text>
          <Text size="sm" c="dimmed">
            {t`This takes a moment. Keep this page open; you can listen as soon as it is done.`}
          </Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
