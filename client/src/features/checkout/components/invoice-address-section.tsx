import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import { AddressEditor, AddressSummary } from '../../account/index.js';

interface InvoiceAddressSectionProps {
  address: TAddress | undefined;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** The summary's test id, where a test tells this address apart from others on the screen. */
  summaryTestId?: string;
}

/** The invoice address: shown with an Edit button, or the editor while there is none or it is being changed. */
export function InvoiceAddressSection({ address, editing, onEdit, onCancel, summaryTestId }: InvoiceAddressSectionProps) {
  if (!editing) return address ? <AddressSummary address={address} onEdit={onEdit} testId={summaryTestId} /> : null;
  return (
    <Stack gap="xs">
      {!address && (
        <Text size="sm" c="dimmed">
          <Trans>Your invoice needs an address. It is saved to your account.</Trans>
        </Text>
      )}
      <AddressEditor address={address} />
      {address && (
        <Group>
          <Button variant="default" size="compact-md" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
