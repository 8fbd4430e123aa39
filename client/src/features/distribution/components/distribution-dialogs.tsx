import { Button, Divider, Group, Modal, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { artistProblems, DEFAULT_ARTIST_COUNTRY, labelProblems, participantProblems, type TArtist, type TParticipant } from '../../../../../src/modules/distribution/distribution.schemas.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { useCountryOptions } from '../../../lib/country-names.js';
import { useDialogState } from '../../../lib/dialogs.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { emitDistributionSelection } from '../distribution-store.js';
import { problemsOf } from '../lib/problems.js';
import { ProblemsAlert } from './problems-alert.js';
import { LoadingIndicator } from '../../../components/loading-indicator.js';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

function DistributionModal({ opened, onClose, title, children }: DialogProps & { title: string; children: ReactNode }) {
  const { t } = useLingui();
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={narrow} closeButtonProps={{ 'aria-label': t`Close` }}>
      {children}
    </Modal>
  );
}

function Problems({ problems }: { problems: string[] }) {
  return <ProblemsAlert problems={problems} testId="dialog-problems" />;
}

/** A dialog body while its list loads, or why it could not be loaded. */
function LoadingOrProblems({ query }: { query: { isError: boolean; error: unknown } }) {
  return query.isError ? <Problems problems={problemsOf(query.error)} /> : <LoadingIndicator />;
}

interface ChoicesProps {
  choices: { key: number; name: string; detail: string; pick: () => void }[];
  dividerLabel: string;
  testId: string;
}

/**
 * A dialog's form with the server's refusals above its fields. `choices` (the 'select' action's
 * existing entries) stand above the form, null where the dialog picks nothing.
 */
function DialogForm({ choices, problems, onSubmit, children }: { choices?: ChoicesProps | null; problems: string[]; onSubmit: (event: FormEvent) => Promise<void>; children: ReactNode }) {
  const form = (
    <Stack component="form" gap="md" onSubmit={(event) => void onSubmit(event)}>
      <Problems problems={problems} />
      {children}
    </Stack>
  );
  if (choices === undefined) return form;
  return (
    <Stack gap="md">
      {choices && <ExistingChoices {...choices} />}
      {form}
    </Stack>
  );
}

/** The name every add/edit dialog asks first; its message shows once the user has typed. */
function NameInput({ label, value, onChange, problem, testId }: { label: string; value: string; onChange: (value: string) => void; problem: string | undefined; testId?: string }) {
  const { i18n } = useLingui();
  return (
    <TextInput
      label={label}
      required
      data-autofocus
      value={value}
      maxLength={200}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={problem ? i18n._(errorMessageOf(problem)) : undefined}
      data-testid={testId}
    />
  );
}

/**
 * The submit of the add/edit dialogs: nothing is sent while a rule fails; a refusal's messages show
 * in the dialog; a save refreshes the meta info (it names the label, the main artist and the
 * participants) and the `list` that shows the saved row, says so, then picks it or closes.
 */
function useDialogSubmit() {
  const app = useAppStoreApi();
  const utils = trpc.useUtils();
  const [problems, setProblems] = useState<string[]>([]);
  const submitWith =
    <T,>(rules: string[], save: () => Promise<T>, done: (saved: T) => void, list?: 'artists' | 'participants') =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (rules.length > 0) return;
      setProblems([]);
      try {
        const saved = await save();
        await Promise.all([utils.distribution.metaInfo.invalidate(), list && utils.distribution[list].invalidate()]);
        app.showSuccess('global.success.saved');
        done(saved);
      } catch (error) {
        setProblems(problemsOf(error));
      }
    };
  return { problems, submitWith };
}

/**
 * The 'select' action of the artist and participant dialogs: the user's entries stand above the add
 * form, and picking one, or saving a new one, hands it to the release form and closes the dialog.
 * Without 'select', a save only closes it.
 */
function selectionOf<T>({ select, entries, describe, emit, testId, dividerLabel, onClose }: {
  select: boolean;
  entries: T[];
  describe: (entry: T) => { key: number; name: string; detail: string };
  emit: (entry: T) => void;
  testId: string;
  dividerLabel: string;
  onClose: () => void;
}) {
  const pick = (entry: T) => {
    emit(entry);
    onClose();
  };
  return {
    afterSave: (saved: T) => (select ? pick(saved) : onClose()),
    choices: select ? { testId, dividerLabel, choices: entries.map((entry) => ({ ...describe(entry), pick: () => pick(entry) })) } : null,
  };
}

