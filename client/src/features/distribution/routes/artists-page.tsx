import { Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { QueriesState, queriesSettled } from '../../../components/query-page.js';
import { PageHeader } from '../../../components/page-header.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { trpc } from '../../../lib/trpc.js';
import { useCountryName } from '../../../lib/country-names.js';

/** /distribution/artists: the user's artists and participants with add and rename, and the label. */
export function DistributionArtistsPage() {
  const { t } = useLingui();
  const countryName = useCountryName();
  const dialogs = useDialogs();
  const meta = trpc.distribution.metaInfo.useQuery();
  const artists = trpc.distribution.artists.useQuery();
  const participants = trpc.distribution.participants.useQuery();
  const queries = [meta, artists, participants];
  if (!queriesSettled(queries) || !meta.data || !artists.data || !participants.data) return <QueriesState queries={queries} />;
  const mainArtistId = meta.data.artist.artist_id;
  const mainParticipantId = meta.data.participant.participant_id;

  return (
    <>
      <PageHeader title={t`Artists`} description={t`The artists your releases name, the participants who share the payouts, and your label.`} />
      <Stack gap="xl">
        <Section
          title={t`Label`}
          action={
            <Button variant="default" onClick={() => dialogs.open('DistributionEditLabel')} data-testid="edit-label">
              <Trans>Rename label</Trans>
            </Button>
          }
        >
          <Card withBorder radius="md" padding="sm">
            <Text fw={600} data-testid="label-name">
              {meta.data.label.label_name}
            </Text>
          </Card>
        </Section>

        <EntryGrid title={t`Artists`} addLabel={<Trans>Add artist</Trans>} onAdd={() => dialogs.open('DistributionArtist', { action: 'addEdit' })} testId="artist">
          {artists.data.map((artist) => (
            <EntryCard
              key={artist.artist_id}
              testId="artist-card"
              name={artist.name}
              detail={
                <>
                  {countryName(artist.country)}
                  {artist.artist_id === mainArtistId && <> · <Trans>main artist</Trans></>}
                </>
              }
              action={<Trans>Rename</Trans>}
              onAction={() => dialogs.open('DistributionArtist', { action: 'addEdit', artistIdToEdit: artist.artist_id })}
            />
          ))}
        </EntryGrid>

        <EntryGrid title={t`Participants`} addLabel={<Trans>Add participant</Trans>} onAdd={() => dialogs.open('DistributionParticipant')} testId="participant">
          {participants.data.map((participant) => (
            <EntryCard
              key={participant.participant_id}
              testId="participant-card"
              name={participant.name}
              truncateDetail
              detail={
                <>
                  {participant.email}
                  {participant.participant_id === mainParticipantId && <> · <Trans>you</Trans></>}
                </>
              }
              action={<Trans>Edit</Trans>}
              onAction={() => dialogs.open('DistributionParticipant', { participantIdToEdit: participant.participant_id })}
            />
          ))}
        </EntryGrid>
      </Stack>
    </>
  );
}

function Section({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/** Entries of one kind with the button that adds one: a card each, up to three abreast. */
function EntryGrid({ title, addLabel, onAdd, testId, children }: { title: string; addLabel: ReactNode; onAdd: () => void; testId: string; children: ReactNode }) {
  return (
    <Section
      title={title}
      action={
        <Button onClick={onAdd} data-testid={`add-${testId}`}>
          {addLabel}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid={`${testId}-list`}>
        {children}
      </SimpleGrid>
    </Section>
  );
}

/** One artist or participant: its name, a detail line and the button that edits it. */
function EntryCard(props: { name: string; detail: ReactNode; truncateDetail?: boolean; action: ReactNode; onAction: () => void; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={props.testId}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {props.name}
          </Text>
          <Text size="sm" c="dimmed" truncate={props.truncateDetail}>
            {props.detail}
          </Text>
        </Stack>
        {/* The words shown come first in the name (WCAG 2.5.3), the entry's name after them. */}
        <Button variant="subtle" size="compact-sm" onClick={props.onAction}>
          {props.action}
          <VisuallyHidden>{` (${props.name})`}</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}
