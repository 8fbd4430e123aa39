import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PLATFORM_IDS, PLATFORM_RULES, type PlatformRule } from '../../../../../src/modules/platforms/platforms.schemas.js';
import { formatDb, formatFigure } from '../../../lib/format-decibels.js';
import { loudnessOutcomeOf, normalisationOf, type BudgetFigures, type EqPoint, type LoudnessFigures, type ReferenceDistances, type ReportFigures } from '../lib/report-figures.js';
import classes from './report-card.module.css';
import type { Amounts, Intensity } from '../../../../../src/modules/masters/masters.constants.js';
import { amountsSummary } from '../lib/amounts.js';
import { INTENSITY_NAMES } from '../lib/intensity-names.js';
import { Swatch } from '../../../components/swatch.js';

/**
 * Original and master side by side, with what the streaming services' loudness normalisation will
 * do to each. The original is neutral and the master carries the accent colour, and every figure
 * also carries its label, so colour is never the only signal.
 */
export function ReportCard({
  figures,
  intensity,
  amounts,
  children,
}: {
  /** Sections of their own below the figures (the codec check). */
  children?: ReactNode;
  figures: ReportFigures;
  /** The master's intensity, named beside the title. */
  intensity?: Intensity | undefined;
  /** The master's amounts: those moved off 100 % are named beside the title. */
  amounts?: Amounts | undefined;
}) {
  const { t, i18n } = useLingui();
  const changedAmounts = amounts ? amountsSummary(i18n, amounts) : '';
  const locale = i18n.locale;
  const { original, master, eq, budget } = figures;
  const value = (f: LoudnessFigures | null, pick: (f: LoudnessFigures) => number | null, unit: string) => {
    const v = f ? pick(f) : null;
    return v === null ? <Text span c="dimmed">–</Text> : `${formatFigure(v, locale)} ${unit}`;
  };
  const useCrest = (original?.crest ?? master?.crest ?? null) !== null;
  const rows: { label: ReactNode; pick: (f: LoudnessFigures) => number | null; unit: string }[] = [
    { label: t`Integrated loudness`, pick: (f) => f.lufs, unit: 'LUFS' },
    { label: t`Loudness range`, pick: (f) => f.lra, unit: 'LU' },
    { label: t`True peak`, pick: (f) => f.truePeak, unit: 'dBTP' },
    useCrest
      ? { label: t`Crest factor`, pick: (f) => f.crest, unit: 'dB' }
      : { label: t`Peak to loudness (PLR)`, pick: (f) => f.plr, unit: 'dB' },
  ];

  if (!original && !master) {
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="report-title">
        <Title order={2} fz="lg" id="report-title">
          <Trans>Report card</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt="xs">
          <Trans>The figures appear here once the master is made: loudness, dynamics, peaks and what streaming services will do to it.</Trans>
        </Text>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="report-title">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline" gap="xs">
          <Group gap="xs" align="baseline">
            <Title order={2} fz="lg" id="report-title">
              <Trans>Report card</Trans>
            </Title>
            {intensity && (
              <Badge variant="light" color="mastered" data-testid="report-intensity">
                {t`Intensity: ${i18n._(INTENSITY_NAMES[intensity])}`}
              </Badge>
            )}
            {changedAmounts && (
              <Badge variant="light" color="mastered" maw="100%" data-testid="report-amounts">
                {changedAmounts}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>Measured to ITU-R BS.1770-4</Trans>
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={260}>
          <Table className={classes.figures} verticalSpacing="xs" horizontalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>
                    <Trans>Figure</Trans>
                  </VisuallyHidden>
                </Table.Th>
                <Table.Th ta="right" className={classes.original}>
                  <Swatch color="original" />
                  <Trans>Original</Trans>
                </Table.Th>
                <Table.Th ta="right" className={classes.mastered}>
                  <Swatch color="mastered" />
                  <Trans>Master</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={i}>
                  <Table.Th scope="row" fw={500}>
                    {row.label}
                  </Table.Th>
                  <Table.Td ta="right">{value(original, row.pick, row.unit)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {value(master, row.pick, row.unit)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!original && (
          <Text size="xs" c="dimmed">
            <Trans>The original's figures are shown once the track has been analysed for this master.</Trans>
          </Text>
        )}
        {budget && <BudgetNote budget={budget} />}
        {figures.reference && <ReferenceDistanceNote distances={figures.reference} />}

        <SimpleGrid cols={{ base: 1, md: eq ? 2 : 1 }} spacing="lg">
          <Stack gap="xs">
            <Title order={3} fz="sm">
              <Trans>Streaming loudness normalisation</Trans>
            </Title>
            <Table className={classes.figures} verticalSpacing={6} horizontalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Service</Trans>
                  </Table.Th>
                  <Table.Th ta="right" className={classes.original}>
                    <Trans>Original</Trans>
                  </Table.Th>
                  <Table.Th ta="right" className={classes.mastered}>
                    <Trans>Master</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PLATFORM_IDS.map((id) => {
                  const rule = PLATFORM_RULES[id];
                  return (
                    <Table.Tr key={id} data-testid={`platform-${id}`}>
                      <Table.Th scope="row" fw={500}>
                        {rule.name}{' '}
                        <Text span size="xs" c="dimmed">
                          {formatFigure(rule.referenceLufs, locale)} LUFS
                        </Text>
                      </Table.Th>
                      <Table.Td ta="right">
                        <Effect figures={original} rule={rule} />
                      </Table.Td>
                      <Table.Td ta="right" fw={600}>
                        <Effect figures={master} rule={rule} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">
              <Trans>Gain each service applies when it plays the file, track by track. A master turned down a lot was made louder than it needs to be.</Trans>
            </Text>
          </Stack>
          {eq && (
            <Stack gap="xs">
              <Title order={3} fz="sm">
                <Trans>EQ change</Trans>
              </Title>
              <EqCurve points={eq} />
            </Stack>
          )}
        </SimpleGrid>
        {children}
      </Stack>
    </Paper>
  );
}

/** How far the master's tonal balance moved toward the reference it was made toward (lower is closer). */
function ReferenceDistanceNote({ distances }: { distances: ReferenceDistances }) {
  const { t, i18n } = useLingui();
  const before = formatFigure(distances.beforeDb, i18n.locale);
  const after = formatFigure(distances.afterDb, i18n.locale);
  return (
    <Text size="sm" data-testid="report-reference">
      {t`Distance to reference: ${before} dB before, ${after} dB after`}
    </Text>
  );
}

function Effect({ figures, rule }: { figures: LoudnessFigures | null; rule: PlatformRule }) {
  const { i18n } = useLingui();
  const effect = normalisationOf(figures, rule);
  if (!effect) return <Text span c="dimmed">–</Text>;
  return (
    // The badges go above the figure where the column is narrow (phones), rather than being cut.
    <Group gap={4} justify="flex-end" wrap="wrap">
      {effect.peakLimited && (
        <Badge size="xs" variant="light" color="yellow" title={i18n._(peakLimitedHint)}>
          <Trans>peak</Trans>
        </Badge>
      )}
      {effect.limiterEngaged && (
        <Badge size="xs" variant="light" color="orange" title={i18n._(limiterHint)}>
          <Trans>limiter</Trans>
        </Badge>
      )}
      <span>{formatDb(effect.gainDb, i18n.locale)} dB</span>
    </Group>
  );
}

const peakLimitedHint = msg`Raised only as far as the true peak allows`;
const limiterHint = msg`Raised so far that the platform's limiter squeezes its peaks`;

/** What the dynamics budget did, and in one sentence what the chain does. */
function BudgetNote({ budget }: { budget: BudgetFigures }) {
  const { i18n } = useLingui();
  const target = formatFigure(budget.targetLufs, i18n.locale);
  const heldBack = formatFigure(budget.heldBackLu, i18n.locale);
  const outcome = loudnessOutcomeOf(budget);
  const overs = 'oversDb' in outcome && outcome.oversDb !== null ? formatFigure(outcome.oversDb, i18n.locale) : null;
  return (
    <Stack gap={4} data-testid="budget-note">
      <Text size="sm" fw={500}>
        {outcome.kind === 'aboveTarget' &&
          (overs !== null ? (
            <Trans>Your mix was louder than the style's target and clipped: we brought it to {target} LUFS and removed {overs} dB of overs.</Trans>
          ) : (
            <Trans>Your mix was louder than the style's target: we brought it to {target} LUFS.</Trans>
          ))}
        {outcome.kind === 'keptMix' &&
          (overs !== null ? (
            <Trans>
              Your mix was already loud and clipped: we kept its loudness and removed {overs} dB of overs. Going on to the style's {target} LUFS would have taken more limiting than it allows.
            </Trans>
          ) : (
            <Trans>Your mix was already loud: we kept its loudness. Going on to the style's {target} LUFS would have taken more limiting than it allows.</Trans>
          ))}
        {outcome.kind === 'heldBack' && (
          <Trans>
            Held back {heldBack} LU to keep the dynamics: the style aims at {target} LUFS, and getting there would have taken more limiting than it allows.
          </Trans>
        )}
        {outcome.kind === 'reached' && <Trans>Reached the style's target of {target} LUFS within its dynamics budget.</Trans>}
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>
          The chain: the style's tone as a move on your mix (some styles add air on the sides of the stereo image or keep the bass in the middle), a compressor set from your track's own loudness (three bands for the bass-heavy styles, so the bass does not pull the rest along), warmth on the low end only, and a true-peak limiter with look-ahead that works at twice the sample rate and releases quickly after a transient, slowly in a dense passage. Each style has a budget for limiting and compression; the master is the loudest version within it, and never quieter than your mix: what the limiter takes off the overs a loud mix already had does not count against the budget.
        </Trans>
      </Text>
    </Stack>
  );
}

const MIN_HZ = 20;
const MAX_HZ = 20000;

/** The EQ change on a log-frequency axis, ±6 dB, drawn as one smooth line (SVG, no library). */
function EqCurve({ points }: { points: EqPoint[] }) {
  const { t, i18n } = useLingui();
  const width = 320;
  const height = 120;
  const range = Math.max(6, ...points.map((p) => Math.ceil(Math.abs(p.db))));
  const x = (hz: number) => ((Math.log10(Math.min(MAX_HZ, Math.max(MIN_HZ, hz))) - Math.log10(MIN_HZ)) / (Math.log10(MAX_HZ) - Math.log10(MIN_HZ))) * width;
  const y = (db: number) => height / 2 - (db / range) * (height / 2 - 6);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.hz).toFixed(1)},${y(p.db).toFixed(1)}`).join(' ');
  const summary = points.map((p) => `${p.hz >= 1000 ? `${p.hz / 1000} kHz` : `${p.hz} Hz`} ${formatDb(p.db, i18n.locale)} dB`).join(', ');
  return (
    <svg viewBox={`0 0 ${width} ${height + 16}`} className={classes.curve} role="img" aria-label={t`EQ change: ${summary}`}>
      {[100, 1000, 10000].map((hz) => (
        <g key={hz}>
          <line x1={x(hz)} x2={x(hz)} y1={0} y2={height} stroke="var(--mantine-color-default-border)" strokeWidth={1} />
          <text x={x(hz)} y={height + 12} fontSize={10} textAnchor="middle" fill="var(--mantine-color-dimmed)">
            {hz >= 1000 ? `${hz / 1000}k` : hz}
          </text>
        </g>
      ))}
      <line x1={0} x2={width} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-original-6)" strokeDasharray="3 3" />
      <text x={2} y={10} fontSize={10} fill="var(--mantine-color-dimmed)">{`+${range} dB`}</text>
      <text x={2} y={height - 2} fontSize={10} fill="var(--mantine-color-dimmed)">{`\u2212${range} dB`}</text>
      <path d={path} fill="none" stroke="var(--mantine-color-mastered-4)" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
      {points.map((p) => (
        <circle key={p.hz} cx={x(p.hz)} cy={y(p.db)} r={3} fill="var(--mantine-color-mastered-4)" />
      ))}
    </svg>
  );
}
