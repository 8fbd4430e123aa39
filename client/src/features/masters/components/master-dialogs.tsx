import { ActionIcon, Alert, Badge, Button, Group, Modal, NumberInput, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { ZUpdateTrackInput } from '../../../../../src/modules/masters/masters.schemas.js';
import { MAX_SHARES_PER_MASTER, ZCreateShareInput } from '../../../../../src/modules/sharing/sharing.schemas.js';
import { useDialogState } from '../../../lib/dialogs.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { useTranslateKey } from '../../../lib/use-translate-key.js';
import { zodValidate } from '../../../lib/zod-form.js';
import { LineIcon } from '../../../components/line-icon.js';
import { LoadingIndicator } from '../../../components/loading-indicator.js';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

interface TrackFormValues {
  name: string;
  artist: string;
  genre: string;
  album: string;
  bpm: number | string;
}

/** EditTrack: name, artist, genre, album, bpm (a whole number, at least 0). */
export function EditTrackDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  const trackId = useDialogState((state) => state.data.EditTrack?.trackId ?? null);
  return (
    <Modal opened={opened} onClose={onClose} title={t`Edit track`} centered>
      {trackId ? <EditTrackForm key={trackId} trackId={trackId} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditTrackForm({ trackId, onDone }: { trackId: string; onDone: () => void }) {
  const { t } = useLingui();
  const translate = useTranslateKey();
  const utils = trpc.useUtils();
  const track = trpc.tracks.track.useQuery({ id: trackId });
  const update = trpc.tracks.updateTrack.useMutation();
  const toInput = (values: TrackFormValues) => ({
    id: trackId,
    name: values.name,
    artist: values.artist,
    genre: values.genre,
    album: values.album,
    bpm: values.bpm === '' ? null : Number(values.bpm),
  });
  const form = useForm<TrackFormValues>({
    mode: 'controlled',
    initialValues: { name: '', artist: '', genre: '', album: '', bpm: '' },
    validate: (values) => zodValidate(ZUpdateTrackInput, translate)(toInput(values)),
  });
  const { setValues, resetDirty } = form;
  const loaded = track.data;
  useEffect(() => {
    if (!loaded) return;
    const values = { name: loaded.name, artist: loaded.artist ?? '', genre: loaded.genre ?? '', album: loaded.album ?? '', bpm: loaded.bpm ?? '' };
    setValues(values);
    resetDirty(values);
    // Only when the loaded track changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  if (track.isPending) return <LoadingIndicator size="sm" />;
  if (track.isError) return <Alert color="red">{translate(errorCodeOf(track.error))}</Alert>;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await update.mutateAsync(toInput(values));
          await Promise.all([utils.masters.invalidate(), utils.tracks.invalidate()]);
          onDone();
        } catch {
          // shown below from update.error
        }
      })}
    >
      <Stack>
        <TextInput label={t`Name`} required {...form.getInputProps('name')} />
        <TextInput label={t`Artist`} {...form.getInputProps('artist')} />
        <TextInput label={t`Genre`} {...form.getInputProps('genre')} />
        <TextInput label={t`Album`} {...form.getInputProps('album')} />
        <NumberInput label={t`BPM`} min={0} max={999} step={1} allowDecimal={false} allowNegative={false} {...form.getInputProps('bpm')} />
        {update.error && <Alert color="red">{translate(errorCodeOf(update.error))}</Alert>}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** ShareTrack: the master's shares with the counter n/5, invite by e-mail, remove. */
export function ShareTrackDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  const masterId = useDialogState((state) => state.data.ShareTrack?.masterId ?? null);
  return (
    <Modal opened={opened} onClose={onClose} title={t`Share master`} centered>
      {masterId ? <ShareTrackBody key={masterId} masterId={masterId} /> : null}
    </Modal>
  );
}

function ShareTrackBody({ masterId }: { masterId: string }) {
  const { t } = useLingui();
  const translate = useTranslateKey();
  const utils = trpc.useUtils();
  const shares = trpc.sharing.sharesByMaster.useQuery({ masterId });
  const create = trpc.sharing.createShare.useMutation();
  const remove = trpc.sharing.removeShare.useMutation();
  const [removing, setRemoving] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: (values) => zodValidate(ZCreateShareInput, translate)({ email: values.email, masterId }),
  });

  // The list's first load may still be in flight when a quick invitation succeeds: it is cancelled
  // first, so its answer from before the invitation cannot land after the fresh one.
  const refresh = async () => {
    await utils.sharing.sharesByMaster.cancel({ masterId });
    await Promise.all([utils.sharing.sharesByMaster.invalidate({ masterId }), utils.masters.invalidate()]);
  };
  const count = shares.data?.shareCount ?? 0;
  const limit = shares.data?.limit ?? MAX_SHARES_PER_MASTER;
  const full = count >= limit;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>People you invite can listen to this master and compare it with the original. They cannot download, share or delete it.</Trans>
      </Text>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Text fw={600}>
          <Trans>Shared with</Trans>
        </Text>
        <Badge variant="light" color={full ? 'yellow' : 'mastered'} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="share-counter">
          {count}/{limit}
        </Badge>
      </Group>
      <Progress value={(count / limit) * 100} color={full ? 'yellow' : 'mastered'} size="xs" aria-hidden="true" />
      {shares.isPending && <LoadingIndicator size="sm" />}
      {shares.isError && <Alert color="red">{translate(errorCodeOf(shares.error))}</Alert>}
      {shares.data && shares.data.shares.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>Not shared with anybody yet.</Trans>
        </Text>
      )}
      {shares.data && shares.data.shares.length > 0 && (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shares.data.shares.map((share) => (
            <Group key={share.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {share.email}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                loading={removing === share.id}
                aria-label={t`Stop sharing with ${share.email}`}
                onClick={async () => {
                  setRemoving(share.id);
                  try {
                    await remove.mutateAsync({ id: share.id });
                    await refresh();
                  } catch {
                    // shown below from remove.error
                  } finally {
                    setRemoving(null);
                  }
                }}
              >
                <LineIcon size={16} strokeWidth={2}>
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </LineIcon>
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {remove.error && <Alert color="red">{translate(errorCodeOf(remove.error))}</Alert>}
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          setSentTo(null);
          try {
            const share = await create.mutateAsync({ email: values.email, masterId });
            form.reset();
            setSentTo(share.email);
            await refresh();
          } catch {
            // shown below from create.error
          }
        })}
      >
        <Stack gap="xs">
          <TextInput
            type="email"
            label={t`Invite by e-mail`}
            placeholder={t`name@example.com`}
            disabled={full}
            description={full ? t`A master can be shared with at most 5 people. Remove someone to invite another person.` : undefined}
            {...form.getInputProps('email')}
          />
          {create.error && <Alert color="red">{translate(errorCodeOf(create.error))}</Alert>}
          {sentTo && (
            <Alert color="mastered" variant="light">
              <Trans>Invitation sent to {sentTo}.</Trans>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={full} loading={create.isPending}>
              <Trans>Send invitation</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
