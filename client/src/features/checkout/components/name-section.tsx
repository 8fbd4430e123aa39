import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { ErrorAlert } from '../../../components/error-alert.js';

/**
 * The buyer's full name for the invoice: both names required, save disabled otherwise.
 * The parent owns `editing` (checkout may not proceed while it is on) and opens it by itself when
 * a name is missing.
 */
export function NameSection(props: {
  firstName: string;
  lastName: string;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const { firstName, lastName, editing, onEditingChange } = props;
  const { t } = useLingui();
  const complete = firstName.trim() !== '' && lastName.trim() !== '';
  return (
    <Stack gap="xs">
      <Text fw={600} component="h3" m={0} fz="sm">
        <Trans>Name on the invoice</Trans>
      </Text>
      {editing ? (
        <NameEditor firstName={firstName} lastName={lastName} canCancel={complete} onDone={() => onEditingChange(false)} />
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text data-testid="checkout-name">
            {firstName} {lastName}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => onEditingChange(true)} aria-label={t`Edit name`}>
            <Trans>Edit</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function NameEditor({ firstName, lastName, canCancel, onDone }: { firstName: string; lastName: string; canCancel: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const update = trpc.accounts.updateUser.useMutation();
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const valid = first.trim() !== '' && last.trim() !== '';

  const save = async () => {
    if (!valid) return;
    setErrorCode(null);
    try {
      await update.mutateAsync({ firstName: first.trim(), lastName: last.trim() });
      await utils.accounts.me.invalidate();
      onDone();
    } catch (error) {
      setErrorCode(errorCodeOf(error));
    }
  };

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t`First name`} required autoComplete="given-name" value={first} onChange={(event) => setFirst(event.currentTarget.value)} />
        <TextInput label={t`Last name`} required autoComplete="family-name" value={last} onChange={(event) => setLast(event.currentTarget.value)} />
      </SimpleGrid>
      <ErrorAlert code={errorCode} />
      <Group gap="sm">
        <Button size="compact-md" onClick={() => void save()} disabled={!valid} loading={update.isPending}>
          <Trans>Save name</Trans>
        </Button>
        {canCancel && (
          <Button size="compact-md" variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}
