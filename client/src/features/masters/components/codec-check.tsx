import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import type { StoreCodec } from '../../../../../src/modules/masters/masters.constants.js';
import type { TCodecFigures, TMasterMeasurements } from '../../../../../src/modules/masters/masters.schemas.js';
import { formatDb, formatFigure } from '../../../lib/format-decibels.js';
import { errorCodeOf, errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import classes from './codec-check.module.css';
// The report card's figure tables: tabular digits, figures that never wrap, tighter on phones.
import reportClasses from './report-card.module.css';

/** While a check waits or runs, the page asks how it stands this often. */
const FOLLOW_MS = 1_500;

/** Which stores stream with each codec (for Opus, the class of codec). */
const STORES_OF: Record<StoreCodec, MessageDescriptor> = {
  aac: msg`like Apple Music`,
  opus: msg`like YouTube and Spotify`,
};
const CODEC_NAMES: Record<StoreCodec, string> = { aac: 'AAC', opus: 'Opus' };

/** A decoded true peak over full scale: it clips when a player plays the decoded file. */
export const clipsOnPlayback = (figures: TCodecFigures) => figures.truePeakDb !== null && figures.truePeakDb > 0;

/**
 * The report card's codec check: the master encoded as the stores stream it and decoded again,
 * its decoded true peak and loudness per codec, a row over 0 dBTP marked (it clips on playback).
 * The master's owner starts it (`canStart`) and sees it wait and run; a user the master is shared
 * with sees the stored figures only, and nothing when there are none.
 */
export function CodecCheck({ masterId, measurements, canStart }: { masterId: string; measurements: TMasterMeasurements; canStart: boolean }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const check = trpc.mastering.codecCheck.useQuery(
    { masterId },
    { enabled: canStart, refetchInterval: (query) => (query.state.data?.state === 'queued' || query.state.data?.state === 'running' ? FOLLOW_MS : false) },
  );
  const start = trpc.mastering.startCodecCheck.useMutation({ onSuccess: (ticket) => utils.mastering.codecCheck.setData({ masterId }, ticket) });
  const ticket = check.data;
  const codecs = ticket?.codecs ?? measurements.codecs ?? null;
  const storedAlready = measurements.codecs !== undefined;
  // Done: the master's own figures (the lists, the shared view) carry the codecs from now on.
  useEffect(() => {
    if (ticket?.state === 'done' && !storedAlready) void utils.masters.invalidate();
  }, [ticket?.state, storedAlready, utils]);

  if (!canStart && !codecs) return null;
  const busy = ticket?.state === 'queued' || ticket?.state === 'running' || start.isPending;
  const clipping = codecs?.some(clipsOnPlayback) ?? false;
  return (
    <Stack gap="xs" data-testid="codec-check">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="sm">
          <Trans>Through the stores' codecs</Trans>
        </Title>
        {canStart && !codecs && !busy && (
          <Button size="xs" variant="light" onClick={() => start.mutate({ masterId })}>
            <Trans>Check the codec round trip</Trans>
          </Button>
        )}
      </Group>
      {codecs ? (
        <CodecTable codecs={codecs} masterTruePeak={measurements.truePeak} />
      ) : (
        <Text size="xs" c="dimmed">
          <Trans>
            Encodes the master as the stores stream it (AAC at 256 kb/s, Opus at 160 kb/s), decodes it again and measures its true peak: lossy encoding adds overshoot to the peaks.
          </Trans>
        </Text>
      )}
      {busy && (
        <Group gap="xs" role="status" aria-live="polite" data-testid="codec-check-busy">
          <Loader size="xs" />
          <Text size="sm">
            {ticket?.state === 'queued' && ticket.position !== null ? t`Waiting in line (place ${ticket.position}) …` : t`Encoding and measuring …`}
          </Text>
        </Group>
      )}
      {(ticket?.state === 'failed' || start.isError) && !busy && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {i18n._(errorMessageOf(start.isError ? errorCodeOf(start.error) : (ticket?.error ?? 'global.error.server')))}
        </Alert>
      )}
      {codecs &&
        (clipping ? (
          <Alert color="red" variant="light" p="xs" data-testid="codec-clipping">
            <Trans>Decoded, this master goes over 0 dBTP: it will clip when the store's stream is played. The encoder's overshoot on its peaks is larger than the headroom under the ceiling.</Trans>
          </Alert>
        ) : (
          <Text size="xs" c="dimmed">
            <Trans>Lossy encoding adds overshoot to the peaks; the master's ceiling of −1 dBTP leaves room for it. A decoded true peak over 0 dBTP would clip on playback.</Trans>
          </Text>
        ))}
    </Stack>
  );
}

function CodecTable({ codecs, masterTruePeak }: { codecs: TCodecFigures[]; masterTruePeak: number }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const level = (value: number | null, unit: string) => (value === null ? '–' : `${formatFigure(value, locale)} ${unit}`);
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table className={`${reportClasses.figures} ${classes.codecs}`} verticalSpacing={6} horizontalSpacing="sm" data-testid="codec-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Codec`}</Table.Th>
            {[t`True peak, decoded`, t`Overshoot`, t`Loudness`].map((head) => (
              <Table.Th key={head} ta="right">
                {head}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codecs.map((figures) => {
            const clips = clipsOnPlayback(figures);
            return (
              <Table.Tr key={figures.codec} className={clips ? classes.clips : undefined} data-testid={`codec-${figures.codec}`} data-clips={clips || undefined}>
                <Table.Th scope="row" fw={500}>
                  {CODEC_NAMES[figures.codec]} {`${figures.bitrateKbps}\u00a0kb/s`}{' '}
                  <Text span size="xs" c="dimmed" display="block">
                    {i18n._(STORES_OF[figures.codec])}
                  </Text>
                </Table.Th>
                <Table.Td ta="right" fw={600}>
                  <Group gap={4} justify="flex-end" wrap="wrap">
                    {clips && (
                      <Badge size="xs" variant="filled" color="red">
                        <Trans>clips</Trans>
                      </Badge>
                    )}
                    <span>{level(figures.truePeakDb, 'dBTP')}</span>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{figures.truePeakDb === null ? '–' : `${formatDb(figures.truePeakDb - masterTruePeak, locale)} dB`}</Table.Td>
                <Table.Td ta="right">{level(figures.lufs, 'LUFS')}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
