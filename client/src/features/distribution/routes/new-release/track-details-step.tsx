import { Accordion, Alert, Button, Group, MultiSelect, Pill, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ChangeEvent } from 'react';
import { RELEASE_LIMITS, trackInputProblems, ZUpdateTrackInput, type TReleaseTrack, type TUpdateTrackInput } from '../../../../../../src/modules/releases/releases.schemas.js';
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

interface DetailsForm {
  name: string;
  genre: string[];
  language: string | null;
  featuredArtists: number[];
  isrc: string;
  iswc: string;
  explicit: '0' | '1' | '2';
  lyrics: string;
}

const formOf = (track: TReleaseTrack): DetailsForm => ({
  name: track.name,
  genre: track.genre.map((genre) => String(genre.genre_id)),
  language: track.language,
  featuredArtists: track.featuredArtists,
  isrc: track.stereo_isrc,
  iswc: track.iswc,
  explicit: String(track.explicit) as DetailsForm['explicit'],
  lyrics: track.lyrics ?? '',
});

/** What the form saves: the input the server's updateTrack takes (it normalises the codes itself). */
const inputOf = (trackId: number, form: DetailsForm): TUpdateTrackInput => ({
  trackId,
  name: form.name.trim(),
  genre: form.genre.map(Number),
  language: form.language ?? '',
  featuredArtists: form.featuredArtists,
  stereo_isrc: form.isrc.trim(),
  iswc: form.iswc.trim(),
  explicit: Number(form.explicit) as 0 | 1 | 2,
  lyrics: form.lyrics.trim() === '' ? null : form.lyrics,
});

/** The form field of each input field the server's schema checks. */
const FIELD_OF_INPUT: Partial<Record<string, keyof DetailsForm>> = {
  name: 'name',
  genre: 'genre',
  language: 'language',
  featuredArtists: 'featuredArtists',
  stereo_isrc: 'isrc',
  iswc: 'iswc',
  lyrics: 'lyrics',
};

/**
 * The release track rules, field by field: the server's own input schema, then the rules its
 * service applies beyond the shape (trackInputProblems; it checks them all again on save).
 */
export function detailProblems(form: DetailsForm, mainArtistId: number | undefined, trackId = 0): Partial<Record<keyof DetailsForm, string>> {
  const problems: Partial<Record<keyof DetailsForm, string>> = {};
  const input = inputOf(trackId, form);
  const parsed = ZUpdateTrackInput.safeParse(input);
  const found = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message] as const)),
    ...Object.entries(trackInputProblems(parsed.success ? parsed.data : input, mainArtistId)),
  ];
  for (const [inputField, code] of found) {
    const field = FIELD_OF_INPUT[inputField];
    if (field && !problems[field]) problems[field] = code;
  }
  return problems;
}

