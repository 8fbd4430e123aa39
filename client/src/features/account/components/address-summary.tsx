import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import { useCountryName } from '../../../lib/country-names.js';

/** A saved invoice address as a paying dialog shows it (checkout, distribution subscription): its lines and an Edit button. */
export function AddressSummary({ address, onEdit, testId }: { address: TAddress; onEdit: () => void; testId?: string }) {
  const { t } = useLingui();
  const country = useCountryName()(address.country);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} component="h3" m={0} fz="sm">
          <Trans>Invoice address</Trans>
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onEdit} aria-label={t`Edit invoice address`}>
          <Trans>Edit</Trans>
        </Button>
      </Group>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'pre-line' }}>
        {[address.company, address.streetAndNumber, address.additional, `${address.zip} ${address.city}`, [address.state, country].filter(Boolean).join(', '), address.taxId]
          .filter(Boolean)
          .join('\n')}
      </Text>
    </Stack>
  );
}
