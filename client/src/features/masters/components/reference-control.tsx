import { ActionIcon, Alert, Button, Group, Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { isMastered, type TReferenceTrack } from '../../../../../src/modules/masters/masters.schemas.js';
import { useApiFetch } from '../../../lib/api-fetch.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { getAccessToken } from '../../auth/index.js';
import { ACCEPTED_WAV_TYPES } from '../../upload/index.js';
import { uploadReference } from '../lib/reference-upload.js';
import { FoldedHeading } from './folded-heading.js';
import { TrashIcon } from './master-icons.js';

const NONE = 'none';

/**
 * The reference a master is made toward, under the amounts: none, or one of the owner's reference
 * WAVs, uploaded from here or made from one of their own masters. Folded away like the amounts; while
 * folded it names the chosen one. References stay private to their owner: they are heard and used here only.
 */
export function ReferenceControl({ value, onChange }: { value: string | null; onChange: (referenceId: string | null) => void }) {
  const { t, i18n } = useLingui();
  const apiFetch = useApiFetch();
  const utils = trpc.useUtils();
  const references = trpc.references.myReferences.useQuery();
  const remove = trpc.references.removeReference.useMutation();
  const fromMaster = trpc.references.referenceFromMaster.useMutation();
  const [opened, setOpened] = useState(false);
  // The owner's masters are read only once the panel is open: most pages never need them.
  const masters = trpc.masters.masters.useQuery({ orderEntity: 'date', orderDirection: 'DESC' }, { enabled: opened });
  const masterChoices = (masters.data ?? [])
    .filter((master) => master.style && isMastered(master.status, master.style.id))
    .map((master) => ({ value: master.id, label: `${master.track.name} · ${master.style!.styleGroup.name} - ${master.style!.name}` }));
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const list = references.data ?? [];
  const chosen = list.find((reference) => reference.id === value) ?? null;

  const upload = async (file: File) => {
    setError(null);
    setUploading(true);
    const result = await uploadReference(file, { accessToken: getAccessToken(), locale: i18n.locale, fetch: apiFetch });
    if ('id' in result) {
      await utils.references.myReferences.invalidate();
      onChange(result.id);
    } else {
      setError(result.error);
    }
    setUploading(false);
  };

  const referToMaster = async (masterId: string) => {
    setError(null);
    try {
      const made = await fromMaster.mutateAsync({ masterId });
      await utils.references.myReferences.invalidate();
      onChange(made.id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'global.error.server');
    }
  };

  const removeReference = async (reference: TReferenceTrack) => {
    setError(null);
    try {
      await remove.mutateAsync({ id: reference.id });
      if (reference.id === value) onChange(null);
      await utils.references.myReferences.invalidate();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'global.error.server');
    }
  };

  return (
    <Stack gap={6} data-testid="reference-control">
      <FoldedHeading label={<Trans>Reference</Trans>} summary={chosen?.name ?? null} summaryTestId="reference-summary" opened={opened} onToggle={() => setOpened((open) => !open)} panelId={panelId} />
      {opened && (
        <Stack gap="xs" id={panelId} px="xs">
          <Text size="xs" c="dimmed">
            <Trans>Master toward the tonal balance and dynamics of a track you like. Your references stay private: only you can hear them.</Trans>
          </Text>
          <Radio.Group value={chosen?.id ?? NONE} onChange={(next) => onChange(next === NONE ? null : next)} aria-label={t`Reference`}>
            <Stack gap={6}>
              <Radio value={NONE} label={t`No reference`} />
              {list.map((reference) => (
                <Group key={reference.id} gap="xs" wrap="nowrap" justify="space-between" miw={0}>
                  <Radio
                    value={reference.id}
                    miw={0}
                    label={
                      <Text size="sm" truncate>
                        {reference.name}
                      </Text>
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t`Remove reference ${reference.name}`}
                    loading={remove.isPending && remove.variables?.id === reference.id}
                    onClick={() => void removeReference(reference)}
                  >
                    <TrashIcon />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </Radio.Group>
          {error && (
            <Alert color="red" variant="light" py="xs" data-testid="reference-error">
              {i18n._(errorMessageOf(error))}
            </Alert>
          )}
          <Group justify="flex-start">
            <Button variant="default" size="xs" leftSection={uploading ? <Loader size={12} /> : undefined} disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? t`Uploading the reference…` : t`Upload a reference WAV`}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={['.wav', ...ACCEPTED_WAV_TYPES].join(',')}
              hidden
              data-testid="reference-file"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void upload(file);
              }}
            />
          </Group>
          {masterChoices.length > 0 && (
            <Select
              size="xs"
              label={t`Or use one of your masters`}
              placeholder={t`Choose a master`}
              data={masterChoices}
              value={null}
              disabled={fromMaster.isPending}
              onChange={(masterId) => masterId && void referToMaster(masterId)}
              comboboxProps={{ withinPortal: true }}
              data-testid="reference-from-master"
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
