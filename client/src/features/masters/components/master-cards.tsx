import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { listDate } from '../lib/master-rows.js';
import { MasterActions, MasterStyle, MasterTitle } from './master-row-parts.js';
import type { MasterViewProps } from './master-table.js';

/** The list as cards below 768 px, with sort buttons in place of the table's sortable headers. */
export function MasterCards({ rows, mode, order, onSort, ratingOf, ...actions }: MasterViewProps) {
  return (
    <Stack gap="sm" hiddenFrom="md" data-testid="master-cards">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          <Trans>Sort by</Trans>
        </Text>
        {(['date', 'title', 'style'] as const).map((entity) => (
          <Button
            key={entity}
            size="compact-sm"
            variant={order.orderEntity === entity ? 'light' : 'subtle'}
            color={order.orderEntity === entity ? 'mastered' : 'gray'}
            onClick={() => onSort(entity)}
            rightSection={order.orderEntity === entity ? (order.orderDirection === 'ASC' ? '▲' : '▼') : null}
          >
            {entity === 'date' ? <Trans>Date</Trans> : entity === 'title' ? <Trans>Title</Trans> : <Trans>Style</Trans>}
          </Button>
        ))}
      </Group>
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <MasterTitle row={row} />
            {mode === 'own' && <MasterActions row={row} {...actions} />}
          </Group>
          <Group gap="xs" mt="xs" wrap="wrap">
            <MasterStyle row={row} />
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {listDate(row.createdAt)}
            </Text>
            {row.invoice && (
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Trans>Invoice {row.invoice.invoiceNumber}</Trans>
              </Text>
            )}
            {ratingOf(row)}
          </Group>
          {mode === 'shared' && (
            <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              <Trans>Shared by {row.user.email}</Trans>
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
