import { ActionIcon, Button, Card, Group, MultiSelect, NumberInput, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { clampPayoutShare, participantRoleMissing, participantsProblems, payoutShareTotal, RELEASE_ERRORS, RELEASE_LIMITS, type StoredParticipant, type TReleaseTrack } from '../../../../../../src/modules/releases/releases.schemas.js';
import { tabularFigures } from '../../../../app/theme.js';
import { useDialogs } from '../../../../lib/dialogs.js';
import { errorCodeOf, errorMessageOf } from '../../../../lib/error-messages.js';
import { trpc } from '../../../../lib/trpc.js';
import { onDistributionSelection, useDistributionData } from '../../distribution-store.js';
import { neighbours } from '../../wizard/release-steps.js';
import { StepFooter } from '../../wizard/step-navigation.js';
import { useWizard } from '../../wizard/wizard-layout.js';
import { useUnsavedChanges, useWizardState } from '../../wizard/wizard-store.js';
import { NoTracksYet } from './no-tracks-yet.js';
import { StepHeading } from '../../wizard/step-heading.js';
import { SavedNote } from '../../wizard/saved-note.js';
import { ErrorAlert } from '../../../../components/error-alert.js';

interface Share {
  id: number;
  roles: string[];
  share: number;
}

/** The shares' total as the server counts it (the releases schemas' rule). */
export const shareTotal = (shares: readonly Share[]) => payoutShareTotal(shares.map((share) => share.share));

const storedOf = (share: Share): StoredParticipant => ({ id: share.id, role_ids: share.roles.map(Number), share: share.share });

/** The problems the server would refuse these shares with (the releases schemas' rule). */
export const shareProblems = (shares: readonly Share[]) => participantsProblems(shares.map(storedOf));

const sharesOf = (track: TReleaseTrack): Share[] =>
  track.participants.map((participant) => ({
    id: Number(participant.id),
    roles: participant.role_id.map((role) => String(role.role_id)),
    share: clampPayoutShare(participant.payout_share_percentage),
  }));

/**
 * /distribution/new-release/participants: per track, who takes part in which roles and
 * the payout shares, which must sum to exactly 100; the first participant (the user) stays.
 */
export function ParticipantsStep() {
  const { draft, step } = useWizard();
  const { previous, next } = neighbours(step);
  return (
    <Stack gap="lg">
      <StepHeading title={<Trans>Participants and payouts</Trans>}>
        <Trans>Name everyone who takes part in a track and the share of its payouts each receives. The shares of a track add up to exactly 100 %.</Trans>
      </StepHeading>
      {draft.trackList.length === 0 ? (
        <NoTracksYet />
      ) : (
        draft.trackList.map((track, index) => <TrackShares key={track.track_id} track={track} index={index} />)
      )}
      <StepFooter previous={previous} next={next} />
    </Stack>
  );
}

function TrackShares({ track, index }: { track: TReleaseTrack; index: number }) {
  const { t, i18n } = useLingui();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const { utilities } = useDistributionData();
  const people = trpc.distribution.participants.useQuery();
  const update = trpc.releases.updateTrack.useMutation();
  const { draft } = useWizard();
  // After a reload the local copy is empty: the server's record of the visit still shows the messages.
  const visited = useWizardState((state) => state.visited.includes('participants')) || draft.sections.participants.visited;
  const [shares, setShares] = useState<Share[]>(() => sharesOf(track));
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState(false);
  const unsaved = touched && !saved;
  useUnsavedChanges(`shares:${track.track_id}`, unsaved);
  const [error, setError] = useState<string | null>(null);
  const total = shareTotal(shares);
  const problems = shareProblems(shares);
  const totalWrong = problems.includes(RELEASE_ERRORS.payoutTotal);
  const showProblems = touched || visited;

  useEffect(
    () =>
      onDistributionSelection((selection) => {
        if (selection.kind !== 'participant' || selection.trackIndex !== index) return;
        setTouched(true);
        setSaved(false);
        setShares((current) => (current.some((share) => share.id === selection.participantId) ? current : [...current, { id: selection.participantId, roles: [], share: 0 }]));
      }),
    [index],
  );

  const change = (position: number, patch: Partial<Share>) => {
    setTouched(true);
    setSaved(false);
    setShares((current) => current.map((share, at) => (at === position ? { ...share, ...patch } : share)));
  };
  const save = async () => {
    setTouched(true);
    if (problems.length > 0) return;
    setError(null);
    try {
      await update.mutateAsync({ trackId: track.track_id, participants: shares.map((share) => ({ id: share.id, role_id: share.roles.map(Number), payout_share_percentage: share.share })) });
      setSaved(true);
      await utils.releases.draft.invalidate();
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };
  const nameOf = (id: number) => people.data?.find((person) => person.participant_id === id)?.name ?? String(id);
  const roles = (utilities.data?.roles ?? []).map((role) => ({ value: String(role.role_id), label: role.name }));

  return (
    <Card withBorder radius="md" padding="md" data-testid="track-shares">
      <Stack gap="sm">
        <Text fw={600} truncate>
          <span style={tabularFigures}>{index + 1}.</span> {track.name}
        </Text>
        <ErrorAlert code={error} />
        {shares.map((share, position) => (
          <Group key={share.id} gap="sm" align="flex-start" wrap="wrap" data-testid="share-row">
            <Stack gap={0} style={{ flex: '1 1 160px' }} miw={0}>
              <Text size="sm" fw={500} mt={{ base: 0, sm: 26 }} truncate>
                {nameOf(share.id)}
              </Text>
              {position === 0 && (
                <Text size="xs" c="dimmed">
                  <Trans>you</Trans>
                </Text>
              )}
            </Stack>
            <MultiSelect
              label={t`Roles`}
              data={roles}
              value={share.roles}
              onChange={(value) => change(position, { roles: value })}
              error={showProblems && participantRoleMissing(storedOf(share)) ? i18n._(errorMessageOf(RELEASE_ERRORS.participantRoleRequired)) : undefined}
              style={{ flex: '2 1 200px' }}
              data-testid="share-roles"
            />
            <NumberInput
              label={t`Share (%)`}
              min={0}
              max={RELEASE_LIMITS.payoutTotal}
              step={1}
              decimalScale={2}
              clampBehavior="strict"
              value={share.share}
              onChange={(value) => change(position, { share: clampPayoutShare(value) })}
              w={110}
              styles={{ input: tabularFigures }}
              data-testid="share-percent"
            />
            {position > 0 ? (
              <ActionIcon variant="subtle" color="red" mt={{ base: 0, sm: 26 }} onClick={() => (setTouched(true), setSaved(false), setShares((current) => current.filter((_, at) => at !== position)))} aria-label={t`Remove ${nameOf(share.id)}`}>
                ×
              </ActionIcon>
            ) : (
              // The first participant cannot be removed; the space keeps the rows aligned.
              <span style={{ width: 28 }} aria-hidden="true" />
            )}
          </Group>
        ))}
        <Group justify="space-between" gap="sm">
          <Text size="sm" style={tabularFigures} c={showProblems && totalWrong ? 'red.5' : undefined} data-testid="share-total" role={showProblems && totalWrong ? 'alert' : undefined}>
            <Trans>Total: {total} %</Trans>
            {showProblems && totalWrong && <> · {i18n._(errorMessageOf(RELEASE_ERRORS.payoutTotal))}</>}
          </Text>
          <Group gap="sm">
            <Button variant="default" size="xs" onClick={() => dialogs.open('DistributionParticipant', { action: 'select', trackIndex: index })} data-testid="add-track-participant">
              <Trans>Add participant</Trans>
            </Button>
            <Button size="xs" onClick={() => void save()} loading={update.isPending} data-testid="save-shares">
              <Trans>Save shares</Trans>
            </Button>
            <SavedNote shown={saved} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
