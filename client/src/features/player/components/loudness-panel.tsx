import { Stack, Switch, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFigure } from '../../../lib/format-decibels.js';
import type { PlayerSnapshot } from '../audio/player-controller.js';
import classes from './loudness-panel.module.css';

/** Measured loudness and true peak of both versions, and the loudness-matched A/B switch. */
export function LoudnessPanel({ snapshot, onMatch }: { snapshot: PlayerSnapshot; onMatch: (enabled: boolean) => void }) {
  const { t, i18n } = useLingui();
  const original = snapshot.meta.original?.loudness.original ?? snapshot.meta.mastered?.loudness.original ?? null;
  const mastered = snapshot.meta.mastered?.loudness.master ?? null;
  const predicted = snapshot.meta.mastered?.loudness.masterPredicted ?? false;
  const locale = i18n.locale;
  const adjusted = snapshot.gains.masteredDb !== 0 ? snapshot.gains.masteredDb : snapshot.gains.originalDb;
  const adjustedVersion = snapshot.gains.masteredDb !== 0 ? t`Mastered` : t`Original`;
  const row = (label: string, color: string, value: { lufs: number; truePeak: number } | null, note?: string) => (
    <Table.Tr>
      <Table.Td>
        <span className={classes.swatch} style={{ background: `var(--mantine-color-${color}-5)` }} aria-hidden />
        {label}
        {note && (
          <Text span size="xs" c="dimmed">
            {' '}
            ({note})
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.figures}>{value ? `${formatFigure(value.lufs, locale)} LUFS` : '–'}</Table.Td>
      <Table.Td className={classes.figures}>{value ? `${formatFigure(value.truePeak, locale)} dBTP` : '–'}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="xs">
      <Switch
        checked={snapshot.matchLoudness}
        onChange={(event) => onMatch(event.currentTarget.checked)}
        label={t`Match loudness`}
        description={
          snapshot.matchLoudness && adjusted !== 0
            ? t`Both versions play at the same loudness, so you judge the sound, not the volume. ${adjustedVersion} is turned down by ${formatFigure(Math.abs(adjusted), locale)} dB.`
            : t`Both versions play at the same loudness, so you judge the sound, not the volume.`
        }
      />
      <Table.ScrollContainer minWidth={280}>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" className={classes.loudnessTable} aria-label={t`Measured loudness`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Version</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Loudness</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>True peak</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row(t`Original`, 'original', original)}
            {row(t`Mastered`, 'mastered', mastered, mastered && predicted ? t`predicted` : undefined)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
