import { Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { listDate, type MasterRow, type OrderDirection, type OrderEntity } from '../lib/master-rows.js';
import { MasterActions, MasterStyle, MasterTitle, type MasterRowActions } from './master-row-parts.js';

export interface MasterViewProps extends MasterRowActions {
  rows: MasterRow[];
  mode: 'own' | 'shared';
  order: { orderEntity: OrderEntity; orderDirection: OrderDirection };
  onSort: (entity: OrderEntity) => void;
  /** The row's average rating, or nothing while it has none. */
  ratingOf: (row: MasterRow) => ReactNode;
}

/** The list as a sortable table (from 768 px), with the owner's e-mail on the shared list. */
export function MasterTable({ rows, mode, order, onSort, ratingOf, ...actions }: MasterViewProps) {
  const withInvoice = rows.some((row) => row.invoice);
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
            {header('style', <Trans>Style</Trans>)}
            {header('date', <Trans>Date</Trans>)}
            <Table.Th>
              <Trans>Rating</Trans>
            </Table.Th>
            {withInvoice && (
              <Table.Th>
                <Trans>Invoice</Trans>
              </Table.Th>
            )}
            {mode === 'shared' ? (
              <Table.Th>
                <Trans>Owner</Trans>
              </Table.Th>
            ) : (
              <Table.Th>
                <Trans>Master</Trans>
              </Table.Th>
            )}
            {mode === 'own' && (
              <Table.Th ta="right">
                <Trans>Actions</Trans>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="master-row">
              <Table.Td>
                <MasterTitle row={row} />
              </Table.Td>
              <Table.Td>
                <MasterStyle row={row} />
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{listDate(row.createdAt)}</Table.Td>
              <Table.Td>{ratingOf(row)}</Table.Td>
              {withInvoice && <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{row.invoice?.invoiceNumber ?? ''}</Table.Td>}
              {mode === 'shared' ? (
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.user.email}
                  </Text>
                </Table.Td>
              ) : (
                <Table.Td>
                  <Button component={Link} to={`/masters/song/${row.id}`} size="compact-sm" variant="light">
                    {isMastered(row.status, row.style?.id ?? null) || row.custom_master ? <Trans>Listen</Trans> : <Trans>Choose a style</Trans>}
                  </Button>
                </Table.Td>
              )}
              {mode === 'own' && (
                <Table.Td>
                  <MasterActions row={row} {...actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