/** A rule's message shows once the user has typed (valid only with...; the button stays off until then). */
const firstProblemFor = (problems: string[], keys: string[]) => problems.find((problem) => keys.includes(problem));
const NAME_RULES = ['distribution.nameRequired', 'distribution.nameNotUnique'];

/** DistributionEditLabel: rename the user's label; a name is required. */
export function DistributionEditLabelDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  return (
    <DistributionModal opened={opened} onClose={onClose} title={t`Edit label`}>
      {opened && <EditLabelBody onClose={onClose} />}
    </DistributionModal>
  );
}

function EditLabelBody({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const meta = trpc.distribution.metaInfo.useQuery();
  const rename = trpc.distribution.renameLabel.useMutation();
  const [name, setName] = useState<string | null>(null);
  const { problems, submitWith } = useDialogSubmit();
  if (!meta.data) return <LoadingOrProblems query={meta} />;
  const label = meta.data.label;
  const value = name ?? label.label_name;
  const rules = labelProblems({ name: value });
  const submit = submitWith(rules, () => rename.mutateAsync({ labelId: label.label_id, name: value }), onClose);
  return (
    <DialogForm problems={problems} onSubmit={submit}>
      <NameInput label={t`Label name`} value={value} onChange={setName} problem={name !== null ? rules[0] : undefined} />
      <DialogActions onClose={onClose} disabled={rules.length > 0} loading={rename.isPending} />
    </DialogForm>
  );
}

/** The 'select' action's list of existing entries above the add form; nothing when there are none. */
function ExistingChoices({ choices, dividerLabel, testId }: ChoicesProps) {
  if (choices.length === 0) return null;
  return (
    <>
      <Stack gap={4} data-testid={testId}>
        {choices.map((choice) => (
          <UnstyledButton key={choice.key} onClick={choice.pick} p="xs" style={{ borderRadius: 6 }}>
            <Text fw={500}>{choice.name}</Text>
            <Text size="xs" c="dimmed">
              {choice.detail}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
      <Divider label={dividerLabel} />
    </>
  );
}

function DialogActions({ onClose, disabled, loading, label }: { onClose: () => void; disabled: boolean; loading: boolean; label?: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onClose}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" disabled={disabled} loading={loading} data-testid="dialog-save">
        {label ?? <Trans>Save</Trans>}
      </Button>
    </Group>
  );
}

/**
 * DistributionArtist: 'addEdit' adds an artist (name and country) or renames one;
 * 'select' picks one of the user's artists for a release track, or creates one and picks it.
 */
export function DistributionArtistDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  const data = useDialogState((state) => state.data.DistributionArtist);
  const editing = data?.action !== 'select' && data?.artistIdToEdit !== undefined;
  const title = data?.action === 'select' ? t`Choose an artist` : editing ? t`Rename artist` : t`Add artist`;
  return (
    <DistributionModal opened={opened} onClose={onClose} title={title}>
      {opened && <ArtistBody key={`${data?.action ?? 'addEdit'}:${data?.artistIdToEdit ?? 'new'}`} select={data?.action === 'select'} trackId={data?.trackId} artistIdToEdit={data?.artistIdToEdit} onClose={onClose} />}
    </DistributionModal>
  );
}

function ArtistBody({ select, trackId, artistIdToEdit, onClose }: { select: boolean; trackId: number | undefined; artistIdToEdit: number | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const countryOptions = useCountryOptions();
  const artists = trpc.distribution.artists.useQuery();
  const create = trpc.distribution.createArtist.useMutation();
  const rename = trpc.distribution.renameArtist.useMutation();
  const editing = artists.data?.find((artist) => artist.artist_id === artistIdToEdit);
  const [name, setName] = useState<string | null>(null);
  const [country, setCountry] = useState<string>(DEFAULT_ARTIST_COUNTRY);
  const { problems, submitWith } = useDialogSubmit();
  if (!artists.data) return <LoadingOrProblems query={artists} />;
  if (artistIdToEdit !== undefined && !editing) return <Problems problems={['global.error.notFound']} />;
  const value = name ?? editing?.name ?? '';
  const others = artists.data.filter((artist) => artist.artist_id !== artistIdToEdit);
  const rules = artistProblems({ name: value, country }, others, !editing);
  const nameProblem = name !== null ? firstProblemFor(rules, NAME_RULES) : undefined;

  const { afterSave, choices } = selectionOf<TArtist>({
    select,
    entries: artists.data,
    describe: (artist) => ({ key: artist.artist_id, name: artist.name, detail: artist.country }),
    emit: (artist) => emitDistributionSelection({ kind: 'artist', trackId, artistId: artist.artist_id }),
    testId: 'artist-choices',
    dividerLabel: t`or add a new artist`,
    onClose,
  });
  const submit = submitWith(
    rules,
    () => (editing ? rename.mutateAsync({ id: editing.artist_id, name: value }) : create.mutateAsync({ name: value, country })),
    afterSave,
    'artists',
  );
  return (
    <DialogForm choices={choices} problems={problems} onSubmit={submit}>
      <NameInput label={t`Artist name`} value={value} onChange={setName} problem={nameProblem} testId="artist-name" />
      {!editing && (
        <Select
          label={t`Country`}
          required
          searchable
          data={countryOptions}
          value={country}
          onChange={(next) => setCountry(next ?? '')}
          error={country === '' ? i18n._(errorMessageOf('distribution.countryRequired')) : undefined}
        />
      )}
      <DialogActions onClose={onClose} disabled={rules.length > 0} loading={create.isPending || rename.isPending} label={editing ? undefined : <Trans>Add artist</Trans>} />
    </DialogForm>
  );
}

/**
 * DistributionParticipant: add a participant (name and payout e-mail), change one
 * (`participantIdToEdit`), or, with action 'select', pick one for the release track `trackIndex`.
 */
export function DistributionParticipantDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  const data = useDialogState((state) => state.data.DistributionParticipant);
  const title = data?.action === 'select' ? t`Choose a participant` : data?.participantIdToEdit !== undefined ? t`Edit participant` : t`Add participant`;
  return (
    <DistributionModal opened={opened} onClose={onClose} title={title}>
      {opened && (
        <ParticipantBody
          key={`${data?.action ?? 'add'}:${data?.participantIdToEdit ?? 'new'}`}
          select={data?.action === 'select'}
          trackIndex={data?.trackIndex}
          participantIdToEdit={data?.participantIdToEdit}
          onClose={onClose}
        />
      )}
    </DistributionModal>
  );
}

function ParticipantBody({ select, trackIndex, participantIdToEdit, onClose }: { select: boolean; trackIndex: number | undefined; participantIdToEdit: number | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const participants = trpc.distribution.participants.useQuery();
  const create = trpc.distribution.createParticipant.useMutation();
  const update = trpc.distribution.updateParticipant.useMutation();
  const editing = participants.data?.find((participant) => participant.participant_id === participantIdToEdit);
  const [name, setName] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const { problems, submitWith } = useDialogSubmit();
  if (!participants.data) return <LoadingOrProblems query={participants} />;
  // An unknown id answers the error catalogue's "participant not found".
  if (participantIdToEdit !== undefined && !editing) return <Problems problems={['distribution.participantNotFound']} />;
  const values = { name: name ?? editing?.name ?? '', email: email ?? editing?.email ?? '' };
  const others = participants.data.filter((participant) => participant.participant_id !== participantIdToEdit);
  const rules = participantProblems(values, others);
  const nameProblem = name !== null ? firstProblemFor(rules, NAME_RULES) : undefined;
  const emailProblem = email !== null ? firstProblemFor(rules, ['distribution.participantPayPalEmailRequired', 'global.message.invalidEmail']) : undefined;

  const { afterSave, choices } = selectionOf<TParticipant>({
    select,
    entries: participants.data,
    describe: (participant) => ({ key: participant.participant_id, name: participant.name, detail: participant.email }),
    emit: (participant) => emitDistributionSelection({ kind: 'participant', trackIndex, participantId: participant.participant_id }),
    testId: 'participant-choices',
    dividerLabel: t`or add a new participant`,
    onClose,
  });
  const submit = submitWith(
    rules,
    () => (editing ? update.mutateAsync({ id: editing.participant_id, ...values }) : create.mutateAsync(values)),
    afterSave,
    'participants',
  );
  return (
    <DialogForm choices={choices} problems={problems} onSubmit={submit}>
      <NameInput label={t`Name`} value={values.name} onChange={setName} problem={nameProblem} testId="participant-name" />
      <TextInput
        label={t`Payout e-mail (PayPal)`}
        type="email"
        required
        value={values.email}
        maxLength={254}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={emailProblem ? i18n._(errorMessageOf(emailProblem)) : undefined}
        data-testid="participant-email"
      />
      <DialogActions onClose={onClose} disabled={rules.length > 0} loading={create.isPending || update.isPending} label={editing ? undefined : <Trans>Add participant</Trans>} />
    </DialogForm>
  );
}
