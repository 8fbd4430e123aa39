import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_ARTIST_COUNTRY, isPayoutEmail, setupProblems, type TSetupInput } from '../../../../../src/modules/distribution/distribution.schemas.js';
import { useCountryOptions } from '../../../lib/country-names.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { problemsOf } from '../lib/problems.js';
import { ProblemsAlert } from './problems-alert.js';

/**
 * Stage 1 of the initial screen: accepting the distribution terms creates the artist,
 * the participant and the label. Pre-filled: participant name from the user's names, artist country
 * from the first address (else US); submit disabled until every field is valid or while sending.
 */
export function SetupForm({ defaults, onDone }: { defaults: { name: string; country: string | undefined }; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const countryOptions = useCountryOptions();
  const utils = trpc.useUtils();
  const setup = trpc.distribution.setup.useMutation();
  const [values, setValues] = useState<TSetupInput>({
    artistName: defaults.name,
    artistCountry: defaults.country ?? DEFAULT_ARTIST_COUNTRY,
    participantName: defaults.name,
    participantPayPalEmail: '',
    labelName: '',
  });
  const [problems, setProblems] = useState<string[]>([]);
  const [emailTouched, setEmailTouched] = useState(false);
  const valid = setupProblems(values).length === 0;
  const set = (field: keyof TSetupInput) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    if (!valid || setup.isPending) return;
    setProblems([]);
    try {
      await setup.mutateAsync(values);
      await Promise.all([utils.accounts.me.invalidate(), utils.distribution.invalidate()]);
      onDone();
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };

  const emailError = emailTouched && values.participantPayPalEmail.trim() !== '' && !isPayoutEmail(values.participantPayPalEmail) ? i18n._(errorMessageOf('global.message.invalidEmail')) : undefined;

  return (
    <Paper withBorder radius="md" p="lg" component="form" data-testid="distribution-setup" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            <Trans>Your artist name appears in the stores; the participant receives the payouts; releases come out under your label.</Trans>
          </Text>
        </Stack>
        <ProblemsAlert problems={problems} testId="setup-error" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`Artist name`} required value={values.artistName} onChange={(event) => set('artistName')(event.currentTarget.value)} maxLength={200} />
          <Select
            label={t`Artist country`}
            required
            searchable
            data={countryOptions}
            value={values.artistCountry}
            onChange={(value) => set('artistCountry')(value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label={t`Participant name`} data-testid="setup-participant-name" required value={values.participantName} onChange={(event) => set('participantName')(event.currentTarget.value)} maxLength={200} />
          <TextInput
            label={t`Payout e-mail (PayPal)`}
            type="email"
            required
            value={values.participantPayPalEmail}
            onChange={(event) => set('participantPayPalEmail')(event.currentTarget.value)}
            onBlur={() => setEmailTouched(true)}
            data-testid="setup-payout-email"
            error={emailError}
            autoComplete="email"
          />
          <TextInput label={t`Label name`} required value={values.labelName} onChange={(event) => set('labelName')(event.currentTarget.value)} maxLength={200} data-testid="setup-label-name" />
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="setup-terms">
          <Trans>
            With &quot;Accept terms and start&quot; you accept the distribution part of the{' '}
            <Anchor component={Link} to="/terms-of-service" target="_blank">
              terms of service
            </Anchor>
            : we deliver your releases to the stores you choose and pay each participant their share of the royalties to the payout e-mail given here.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button type="submit" disabled={!valid} loading={setup.isPending} data-testid="setup-submit">
            <Trans>Accept terms and start</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