/** /distribution/new-release/track-details: every track's title, genres, language, featured artists, codes, explicit flag and lyrics. */
export function TrackDetailsStep() {
  const { draft, step } = useWizard();
  const { previous, next } = neighbours(step);
  const [open, setOpen] = useState<string | null>(draft.trackList[0] ? String(draft.trackList[0].track_id) : null);
  return (
    <Stack gap="lg">
      <StepHeading title={<Trans>Track details</Trans>}>
        <Trans>What the stores show for each track. Leave the ISRC empty and we assign one.</Trans>
      </StepHeading>
      {draft.trackList.length === 0 ? (
        <NoTracksYet />
      ) : (
        <Accordion variant="separated" value={open} onChange={setOpen}>
          {draft.trackList.map((track, index) => (
            <Accordion.Item key={track.track_id} value={String(track.track_id)} data-testid="track-details">
              <Accordion.Control>
                <Text fw={600} truncate>
                  <span style={tabularFigures}>{index + 1}.</span> {track.name || '—'}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <TrackDetailsForm key={`${track.track_id}`} track={track} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <StepFooter previous={previous} next={next} />
    </Stack>
  );
}

function TrackDetailsForm({ track }: { track: TReleaseTrack }) {
  const { t, i18n } = useLingui();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const { utilities, metaInfo } = useDistributionData();
  const artists = trpc.distribution.artists.useQuery();
  const update = trpc.releases.updateTrack.useMutation();
  const { draft } = useWizard();
  // After a reload the local copy is empty: the server's record of the visit still shows the messages.
  const visited = useWizardState((state) => state.visited.includes('trackList')) || draft.sections.trackList.visited;
  const [form, setForm] = useState<DetailsForm>(() => formOf(track));
  const [touched, setTouched] = useState<Partial<Record<keyof DetailsForm, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [changed, setChanged] = useState(false);
  const unsaved = changed && !saved;
  useUnsavedChanges(`details:${track.track_id}`, unsaved);
  const mainArtistId = metaInfo.data?.artist.artist_id;
  const problems = detailProblems(form, mainArtistId, track.track_id);
  const show = (field: keyof DetailsForm) => (problems[field] && (touched[field] || visited) ? i18n._(errorMessageOf(problems[field])) : undefined);
  const change = <K extends keyof DetailsForm>(field: K, value: DetailsForm[K]) => {
    setSaved(false);
    setChanged(true);
    setForm((current) => ({ ...current, [field]: value }));
  };
  const touch = (field: keyof DetailsForm) => setTouched((current) => ({ ...current, [field]: true }));
  /** A field's message shows once the user has left it (or the step was visited before). */
  const checked = (field: keyof DetailsForm) => ({ onBlur: () => touch(field), error: show(field) });
  /** The ISRC and ISWC: typed in capitals, figures in even columns. */
  const codeField = (field: 'isrc' | 'iswc') => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.currentTarget.value.toUpperCase()),
    ...checked(field),
    styles: { input: tabularFigures },
    'data-testid': `track-${field}`,
  });

  // The DistributionArtist dialog's 'select' action picks a featured artist for this track.
  useEffect(
    () =>
      onDistributionSelection((selection) => {
        if (selection.kind !== 'artist' || selection.trackId !== track.track_id) return;
        setSaved(false);
        setChanged(true);
        setTouched((current) => ({ ...current, featuredArtists: true }));
        setForm((current) => (current.featuredArtists.includes(selection.artistId) ? current : { ...current, featuredArtists: [...current.featuredArtists, selection.artistId] }));
      }),
    [track.track_id],
  );

  const save = async () => {
    setTouched({ name: true, genre: true, language: true, featuredArtists: true, isrc: true, iswc: true });
    if (Object.keys(problems).length > 0) return;
    setError(null);
    try {
      await update.mutateAsync(inputOf(track.track_id, form));
      setSaved(true);
      await utils.releases.draft.invalidate();
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };

  const artistName = (id: number) => artists.data?.find((artist) => artist.artist_id === id)?.name ?? String(id);
  return (
    <Stack gap="md" component="form" onSubmit={(event) => (event.preventDefault(), void save())}>
      {error && (
        <Alert color="red" role="alert">
          {i18n._(errorMessageOf(error))}
        </Alert>
      )}
      <TextInput
        label={t`Title`}
        required
        value={form.name}
        maxLength={RELEASE_LIMITS.maxTitleLength}
        onChange={(event) => change('name', event.currentTarget.value)}
        {...checked('name')}
        data-testid="track-title"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t`Genres`}
          description={t`1 to 10; the first is the main genre`}
          required
          searchable
          maxValues={RELEASE_LIMITS.maxGenres}
          data={(utilities.data?.genres ?? []).map((genre) => ({ value: String(genre.genre_id), label: genre.name }))}
          value={form.genre}
          onChange={(value) => change('genre', value)}
          {...checked('genre')}
          comboboxProps={{ withinPortal: true }}
          data-testid="track-genres"
        />
        <Select
          label={t`Language`}
          required
          searchable
          data={(utilities.data?.languages ?? []).map((language) => ({ value: language.code, label: language.name }))}
          value={form.language}
          onChange={(value) => {
            change('language', value);
            touch('language');
          }}
          {...checked('language')}
          data-testid="track-language"
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          <Trans>Featured artists</Trans>{' '}
          <Text span size="xs" c="dimmed" style={tabularFigures}>
            ({form.featuredArtists.length}/{RELEASE_LIMITS.maxFeaturedArtists})
          </Text>
        </Text>
        {form.featuredArtists.length > 0 && (
          <Group gap={6} data-testid="featured-artists">
            {form.featuredArtists.map((id) => (
              <Pill key={id} withRemoveButton onRemove={() => change('featuredArtists', form.featuredArtists.filter((other) => other !== id))} removeButtonProps={{ 'aria-label': t`Remove ${artistName(id)}` }}>
                {artistName(id)}
              </Pill>
            ))}
          </Group>
        )}
        <Group>
          <Button
            variant="default"
            size="xs"
            disabled={form.featuredArtists.length >= RELEASE_LIMITS.maxFeaturedArtists}
            onClick={() => dialogs.open('DistributionArtist', { action: 'select', trackId: track.track_id })}
            data-testid="add-featured-artist"
          >
            <Trans>Add featured artist</Trans>
          </Button>
        </Group>
        {show('featuredArtists') && (
          <Text size="xs" c="red.5" role="alert">
            {show('featuredArtists')}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`ISRC`} description={t`CC-XXX-YY-NNNNN; leave empty to get one`} maxLength={15} {...codeField('isrc')} />
        <TextInput label={t`ISWC`} description={t`T + nine digits + check digit (optional)`} maxLength={17} {...codeField('iswc')} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`explicit-${track.track_id}`}>
          <Trans>Explicit content</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby={`explicit-${track.track_id}`}
          value={form.explicit}
          onChange={(value) => change('explicit', value as DetailsForm['explicit'])}
          data={[
            { value: '2', label: t`Explicit` },
            { value: '1', label: t`Not explicit` },
            { value: '0', label: t`Clean version` },
          ]}
          fullWidth
          style={{ maxWidth: 460 }}
          data-testid="track-explicit"
        />
      </Stack>
      <Textarea label={t`Lyrics (optional)`} autosize minRows={3} maxRows={12} value={form.lyrics} maxLength={RELEASE_LIMITS.maxLyricsLength} onChange={(event) => change('lyrics', event.currentTarget.value)} />
      <Group gap="sm">
        <Button type="submit" loading={update.isPending} data-testid="save-track-details">
          <Trans>Save track</Trans>
        </Button>
        <SavedNote shown={saved} />
      </Group>
    </Stack>
  );
}
