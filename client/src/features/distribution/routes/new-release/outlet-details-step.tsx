import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { TReleaseDraft } from '../../../../../../src/modules/releases/releases.schemas.js';
import { tabularFigures } from '../../../../app/theme.js';
import { DayInput } from '../../../../components/day-input.js';
import { errorCodeOf, errorMessageOf } from '../../../../lib/error-messages.js';
import { trpc } from '../../../../lib/trpc.js';
import { useDistributionData } from '../../distribution-store.js';
import { formatReleaseDate, todayDay } from '../../lib/release-format.js';
import { neighbours } from '../../wizard/release-steps.js';
import { StepFooter } from '../../wizard/step-navigation.js';
import { useWizard } from '../../wizard/wizard-layout.js';
import { StepHeading } from '../../wizard/step-heading.js';

/** The date picker's debounce; changes are saved once the user pauses. */
const SAVE_DELAY_MS = 500;

interface OutletForm {
  globalReleaseDate: string;
  originalReleaseDate: string;
  /** Chosen stores, each with its own date ('' = the global date). */
  stores: Record<number, string>;
}

const formOf = (draft: TReleaseDraft): OutletForm => ({
  globalReleaseDate: draft.globalReleaseDate ?? '',
  originalReleaseDate: draft.album.original_release_date || todayDay(),
  stores: Object.fromEntries(draft.outlets.map((outlet) => [outlet.store_id, outlet.release_start_date ?? ''])),
});

/**
 * /distribution/new-release/outlet-details: the stores (with the stores each one feeds), a global
 * release date, a date per store where it differs, and the original release date (today unless the
 * music came out before). Dates read in long-month form beside each field.
 */
export function OutletDetailsStep() {
  const { t, i18n } = useLingui();
  const { draft, step } = useWizard();
  const { previous, next } = neighbours(step);
  const { outlets } = useDistributionData();
  const utils = trpc.useUtils();
  const setOutlets = trpc.releases.setOutlets.useMutation();
  const [form, setForm] = useState<OutletForm>(() => formOf(draft));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(form);

  const persist = async (value: OutletForm) => {
    setError(null);
    try {
      const answer = await setOutlets.mutateAsync({
        albumId: draft.albumId,
        globalReleaseDate: value.globalReleaseDate === '' ? null : value.globalReleaseDate,
        original_release_date: value.originalReleaseDate === '' ? undefined : value.originalReleaseDate,
        outlets: Object.entries(value.stores).map(([storeId, date]) => ({ store_id: Number(storeId), release_start_date: date === '' ? null : date })),
      });
      if (latest.current === value) {
        utils.releases.draft.setData(undefined, answer);
        setSaved(true);
      }
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };
  const change = (update: (current: OutletForm) => OutletForm) => {
    setSaved(false);
    setForm((current) => {
      const value = update(current);
      latest.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void persist(value), SAVE_DELAY_MS);
      return value;
    });
  };
  // Leaving the step saves what is still waiting for its pause.
  useEffect(
    () => () => {
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        void persist(latest.current);
      }
    },
    // persist reads refs only; it runs once on leaving.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const stores = outlets.data ?? [];
  const chosen = new Set(Object.keys(form.stores).map(Number));
  const toggle = (storeId: number, on: boolean) =>
    change((current) => {
      const next = { ...current.stores };
      if (on) next[storeId] = '';
      else delete next[storeId];
      return { ...current, stores: next };
    });
  const all = stores.length > 0 && stores.every((store) => chosen.has(store.store_id));
  const longDate = (day: string) => formatReleaseDate(day, i18n.locale);
  const pastRelease = form.globalReleaseDate !== '' && form.globalReleaseDate < todayDay();

  return (
    <Stack gap="xl">
      <StepHeading title={<Trans>Stores and dates</Trans>}>
        <Trans>Choose where the release goes and when it comes out. A store can have its own date.</Trans>
      </StepHeading>
      {error && (
        <Alert color="red" role="alert">
          {i18n._(errorMessageOf(error))}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField
          label={t`Release date`}
          description={t`The day the stores publish the release`}
          value={form.globalReleaseDate}
          onChange={(value) => change((current) => ({ ...current, globalReleaseDate: value }))}
          long={longDate(form.globalReleaseDate)}
          error={pastRelease ? i18n._(errorMessageOf('release.error.releaseDateInPast')) : undefined}
          testId="global-release-date"
        />
        <DateField
          label={t`Original release date`}
          description={t`When the music first came out; today for new music`}
          value={form.originalReleaseDate}
          onChange={(value) => change((current) => ({ ...current, originalReleaseDate: value }))}
          long={longDate(form.originalReleaseDate)}
          testId="original-release-date"
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h5">
            <Trans>Stores</Trans>{' '}
            <Text span size="sm" c="dimmed" style={tabularFigures}>
              ({chosen.size}/{stores.length})
            </Text>
          </Title>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => change((current) => ({ ...current, stores: all ? {} : Object.fromEntries(stores.map((store) => [store.store_id, current.stores[store.store_id] ?? ''])) }))}
            data-testid="select-all-stores"
          >
            {all ? <Trans>Choose none</Trans> : <Trans>Choose all</Trans>}
          </Button>
        </Group>
        <Stack gap={6} data-testid="store-list">
          {stores.map((store) => {
            const on = chosen.has(store.store_id);
            const own = form.stores[store.store_id] ?? '';
            return (
              <Paper key={store.store_id} withBorder radius="sm" p="sm" data-testid="store-row">
                <Stack gap="xs">
                  <Checkbox
                    checked={on}
                    onChange={(event) => toggle(store.store_id, event.currentTarget.checked)}
                    label={store.store_name}
                    description={store.child_stores.length > 0 ? store.child_stores.join(', ') : undefined}
                    data-testid="store-checkbox"
                  />
                  {on && (
                    <DateField
                      label={t`Date for ${store.store_name}`}
                      description={own === '' ? (form.globalReleaseDate === '' ? t`Empty: the release date` : t`Empty: the release date, ${longDate(form.globalReleaseDate)}`) : undefined}
                      value={own}
                      onChange={(value) => change((current) => ({ ...current, stores: { ...current.stores, [store.store_id]: value } }))}
                      long={longDate(own)}
                      size="xs"
                    />
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {setOutlets.isPending || !saved ? <Trans>Saving…</Trans> : <Trans>All changes are saved.</Trans>}
      </Text>
      <StepFooter previous={previous} next={next} />
    </Stack>
  );
}

function DateField(props: { label: string; description?: string; value: string; onChange: (value: string) => void; long: string; error?: string; size?: 'xs'; testId?: string }) {
  return (
    <Stack gap={2}>
      <DayInput
        size={props.size}
        label={props.label}
        description={props.description}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        maw={260}
        data-testid={props.testId}
      />
      {props.long && (
        <Text size="xs" c="dimmed" data-testid={props.testId ? `${props.testId}-long` : undefined}>
          {props.long}
        </Text>
      )}
    </Stack>
  );
}
