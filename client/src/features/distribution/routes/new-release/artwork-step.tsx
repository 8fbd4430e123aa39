import { Alert, Button, Group, Image, List, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { isValidProductCode } from '../../../../../../src/modules/distribution/distribution.schemas.js';
import { RELEASE_ERRORS, RELEASE_LIMITS, type TReleaseDraft, type TUpdateAlbumInput } from '../../../../../../src/modules/releases/releases.schemas.js';
import { tabularFigures } from '../../../../app/theme.js';
import { errorCodeOf, errorMessageOf } from '../../../../lib/error-messages.js';
import { trpc } from '../../../../lib/trpc.js';
import { getAccessToken } from '../../../auth/index.js';
import { coverFileProblem, uploadCover } from '../../lib/cover-upload.js';
import { neighbours } from '../../wizard/release-steps.js';
import { StepFooter } from '../../wizard/step-navigation.js';
import { useWizard } from '../../wizard/wizard-layout.js';
import { setCoverUpload, useWizardState } from '../../wizard/wizard-store.js';
import { HiddenFileInput } from '../../../../components/hidden-file-input.js';

/**
 * /distribution/new-release/artwork: the release's title, type and barcode (the album section) and
 * its cover (the artwork section, with the stores' own image rules).
 */
export function ArtworkStep() {
  const { draft, step } = useWizard();
  const { previous, next } = neighbours(step);
  return (
    <Stack gap="xl">
      <AlbumDetails draft={draft} />
      <CoverArtwork draft={draft} />
      <StepFooter previous={previous} next={next} />
    </Stack>
  );
}

function useAlbumSaver(albumId: number) {
  const utils = trpc.useUtils();
  const update = trpc.releases.updateAlbum.useMutation();
  const [error, setError] = useState<string | null>(null);
  const save = async (changes: Omit<TUpdateAlbumInput, 'albumId'>) => {
    setError(null);
    try {
      utils.releases.draft.setData(undefined, await update.mutateAsync({ albumId, ...changes }));
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };
  return { save, error, saving: update.isPending };
}

function AlbumDetails({ draft }: { draft: TReleaseDraft }) {
  const { t, i18n } = useLingui();
  const { save, error } = useAlbumSaver(draft.albumId);
  const visited = useWizardState((state) => state.visited.includes('album')) || draft.sections.album.visited;
  const [name, setName] = useState(draft.album.name);
  const [nameTouched, setNameTouched] = useState(false);
  const [code, setCode] = useState(draft.album.product_code ?? '');
  const nameProblem = name.trim() === '' ? 'release.error.albumNameRequired' : null;
  const codeProblem = !draft.album.code_auto_generate && code.trim() !== '' && !isValidProductCode(code) ? RELEASE_ERRORS.invalidProductCode : null;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <Trans>Release</Trans>
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {i18n._(errorMessageOf(error))}
        </Alert>
      )}
      <TextInput
        label={t`Release title`}
        required
        value={name}
        maxLength={RELEASE_LIMITS.maxTitleLength}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={() => {
          setNameTouched(true);
          if (name !== draft.album.name) void save({ name });
        }}
        error={(nameTouched || visited) && nameProblem ? i18n._(errorMessageOf(nameProblem)) : undefined}
        data-testid="album-name"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="release-type-label">
          <Trans>Release type</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="release-type-label"
          value={draft.album.product_type}
          onChange={(value) => void save({ product_type: value as TReleaseDraft['album']['product_type'] })}
          data={[
            { value: 'single', label: t`Single` },
            { value: 'ep', label: t`EP` },
            { value: 'album', label: t`Album` },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <Switch
        checked={draft.album.code_auto_generate}
        onChange={(event) => void save({ code_auto_generate: event.currentTarget.checked })}
        label={t`Assign a barcode (EAN) for me`}
        description={t`Stores need a barcode for every release. Turn this off only if you have your own.`}
      />
      {!draft.album.code_auto_generate && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Barcode type`}
            value={draft.album.product_code_type}
            allowDeselect={false}
            onChange={(value) => value && void save({ product_code_type: value as 'ean' | 'upc' })}
            data={[
              { value: 'ean', label: 'EAN-13' },
              { value: 'upc', label: 'UPC-A' },
            ]}
          />
          <TextInput
            label={t`Your barcode`}
            value={code}
            inputMode="numeric"
            maxLength={14}
            styles={{ input: tabularFigures }}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            onBlur={() => {
              if (!codeProblem && code !== (draft.album.product_code ?? '')) void save({ product_code: code === '' ? null : code });
            }}
            error={codeProblem ? i18n._(errorMessageOf(codeProblem)) : undefined}
          />
        </SimpleGrid>
      )}
      {draft.album.code_auto_generate && draft.album.product_code && (
        <Text size="sm" c="dimmed" style={tabularFigures}>
          <Trans>Barcode: {draft.album.product_code}</Trans>
        </Text>
      )}
    </Stack>
  );
}

function CoverArtwork({ draft }: { draft: TReleaseDraft }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const inputRef = useRef<HTMLInputElement>(null);
  const status = useWizardState((state) => state.coverUploadStatus);
  const progress = useWizardState((state) => state.coverProgress);
  const coverError = useWizardState((state) => state.coverError);
  const visited = useWizardState((state) => state.visited.includes('artwork')) || draft.sections.artwork.visited;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = coverFileProblem(file, draft.albumId);
    if (problem) {
      setCoverUpload({ coverUploadStatus: 'Failed', coverError: problem, coverProgress: 0 });
      return;
    }
    setCoverUpload({ coverUploadStatus: 'Saving', coverError: null, coverProgress: 0 });
    const result = await uploadCover({ albumId: draft.albumId, file, accessToken: getAccessToken(), locale: i18n.locale, onProgress: (percent) => setCoverUpload({ coverProgress: percent }) });
    if (result.ok) setCoverUpload({ coverUploadStatus: 'Success', coverProgress: 100 });
    else setCoverUpload({ coverUploadStatus: 'Failed', coverError: result.code });
    await utils.releases.draft.invalidate();
  };

  // The stores' rules the stored cover breaks (the artwork section's errors), shown once seen.
  const problems = draft.cover ? draft.sections.artwork.errors : [];
  const facts = draft.cover;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <Trans>Cover artwork</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>A square JPEG or PNG in RGB, at least 3000 × 3000 pixels (at most 6000), from 1 MB. No web addresses, prices or store logos on the cover.</Trans>
      </Text>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          {draft.cover_image ? (
            <Image src={draft.cover_image.medium.url} alt={t`Cover artwork`} w={{ base: '100%', xs: 200 }} maw={300} radius="sm" data-testid="cover-preview" />
          ) : facts ? (
            <div
              style={{ width: 200, maxWidth: '100%', aspectRatio: '1', borderRadius: 4, border: '2px dashed var(--mantine-color-default-border)', display: 'grid', placeItems: 'center', padding: 8, textAlign: 'center' }}
              data-testid="cover-preparing"
            >
              <Text size="sm" c="dimmed" aria-live="polite">
                <Trans>The cover is saved. Its preview is being prepared…</Trans>
              </Text>
            </div>
          ) : (
            <div style={{ width: 200, maxWidth: '100%', aspectRatio: '1', borderRadius: 4, border: '2px dashed var(--mantine-color-default-border)' }} aria-hidden="true" />
          )}
          <Stack gap="sm" style={{ flex: '1 1 220px' }}>
            {facts && (
              <Text size="sm" style={tabularFigures} data-testid="cover-facts">
                {facts.width} × {facts.height} px · {facts.format.toUpperCase()} · {(facts.bytes / 1_048_576).toFixed(1)} MB
              </Text>
            )}
            <HiddenFileInput
              ref={inputRef}
              accept="image/jpeg,image/png"
              data-testid="cover-input"
              onFile={(file) => void upload(file)}
            />
            <Group>
              <Button onClick={() => inputRef.current?.click()} loading={status === 'Saving'} data-testid="cover-button">
                {facts ? <Trans>Replace the cover</Trans> : <Trans>Upload a cover</Trans>}
              </Button>
            </Group>
            {status === 'Saving' && (
              <Stack gap={4} data-testid="cover-progress">
                <Progress value={progress} aria-label={t`Cover upload`} />
                <Text size="sm" style={tabularFigures} aria-live="polite">
                  {progress < 100 ? <Trans>Uploading… {progress} %</Trans> : <Trans>Checking the image…</Trans>}
                </Text>
              </Stack>
            )}
            {status === 'Failed' && coverError && (
              <Alert color="red" role="alert" data-testid="cover-error">
                {i18n._(errorMessageOf(coverError))}
              </Alert>
            )}
            {problems.length > 0 && (
              <Alert color="red" role="alert" title={t`Stores will refuse this cover`} data-testid="cover-problems">
                <List size="sm">
                  {problems.map((problem) => (
                    <List.Item key={problem}>{i18n._(errorMessageOf(problem))}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {!draft.cover && visited && status !== 'Saving' && (
              <Text size="sm" c="red.5">
                {i18n._(errorMessageOf('release.error.coverMissing'))}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
