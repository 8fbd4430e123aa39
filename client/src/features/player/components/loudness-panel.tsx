import { NativeSelect, Stack, Switch, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PLATFORM_IDS, PLATFORM_RULES, ZPlatformId, type TPlatformId } from '../../../../../src/modules/platforms/platforms.schemas.js';
import { formatDb, formatFigure } from '../../../lib/format-decibels.js';
import type { PlayerSnapshot } from '../audio/player-controller.js';
import classes from './loudness-panel.module.css';
import { TableHead } from '../../../components/table-head.js';
import { Swatch } from '../../../components/swatch.js';

/**
 * Measured loudness and true peak of both versions (and the reference's, once the player
 * has decoded it), the loudness-matched A/B switch, and "played on": both versions at the gain a
 * streaming platform would apply.
 */
export function LoudnessPanel({ snapshot, onMatch, onPlatform }: { snapshot: PlayerSnapshot; onMatch: (enabled: boolean) => void; onPlatform: (platform: TPlatformId | null) => void }) {
  const { t, i18n } = useLingui();
  const original = snapshot.meta.original?.loudness.original ?? snapshot.meta.mastered?.loudness.original ?? null;
  const mastered = snapshot.meta.mastered?.loudness.master ?? null;
  const predicted = snapshot.meta.mastered?.loudness.masterPredicted ?? false;
  const locale = i18n.locale;
  const adjusted = snapshot.gains.masteredDb !== 0 ? snapshot.gains.masteredDb : snapshot.gains.originalDb;
  const adjustedVersion = snapshot.gains.masteredDb !== 0 ? t`Mastered` : t`Original`;
  const reference = snapshot.referenceLoudness;
  const row = (label: string, color: string, value: { lufs: number; truePeak: number | null } | null, note?: string) => (
    <Table.Tr>
      <Table.Td>
        <Swatch color={color} />
        {label}
        {note && (
          <Text span size="xs" c="dimmed">
            {' '}
            ({note})
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.figures}>{value ? `${formatFigure(value.lufs, locale)} LUFS` : '–'}</Table.Td>
      <Table.Td className={classes.figures}>{value?.truePeak != null ? `${formatFigure(value.truePeak, locale)} dBTP` : '–'}</Table.Td>
    </Table.Tr>
  );
  const platform = snapshot.platform ? PLATFORM_RULES[snapshot.platform] : null;
  const platformName = platform?.name ?? '';
  const originalGain = formatDb(snapshot.gains.originalDb, locale);
  const masteredGain = formatDb(snapshot.gains.masteredDb, locale);
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t`Played on`}
        value={snapshot.platform ?? ''}
        onChange={(event) => {
          const picked = ZPlatformId.safeParse(event.currentTarget.value);
          onPlatform(picked.success ? picked.data : null);
        }}
        data={[
          { value: '', label: t`No platform: as set below` },
          ...PLATFORM_IDS.map((id) => ({ value: id, label: `${PLATFORM_RULES[id].name} (${formatFigure(PLATFORM_RULES[id].referenceLufs, locale)} LUFS)` })),
        ]}
        description={platform ? t`Each version plays at the gain ${platformName} would apply: Original ${originalGain} dB, Mastered ${masteredGain} dB.` : t`Hear both versions as a streaming service would play them.`}
        data-testid="played-on"
      />
      <Switch
        disabled={platform !== null}
        checked={snapshot.matchLoudness}
        onChange={(event) => onMatch(event.currentTarget.checked)}
        label={t`Match loudness`}
        description={
          snapshot.matchLoudness && adjusted !== 0 && !platform
            ? t`Both versions play at the same loudness, so you judge the sound, not the volume. ${adjustedVersion} is turned down by ${formatFigure(Math.abs(adjusted), locale)} dB.`
            : t`Both versions play at the same loudness, so you judge the sound, not the volume.`
        }
      />
      <Table.ScrollContainer minWidth={280}>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" className={classes.loudnessTable} aria-label={t`Measured loudness`}>
          <TableHead
            columns={[
              { label: <Trans>Version</Trans> },
              { label: <Trans>Loudness</Trans> },
              { label: <Trans>True peak</Trans> },
            ]}
          />
          <Table.Tbody>
            {row(t`Original`, 'original', original)}
            {row(t`Mastered`, 'mastered', mastered, mastered && predicted ? t`predicted` : undefined)}
            {reference && row(t`Reference`, 'gray', { lufs: reference.lufs, truePeak: reference.truePeakDb })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
