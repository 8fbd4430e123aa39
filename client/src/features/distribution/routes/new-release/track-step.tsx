import { ActionIcon, Alert, Badge, Button, Card, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { TPickerSong, TReleaseDraft } from '../../../../../../src/modules/releases/releases.schemas.js';
import { tabularFigures } from '../../../../app/theme.js';
import { errorCodeOf, errorMessageOf } from '../../../../lib/error-messages.js';
import { trpc } from '../../../../lib/trpc.js';
import { ACCEPTED_WAV_TYPES, holdFile, rejectFile, trackFileProblem, UploadStatus, useUploadState } from '../../../upload/index.js';
import { pickerDate } from '../../lib/release-format.js';
import { neighbours } from '../../wizard/release-steps.js';
import { StepFooter } from '../../wizard/step-navigation.js';
import { useWizard } from '../../wizard/wizard-layout.js';
import { forgetVisited, showSelectionError, uploadEnded, uploadStarted, useWizardState } from '../../wizard/wizard-store.js';
import { StepHeading } from '../../wizard/step-heading.js';
import { QueriesState, querySettled } from '../../../../components/query-page.js';
import { HiddenFileInput } from '../../../../components/hidden-file-input.js';
import { LoadingIndicator } from '../../../../components/loading-indicator.js';

/** A distribution track upload's server message shows as store.upload.<message>. */
const selectionErrorCode = (code: string) => (code.startsWith('error.') ? `store.upload.${code}` : code);

/**
 * /distribution/new-release/track: the song picker with the user's masters (date,
 * style or 'custom master'); selecting one uploads it to the provider once, deselecting removes it;
 * the chosen tracks in release order with move up and down; and the custom-master upload.
 */
export function TrackStep() {
  const { draft, step } = useWizard();
  const songs = trpc.releases.songs.useQuery();
  const { previous, next } = neighbours(step);
  return (
    <Stack gap="xl">
      <StepHeading title={<Trans>Choose the tracks</Trans>}>
        <Trans>Pick the masters that make up this release. Each one is uploaded to the distributor when you select it.</Trans>
      </StepHeading>
      {querySettled(songs) ? <SongPicker draft={draft} songs={songs.data} /> : <QueriesState queries={[songs]} py="lg" />}
      <TrackOrder draft={draft} />
      <CustomMasterUpload />
      <StepFooter previous={previous} next={next} />
    </Stack>
  );
}

function SongPicker({ draft, songs }: { draft: TReleaseDraft; songs: TPickerSong[] }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const addTrack = trpc.releases.addTrack.useMutation();
  const removeTrack = trpc.releases.removeTrack.useMutation();
  const uploading = useWizardState((state) => state.uploadingMasterIds);
  const inProgress = uploading.length;
  const selectionError = useWizardState((state) => state.selectionError);
  const [removing, setRemoving] = useState<readonly string[]>([]);

  const select = async (masterId: string) => {
    // Selecting marks track list and participants erroring and not visited; the upload runs once.
    forgetVisited(['trackList', 'participants']);
    uploadStarted(masterId);
    try {
      await addTrack.mutateAsync({ masterId, albumId: draft.albumId });
    } catch (error) {
      showSelectionError(masterId, selectionErrorCode(errorCodeOf(error)));
    } finally {
      uploadEnded(masterId);
      await utils.releases.draft.invalidate();
    }
  };
  const deselect = async (masterId: string) => {
    const trackId = draft.uploadedMasterToTrackIds[masterId];
    if (trackId === undefined) return;
    forgetVisited(['trackList', 'participants']);
    setRemoving((ids) => [...ids, masterId]);
    try {
      utils.releases.draft.setData(undefined, await removeTrack.mutateAsync({ trackId }));
    } catch (error) {
      showSelectionError(masterId, errorCodeOf(error));
    } finally {
      setRemoving((ids) => ids.filter((id) => id !== masterId));
    }
  };

  if (songs.length === 0) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="song-picker-empty">
        <Text size="sm">
          <Trans>You have no masters yet. Master a track first, or upload a custom master below.</Trans>
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          <Trans>Your masters</Trans>
        </Title>
        {inProgress > 0 && (
          <Group gap={6} role="status" data-testid="upload-counter">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" style={tabularFigures}>
              <Plural value={inProgress} one="Uploading # track to the distributor…" other="Uploading # tracks to the distributor…" />
            </Text>
          </Group>
        )}
      </Group>
      {selectionError && (
        <Alert color="red" role="alert" data-testid="selection-error">
          {i18n._(errorMessageOf(selectionError.code))}
        </Alert>
      )}
      <Stack gap={4} data-testid="song-picker">
        {songs.map((song) => {
          const busy = uploading.includes(song.id) || removing.includes(song.id);
          const selected = draft.selectedMasterIds.includes(song.id) || uploading.includes(song.id);
          const style = song.custom_master ? t`custom master` : [song.styleGroup_name, song.style_name].filter(Boolean).join(' - ');
          return (
            <Paper key={song.id} withBorder radius="sm" px="sm" py={8} data-testid="song-row" data-selected={selected || undefined} data-master-id={song.id}>
              <Group gap="sm" wrap="nowrap">
                <Checkbox
                  checked={selected}
                  // A row that cannot take a selection now (its upload runs) stays as it is.
                  disabled={busy}
                  onChange={() => void (selected ? deselect(song.id) : select(song.id))}
                  aria-label={selected ? t`Remove ${song.track_name} from the release` : t`Add ${song.track_name} to the release`}
                />
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text fw={500} truncate>
                    {song.track_name}
                  </Text>
                  <Text size="xs" c="dimmed" style={tabularFigures}>
                    {pickerDate(song.createdAt)} · {style}
                  </Text>
                </Stack>
                {busy && <LoadingIndicator size="xs" label={t`Uploading`} />}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** The chosen tracks in release order; moving one reorders the album's track list. */
function TrackOrder({ draft }: { draft: TReleaseDraft }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const reorder = trpc.releases.reorderTracks.useMutation();
  const [error, setError] = useState<string | null>(null);
  if (draft.trackList.length === 0) return null;
  const move = async (index: number, by: -1 | 1) => {
    const ids = draft.trackList.map((track) => track.track_id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setError(null);
    try {
      utils.releases.draft.setData(undefined, await reorder.mutateAsync({ albumId: draft.albumId, trackIds: ids }));
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        <Trans>Track order</Trans>
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {i18n._(errorMessageOf(error))}
        </Alert>
      )}
      <Card withBorder radius="md" padding={0}>
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid="track-order">
          {draft.trackList.map((track, index) => (
            <Group key={track.track_id} component="li" gap="sm" px="sm" py={6} wrap="nowrap" data-testid="track-order-row" style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}>
              <Text w={24} ta="right" c="dimmed" style={tabularFigures}>
                {index + 1}
              </Text>
              <Text truncate style={{ flex: 1 }}>
                {track.name}
              </Text>
              {track.isCustomMaster && (
                <Badge variant="light" color="gray" visibleFrom="xs">
                  <Trans>custom master</Trans>
                </Badge>
              )}
              <ActionIcon variant="subtle" disabled={index === 0 || reorder.isPending} onClick={() => void move(index, -1)} aria-label={t`Move ${track.name} up`}>
                ↑
              </ActionIcon>
              <ActionIcon variant="subtle" disabled={index === draft.trackList.length - 1 || reorder.isPending} onClick={() => void move(index, 1)} aria-label={t`Move ${track.name} down`}>
                ↓
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * Uploads made here carry isCustomMaster. The file goes to the one upload host, which shows
 * the progress; once it is stored it appears in the picker above.
 */
function CustomMasterUpload() {
  const utils = trpc.useUtils();
  const inputRef = useRef<HTMLInputElement>(null);
  const status = useUploadState((state) => state.currentStatus);

  useEffect(() => {
    if (status !== UploadStatus.saving) void utils.releases.songs.invalidate();
  }, [status, utils]);

  const accept = (file: File | undefined) => {
    if (!file) return;
    // A refused file is shown by the upload host's one notice, as every upload problem is.
    const found = trackFileProblem(file);
    rejectFile(found);
    if (!found) holdFile(file);
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Upload a custom master</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>A WAV file you mastered elsewhere. It is released exactly as it is, always played as mastered. You can also drop it anywhere on this page.</Trans>
        </Text>
        <HiddenFileInput
          ref={inputRef}
          accept={ACCEPTED_WAV_TYPES.join(',')}
          data-testid="custom-master-input"
          onFile={accept}
        />
        <Group>
          <Button variant="light" onClick={() => inputRef.current?.click()} data-testid="custom-master-button">
            <Trans>Choose a WAV file</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
