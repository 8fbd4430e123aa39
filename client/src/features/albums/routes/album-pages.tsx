import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Paper, SegmentedControl, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.js';
import { PageHeader } from '../../../components/page-header.js';
import { errorCodeOf, errorMessageOf } from '../../../lib/error-messages.js';
import { formatFigure } from '../../../lib/format-decibels.js';
import { trpc } from '../../../lib/trpc.js';
import { MAX_ALBUM_TRACKS, MIN_ALBUM_TRACKS } from '../../../../../src/modules/albums/albums.constants.js';
import { NEW_RELEASE_PATH } from '../../../../../src/modules/site/site.constants.js';
import type { TAlbum } from '../../../../../src/modules/albums/albums.schemas.js';
import type { Intensity } from '../../../../../src/modules/masters/masters.constants.js';
import { AlbumPurchase } from '../../checkout/index.js';
import { GaplessAlbumPlayer, type ScheduledTrack } from '../lib/gapless.js';

const INTENSITY_LABELS = {
  low: msg({ message: 'Low', context: 'intensity' }),
  medium: msg({ message: 'Medium', context: 'intensity' }),
  high: msg({ message: 'High', context: 'intensity' }),
} as const;

/** /masters/album: the user picks tracks in album order, one style and one intensity, and masters them together. */
export function NewAlbumPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const tracks = trpc.tracks.myTracks.useQuery();
  const groups = trpc.catalogue.styleGroups.useQuery();
  const create = trpc.albums.create.useMutation();
  const [order, setOrder] = useState<string[]>([]);
  const [styleId, setStyleId] = useState<string | null>(null);
  const [intensity, setIntensity] = useState<Intensity>('medium');

  if (tracks.isError) return <ErrorState error={tracks.error} onRetry={() => void tracks.refetch()} />;
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;
  const withAudio = (tracks.data ?? []).filter((track) => track.audio !== null);
  const nameOf = (id: string) => withAudio.find((track) => track.id === id)?.name ?? '';
  const toggle = (id: string, on: boolean) => setOrder((ids) => (on ? (ids.length < MAX_ALBUM_TRACKS ? [...ids, id] : ids) : ids.filter((x) => x !== id)));
  const move = (from: number, to: number) =>
    setOrder((ids) => {
      const next = [...ids];
      const [id] = next.splice(from, 1);
      next.splice(to, 0, id!);
      return next;
    });
  const styleData = [...(groups.data ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((group) => ({ group: group.name, items: [...group.styles].sort((a, b) => a.order - b.order).map((style) => ({ value: String(style.id), label: `${group.name} · ${style.name}` })) }));
  const ready = order.length >= MIN_ALBUM_TRACKS && styleId !== null;

  const submit = async () => {
    if (!styleId) return;
    const album = await create.mutateAsync({ trackIds: order, styleId: Number(styleId), intensity });
    await navigate(`/masters/album/${album.id}`);
  };

  return (
    <>
      <PageHeader
        title={t`Master as album`}
        description={t`Choose the tracks of your EP or album in their order. They are mastered together in one style: the loudest track reaches the style's level, and every other one keeps its loudness difference to it, as in your mixes.`}
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Text fw={600} mb="xs">
            <Trans>Tracks</Trans>
          </Text>
          {tracks.isPending ? (
            <Skeleton h={120} />
          ) : (
            <Stack gap={6}>
              {withAudio.map((track) => (
                <Checkbox key={track.id} label={track.name} checked={order.includes(track.id)} onChange={(event) => toggle(track.id, event.currentTarget.checked)} />
              ))}
            </Stack>
          )}
        </Paper>
        {order.length > 0 && (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Text fw={600} mb="xs">
              <Trans>Order</Trans>
            </Text>
            <Stack gap={4} component="ol" m={0} p={0} aria-label={t`Album order`}>
              {order.map((id, i) => (
                <Group key={id} component="li" justify="space-between" wrap="nowrap" data-testid="album-order-item" style={{ listStyle: 'none' }}>
                  <Text truncate data-testid="album-order-name">
                    {i + 1}. {nameOf(id)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t`Move ${nameOf(id)} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                      ↑
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t`Move ${nameOf(id)} down`} disabled={i === order.length - 1} onClick={() => move(i, i + 1)}>
                      ↓
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="sm">
            <Select label={t`Style`} placeholder={t`Choose a style`} data={styleData} value={styleId} onChange={setStyleId} searchable={false} allowDeselect={false} />
            <div>
              <Text size="sm" fw={500} mb={4}>
                <Trans>Intensity</Trans>
              </Text>
              <SegmentedControl
                value={intensity}
                onChange={(value) => setIntensity(value as Intensity)}
                data={(['low', 'medium', 'high'] as const).map((value) => ({ value, label: i18n._(INTENSITY_LABELS[value]) }))}
              />
            </div>
            {create.isError && (
              <Alert color="red" variant="light" role="alert">
                {i18n._(errorMessageOf(errorCodeOf(create.error)))}
              </Alert>
            )}
            <Group>
              <Button onClick={() => void submit().catch(() => undefined)} disabled={!ready} loading={create.isPending}>
                <Trans>Master {order.length} tracks as album</Trans>
              </Button>
              {order.length < MIN_ALBUM_TRACKS && (
                <Text size="sm" c="dimmed">
                  <Trans>Choose at least two tracks.</Trans>
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}

const figure = (value: number | null, locale: string) => (value === null ? '–' : formatFigure(value, locale));

/** /masters/album/:id: the album's tracks in order with their loudness before and after, and gapless playback in order. */
export function AlbumPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useLingui();
  const album = trpc.albums.album.useQuery({ id }, { refetchInterval: (query) => (query.state.data && ['done', 'failed'].includes(query.state.data.state) ? false : 1_500) });

  if (album.isError) return <ErrorState error={album.error} onRetry={() => void album.refetch()} />;
  if (album.isPending) return <Skeleton h={240} radius="md" />;
  const data = album.data;
  return (
    <>
      <PageHeader title={t`Album`} description={t`${data.tracks.length} tracks mastered together, in this order.`} />
      <Stack gap="md">
        {(data.state === 'queued' || data.state === 'mastering') && (
          <Alert variant="light" icon={<Loader size="xs" />} data-testid="album-mastering">
            <Trans>Your album is being mastered. This page updates when it is done.</Trans>
          </Alert>
        )}
        {data.state === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {i18n._(errorMessageOf(data.error ?? 'global.error.server'))}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
          <AlbumTable album={data} locale={i18n.locale} />
        </Paper>
        {data.state === 'done' && <AlbumPlayback album={data} />}
        {data.state === 'done' && <AlbumPurchase album={data} />}
        <Group>
          {data.state === 'done' && <ReleaseAlbumButton album={data} />}
          <Button component={Link} to="/masters" variant="default">
            <Trans>Back to your masters</Trans>
          </Button>
        </Group>
      </Stack>
    </>
  );
}

function AlbumTable({ album, locale }: { album: TAlbum; locale: string }) {
  const { t } = useLingui();
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" data-testid="album-loudness">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t`Track`}</Table.Th>
              <Table.Th ta="right">{t`Mix (LUFS)`}</Table.Th>
              <Table.Th ta="right">{t`Master (LUFS)`}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">{t`True peak (dBTP)`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {album.tracks.map((track) => (
              <Table.Tr key={track.position} data-testid="album-track">
                <Table.Td>{track.position + 1}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{track.masterId ? <Link to={`/masters/song/${track.masterId}`}>{track.name}</Link> : track.name}</Table.Td>
                <Table.Td ta="right" data-testid="mix-lufs">{figure(track.mixLufs, locale)}</Table.Td>
                <Table.Td ta="right" data-testid="master-lufs">{figure(track.masterLufs, locale)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">{figure(track.masterTruePeak, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {album.spreadInLu !== null && album.spreadOutLu !== null && (
        <Text size="sm" mt="sm" data-testid="album-spread">
          <Trans>
            Loudness spread: {figure(album.spreadInLu, locale)} LU in the mixes, {figure(album.spreadOutLu, locale)} LU in the masters.
          </Trans>
        </Text>
      )}
    </>
  );
}

type Playback = { state: 'idle' } | { state: 'loading' } | { state: 'playing'; schedule: ScheduledTrack[] } | { state: 'failed'; code: string };

/** Plays the album's masters in order, gaplessly, at their real levels (Web Audio, gapless.ts). */
function AlbumPlayback({ album }: { album: TAlbum }) {
  const { i18n } = useLingui();
  const player = useRef<GaplessAlbumPlayer | null>(null);
  const [playback, setPlayback] = useState<Playback>({ state: 'idle' });
  useEffect(() => () => player.current?.stop(), []);
  const masterIds = album.tracks.map((track) => track.masterId).filter((masterId): masterId is string => masterId !== null);

  const stop = () => {
    player.current?.stop();
    player.current = null;
    setPlayback({ state: 'idle' });
  };
  const play = async () => {
    stop();
    const current = new GaplessAlbumPlayer();
    player.current = current;
    setPlayback({ state: 'loading' });
    try {
      const { schedule } = await current.play(masterIds, () => player.current === current && setPlayback({ state: 'idle' }));
      if (player.current === current) setPlayback({ state: 'playing', schedule });
    } catch (error) {
      if (player.current === current) setPlayback({ state: 'failed', code: errorCodeOf(error) });
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between">
        <Text fw={600}>
          <Trans>Listen in order</Trans>
        </Text>
        {playback.state === 'playing' || playback.state === 'loading' ? (
          <Button variant="default" onClick={stop} loading={playback.state === 'loading'}>
            <Trans>Stop</Trans>
          </Button>
        ) : (
          <Button onClick={() => void play()} disabled={masterIds.length !== album.tracks.length}>
            <Trans>Play the album</Trans>
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        <Trans>The tracks follow each other without a gap, each at its master's own level.</Trans>
      </Text>
      {playback.state === 'failed' && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {i18n._(errorMessageOf(playback.code))}
        </Alert>
      )}
      {playback.state === 'playing' && (
        <ol data-testid="album-schedule" style={{ margin: '8px 0 0', paddingLeft: 20 }}>
          {playback.schedule.map((entry, i) => (
            <li key={entry.masterId} data-start={entry.start} data-end={entry.end}>
              <Text size="sm" span>
                {album.tracks[i]?.name}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </Paper>
  );
}

/**
 * Hands the album to the release wizard: its draft release (started if there is none) gets the
 * album's masters in album order, then the wizard opens at its track step. The distribution
 * add-on's: without it the button is not shown.
 */
function ReleaseAlbumButton({ album }: { album: TAlbum }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const subscription = trpc.distribution.subscription.useQuery();
  const start = trpc.releases.start.useMutation();
  const addTrack = trpc.releases.addTrack.useMutation();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  if (subscription.data?.active !== true) return null;

  const release = async () => {
    setBusy(true);
    setCode(null);
    try {
      const draft = await start.mutateAsync();
      for (const track of album.tracks) {
        if (track.masterId) await addTrack.mutateAsync({ masterId: track.masterId, albumId: draft.albumId });
      }
      await utils.releases.draft.invalidate();
      await navigate(`${NEW_RELEASE_PATH}/track`);
    } catch (error) {
      setCode(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => void release()} loading={busy} data-testid="release-album">
        <Trans>Release this album</Trans>
      </Button>
      {code && (
        <Alert color="red" variant="light" role="alert" w="100%">
          {i18n._(errorMessageOf(code))}
        </Alert>
      )}
    </>
  );
}
