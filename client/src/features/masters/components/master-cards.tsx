import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { listDate } from '../lib/master-rows.js';
import { MasterTitle, TrackActions, TrackMasters } from './master-row-parts.js';
import type { MasterViewProps } from './master-table.js';

/** The list as cards below 768 px, one per track, with sort buttons in place of the table's headers. */
export function MasterCards({ groups, mode, order, onSort, ratingOf, ...actions }: MasterViewProps) {
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
      {groups.map((group) => (
        <Card key={group.trackId} withBorder radius="md" padding="sm" data-testid="master-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <MasterTitle group={group} mode={mode} />
            {mode === 'own' && <TrackActions group={group} onEdit={actions.onEdit} onDelete={actions.onDelete} />}
          </Group>
          <Group gap="xs" mt={4} wrap="wrap">
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {listDate(group.createdAt)}
            </Text>
            {ratingOf(group)}
          </Group>
          <Stack mt="xs" gap={6}>
            <TrackMasters group={group} mode={mode} onShare={actions.onShare} onDelete={actions.onDelete} />
          </Stack>
          {mode === 'shared' && (
            <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              <Trans>Shared by {group.first.user.email}</Trans>
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
