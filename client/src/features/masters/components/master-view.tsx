import { Alert, Box, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TMaster } from '../../../../../src/modules/masters/masters.schemas.js';
import type { TSharedMaster } from '../../../../../src/modules/sharing/sharing.schemas.js';
import { ErrorState } from '../../../components/error-state.js';
import { useAppState } from '../../../lib/app-store.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { openFilePicker } from '../../../lib/file-picker.js';
import { trpc } from '../../../lib/trpc.js';
import { BuyOptions } from '../../checkout/index.js';
import { CommentsSection } from '../../comments/index.js';
import { RatingPanel } from '../../comments/index.js';
import { useTrackTalk, type TrackTalk } from '../../comments/index.js';
import { AnalyzingOverlay } from '../../player/index.js';
import { MasterPlayer } from '../../player/index.js';
import { useMasteringSession } from '../../player/index.js';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { reportFiguresOf } from '../lib/report-figures.js';
import { EditIcon } from './master-list.js';
import { ReportCard } from './report-card.js';
import { enabledGroups, StyleChooser } from './style-chooser.js';

function TrackHeading({ name, artist, actions }: { name: string; artist: string | null; actions?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          <Trans>Master</Trans>
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Text c="dimmed" fs={artist ? undefined : 'italic'}>
          {artist ?? t`artist group`}
        </Text>
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}

/** The owner's master page: player, style chooser or detail panel, buying options, report card. */
export function OwnerMasterView({ master }: { master: TMaster }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const session = useMasteringSession();
  const trackId = master.track.id;
  const catalogue = trpc.catalogue.styleGroups.useQuery();
  const trackMasters = trpc.masters.trackMasters.useQuery({ trackId });
  const preselected = useAppState((state) => state.selectedStyleId);
  // The chosen style lives in the address (?style=), so a reload keeps it (issue 11).
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = Number(searchParams.get('style')) || null;
  const talk = useTrackTalk(trackId);

  const groups = useMemo(() => enabledGroups(catalogue.data ?? []), [catalogue.data]);
  const allStyles = useMemo(() => groups.flatMap((group) => group.styles.map((style) => ({ ...style, group }))), [groups]);
  const mastersByStyle = useMemo(() => {
    const map = new Map<number, TMaster>();
    for (const m of trackMasters.data ?? []) if (m.style) map.set(m.style.id, m);
    return map;
  }, [trackMasters.data]);
  const masteredStyleIds = useMemo(() => new Set(mastersByStyle.keys()), [mastersByStyle]);

  // The track's latest master: opened again, the page shows the style that was mastered and its figures.
  const latestMastered = useMemo(
    () => (trackMasters.data ?? []).filter((m) => isMastered(m.status, m.style?.id ?? null)).sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)))[0]?.style?.id ?? null,
    [trackMasters.data],
  );
  // Spec §4: the first style of the first group when none is chosen (the page's own style first).
  const selectedStyleId =
    [chosen, master.style?.id, preselected, latestMastered].find((id) => id != null && allStyles.some((s) => s.id === id)) ?? allStyles[0]?.id ?? null;
  const selected = allStyles.find((style) => style.id === selectedStyleId) ?? null;
  const selectedMaster = selectedStyleId !== null ? (mastersByStyle.get(selectedStyleId) ?? null) : null;
  const isCustom = master.track.isCustomMaster;

  // Spec §5 new-master rule: while the track's masters are fewer than the enabled styles.
  const styledCount = mastersByStyle.size;
  const newMasterAllowed = styledCount < allStyles.length;
  const bouncing = session.bouncing !== null && !session.bouncing.processed;

  const select = (styleId: number) => {
    setSearchParams(
      (params) => {
        params.set('style', String(styleId));
        return params;
      },
      { replace: true },
    );
    session.prepare();
  };
  const nearbyStyles = useMemo(() => {
    const at = allStyles.findIndex((style) => style.id === selectedStyleId);
    if (at < 0) return [];
    // The styles a listener reaches next in the chooser: nearest first, alternating sides.
    return [1, -1, 2, -2].map((step) => allStyles[at + step]).flatMap((style) => (style ? [{ styleIndex: style.styleIndex, styleId: style.id }] : []));
  }, [allStyles, selectedStyleId]);

  // Issue 11: the owner's track is prepared as soon as the page opens, not when a style is clicked.
  // An effect event: a new socket renews `prepare`, and the session itself re-sends what was asked.
  const prepareQuietly = useEffectEvent(() => session.prepare({ quiet: true }));
  useEffect(() => {
    if (!isCustom) prepareQuietly();
  }, [trackId, isCustom]);

  const ensureMaster = async () => {
    if (selectedStyleId === null) throw new Error('mastering.noStyle');
    const existing = mastersByStyle.get(selectedStyleId);
    if (existing) return existing.id;
    const { masterId } = await session.bounce(selectedStyleId);
    await utils.masters.invalidate();
    return masterId;
  };

  const reupload = () => {
    if (!openFilePicker()) void navigate('/');
  };

  if (catalogue.isError || trackMasters.isError) {
    return (
      <ErrorState
        error={catalogue.error ?? trackMasters.error}
        onRetry={() => {
          void catalogue.refetch();
          void trackMasters.refetch();
        }}
      />
    );
  }

  const shareable = selectedMaster && isMastered(selectedMaster.status, selectedMaster.style?.id ?? null) ? selectedMaster : isMastered(master.status, master.style?.id ?? null) ? master : null;

  return (
    <Stack gap="lg">
      <AnalyzingOverlay />
      <TrackHeading
        name={master.track.name}
        artist={master.track.artist}
        actions={
          <>
            <Button variant="default" leftSection={<EditIcon />} onClick={() => dialogs.open('EditTrack', { trackId })}>
              <Trans>Edit details</Trans>
            </Button>
            {shareable && (
              <Button variant="light" onClick={() => dialogs.open('ShareTrack', { masterId: shareable.id })}>
                <Trans>Share</Trans>
              </Button>
            )}
          </>
        }
      />

      <Box data-testid="player-slot">
        <MasterPlayer
          trackId={trackId}
          title={master.track.name}
          styleId={isCustom ? null : selectedStyleId}
          styleIndex={isCustom ? null : (selected?.styleIndex ?? null)}
          isCustomMaster={isCustom}
          nearbyStyles={isCustom ? undefined : nearbyStyles}
          {...talk.playerProps}
        />
      </Box>

      {catalogue.isPending || trackMasters.isPending ? (
        <PanelsSkeleton />
      ) : (
        <Grid gap="lg">
          {!isCustom && (
            <Grid.Col span={{ base: 12, md: 6 }}>
              {groups.length === 0 ? (
                <Alert color="yellow">
                  <Trans>No style is available right now. Please come back later.</Trans>
                </Alert>
              ) : (
                <StyleChooser groups={groups} selectedStyleId={selectedStyleId} masteredStyleIds={masteredStyleIds} onSelect={select} />
              )}
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: isCustom ? 12 : 6 }}>
            {selectedMaster || isCustom ? (
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="detail-title" data-testid="master-detail">
                <Stack gap="sm">
                  <Title order={2} fz="lg" id="detail-title">
                    {isCustom ? <Trans>Custom master</Trans> : <Trans>Your master</Trans>}
                  </Title>
                  {selectedMaster?.style && (
                    <Text c="mastered.3" fw={600}>
                      {selectedMaster.style.styleGroup.name} - {selectedMaster.style.name}
                    </Text>
                  )}
                  {isCustom && (
                    <Text size="sm" c="dimmed">
                      <Trans>
                        This is a master you made yourself and uploaded for distribution. We play it as it is, always as mastered, and do not process it.
                      </Trans>
                    </Text>
                  )}
                  {!isCustom && selectedStyleId !== null && selectedMaster && (
                    <>
                      <Text size="sm" fw={600} mt="xs">
                        <Trans>Download options</Trans>
                      </Text>
                      <BuyOptions
                        trackId={trackId}
                        styleId={selectedStyleId}
                        master={{ id: selectedMaster.id, buyingOption: selectedMaster.buyingOption, status: selectedMaster.status }}
                        disabled={bouncing}
                        ensureMaster={ensureMaster}
                      />
                    </>
                  )}
                  <Group mt="xs">
                    <Button variant="default" onClick={reupload}>
                      <Trans>Upload a new version</Trans>
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-master-title" data-testid="new-master">
                <Stack gap="sm">
                  <Title order={2} fz="lg" id="new-master-title">
                    <Trans>New master</Trans>
                  </Title>
                  {selected && (
                    <Text c="mastered.3" fw={600}>
                      {selected.group.name} - {selected.name}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    <Trans>Listen to the style in the player first. Choose an option to make the master and download it.</Trans>
                  </Text>
                  {!newMasterAllowed && (
                    <Alert color="yellow" variant="light">
                      <Trans>This track already has a master in every style.</Trans>
                    </Alert>
                  )}
                  <BuyOptions trackId={trackId} styleId={selectedStyleId} master={null} disabled={!newMasterAllowed || bouncing} ensureMaster={ensureMaster} />
                  <Group justify="flex-end">
                    <Button variant="subtle" color="gray" component={Link} to="/">
                      <Trans>Cancel</Trans>
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}

      <ReportCard figures={reportFiguresOf(selectedMaster?.measurements ?? (isCustom ? master.measurements : null))} />
      {selectedMaster?.measurements && (
        <Text size="xs" c="dimmed" ta="center">
          {t`Figures are measured on the stored master file.`}
        </Text>
      )}
      <TrackFeedback talk={talk} />
    </Stack>
  );
}

/** A shared viewer's master page: view-only (spec §6): listen, see the figures; no buying, sharing or deleting. */
export function SharedMasterView({ master }: { master: TSharedMaster }) {
  const talk = useTrackTalk(master.track.id);
  return (
    <Stack gap="lg">
      <AnalyzingOverlay />
      <TrackHeading name={master.track_name} artist={master.track_artist} />
      <MasterPlayer
        trackId={master.track.id}
        title={master.track_name}
        styleId={master.custom_master ? null : (master.style?.id ?? null)}
        styleIndex={master.custom_master ? null : (master.style?.styleIndex ?? null)}
        isCustomMaster={master.custom_master}
        {...talk.playerProps}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          {master.style && (
            <Text c="mastered.3" fw={600}>
              {master.style.styleGroup.name} - {master.style.name}
            </Text>
          )}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Trans>Shared with you by {master.user.email}</Trans>
          </Text>
        </Stack>
      </Paper>
      <ReportCard figures={reportFiguresOf(master.measurements)} />
      <TrackFeedback talk={talk} />
    </Stack>
  );
}

/** Comments (with their pins on the player's waveform) and ratings, for owner and shared viewers alike. */
function TrackFeedback({ talk }: { talk: TrackTalk }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <CommentsSection {...talk.sectionProps} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <RatingPanel trackId={talk.sectionProps.trackId} />
      </Grid.Col>
    </Grid>
  );
}

/** The two panels (style chooser, detail) while their data loads. */
function PanelsSkeleton() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton h={260} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton h={260} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

export function MasterPageSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={56} w="60%" radius="md" />
      <Skeleton h={180} radius="md" />
      <PanelsSkeleton />
    </Stack>
  );
}
