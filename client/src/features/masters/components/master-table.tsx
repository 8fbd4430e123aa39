import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { listDate, type OrderDirection, type OrderEntity, type TrackGroup } from '../lib/master-rows.js';
import { MasterTitle, TrackActions, TrackMasters, type MasterRowActions } from './master-row-parts.js';

export interface MasterViewProps extends MasterRowActions {
  groups: TrackGroup[];
  mode: 'own' | 'shared';
  order: { orderEntity: OrderEntity; orderDirection: OrderDirection };
  onSort: (entity: OrderEntity) => void;
  /** The track's average rating, or nothing while it has none. */
  ratingOf: (group: TrackGroup) => ReactNode;
}

/** The list as a sortable table (from 768 px): one row per track, its masters inside the row. */
export function MasterTable({ groups, mode, order, onSort, ratingOf, ...actions }: MasterViewProps) {
  const header = (entity: OrderEntity, label: ReactNode) => {
    const active = order.orderEntity === entity;
    return (
      <Table.Th aria-sort={active ? (order.orderDirection === 'ASC' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton onClick={() => onSort(entity)} fw={600} fz="sm">
          <Group gap={4} wrap="nowrap">
            {label}
            <Text span c={active ? 'mastered.4' : 'dimmed'} aria-hidden="true">
              {active ? (order.orderDirection === 'ASC' ? '▲' : '▼') : '↕'}
            </Text>
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Table.ScrollContainer minWidth={768} visibleFrom="md">
      <Table highlightOnHover verticalSpacing="sm" data-testid="master-table">
        <Table.Thead>
          <Table.Tr>
            {header('title', <Trans>Title and artist</Trans>)}
            {header('style', <Trans>Masters</Trans>)}
            {header('date', <Trans>Date</Trans>)}
            <Table.Th>
              <Trans>Rating</Trans>
            </Table.Th>
            {mode === 'shared' && (
              <Table.Th>
                <Trans>Owner</Trans>
              </Table.Th>
            )}
            {mode === 'own' && (
              <Table.Th ta="right">
                <Trans>Track</Trans>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.trackId} data-testid="master-row" style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <MasterTitle group={group} mode={mode} />
              </Table.Td>
              <Table.Td miw={280}>
                <TrackMasters group={group} mode={mode} onShare={actions.onShare} onDelete={actions.onDelete} />
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{listDate(group.createdAt)}</Table.Td>
              <Table.Td>{ratingOf(group)}</Table.Td>
              {mode === 'shared' && (
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {group.first.user.email}
                  </Text>
                </Table.Td>
              )}
              {mode === 'own' && (
                <Table.Td>
                  <TrackActions group={group} onEdit={actions.onEdit} onDelete={actions.onDelete} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
