import { ActionIcon, Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { AverageStars } from '../../comments/index.js';
import { useRatingSummaries } from '../../comments/index.js';
import { listDate, type MasterRow, type OrderDirection, type OrderEntity } from '../lib/master-rows.js';

export interface MasterListProps {
  rows: MasterRow[];
  mode: 'own' | 'shared';
  order: { orderEntity: OrderEntity; orderDirection: OrderDirection };
  onOrderChange: (order: { orderEntity: OrderEntity; orderDirection: OrderDirection }) => void;
  onShare?: (row: MasterRow) => void;
  onEdit?: (row: MasterRow) => void;
  onDelete?: (row: MasterRow) => Promise<void>;
}

/**
 * The sortable list screens of spec §2: the user's masters ('own') and the shared-with-me list
 * ('shared', view-only with the owner's e-mail). A table from 768 px (spec §9 minimum width), cards below.
 */
export function MasterList({ rows, mode, order, onOrderChange, onShare, onEdit, onDelete }: MasterListProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState<MasterRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const withInvoice = rows.some((row) => row.invoice);
  const trackIds = useMemo(() => rows.map((row) => row.track.id), [rows]);
  const ratings = useRatingSummaries(trackIds);
  const stars = (row: MasterRow) => {
    const summary = ratings.get(row.track.id);
    return summary && summary.count > 0 ? <AverageStars average={summary.average} count={summary.count} /> : null;
  };

  const sortBy = (entity: OrderEntity) =>
    onOrderChange({
      orderEntity: entity,
      orderDirection: order.orderEntity === entity ? (order.orderDirection === 'ASC' ? 'DESC' : 'ASC') : entity === 'date' ? 'DESC' : 'ASC',
    });

  const header = (entity: OrderEntity, label: ReactNode) => {
    const active = order.orderEntity === entity;
    return (
      <Table.Th aria-sort={active ? (order.orderDirection === 'ASC' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton onClick={() => sortBy(entity)} fw={600} fz="sm">
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

  const styleOf = (row: MasterRow): ReactNode => {
    if (row.custom_master) return <Badge variant="light" color="original">{t`custom master`}</Badge>;
    if (!row.style_name) return <Badge variant="outline" color="original">{t`unmastered`}</Badge>;
    return (
      <Text span size="sm" c="mastered.3">
        {row.styleGroup_name} - {row.style_name}
      </Text>
    );
  };

  const title = (row: MasterRow) => (
    <Stack gap={0}>
      <Anchor component={Link} to={`/masters/song/${row.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.track_name}
      </Anchor>
      <Text size="xs" c="dimmed" fs={row.track_artist ? undefined : 'italic'}>
        {row.track_artist ?? t`artist group`}
      </Text>
    </Stack>
  );

  const actions = (row: MasterRow) =>
    mode === 'own' ? (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {onEdit && (
          <Tooltip label={t`Edit track details`}>
            <ActionIcon variant="subtle" color="gray" aria-label={t`Edit track details of ${row.track_name}`} onClick={() => onEdit(row)}>
              <EditIcon />
            </ActionIcon>
          </Tooltip>
        )}
        {onShare && isMastered(row.status, row.style?.id ?? null) && (
          <Tooltip label={t`Share`}>
            <ActionIcon variant="subtle" color="mastered" aria-label={t`Share ${row.track_name}`} onClick={() => onShare(row)}>
              <ShareIcon />
            </ActionIcon>
          </Tooltip>
        )}
        {onDelete && (
          <Tooltip label={t`Delete`}>
            <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${row.track_name}`} onClick={() => setConfirming(row)}>
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ) : null;

  return (
    <>
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
                <Table.Td>{title(row)}</Table.Td>
                <Table.Td>{styleOf(row)}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{listDate(row.createdAt)}</Table.Td>
                <Table.Td>{stars(row)}</Table.Td>
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
                {mode === 'own' && <Table.Td>{actions(row)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

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
              onClick={() => sortBy(entity)}
              rightSection={order.orderEntity === entity ? (order.orderDirection === 'ASC' ? '▲' : '▼') : null}
            >
              {entity === 'date' ? <Trans>Date</Trans> : entity === 'title' ? <Trans>Title</Trans> : <Trans>Style</Trans>}
            </Button>
          ))}
        </Group>
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              {title(row)}
              {actions(row)}
            </Group>
            <Group gap="xs" mt="xs" wrap="wrap">
              {styleOf(row)}
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {listDate(row.createdAt)}
              </Text>
              {row.invoice && (
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Trans>Invoice {row.invoice.invoiceNumber}</Trans>
                </Text>
              )}
              {stars(row)}
            </Group>
            {mode === 'shared' && (
              <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                <Trans>Shared by {row.user.email}</Trans>
              </Text>
            )}
          </Card>
        ))}
      </Stack>

      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t`Delete master`} centered>
        <Stack>
          <Text>
            <Trans>Do you really want to delete this master?</Trans>
          </Text>
          {confirming && (
            <Text size="sm" c="dimmed">
              {confirming.track_name}
              {confirming.style_name ? ` · ${confirming.styleGroup_name} - ${confirming.style_name}` : ''}
            </Text>
          )}
          {confirming && !confirming.style_name && (
            <Text size="sm" c="dimmed">
              <Trans>This is the uploaded track itself: deleting it deletes all of its masters too.</Trans>
            </Text>
          )}
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={() => setConfirming(null)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              color="red"
              loading={deleting}
              onClick={async () => {
                if (!confirming || !onDelete) return;
                setDeleting(true);
                try {
                  await onDelete(confirming);
                } finally {
                  setDeleting(false);
                  setConfirming(null);
                }
              }}
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, 'aria-hidden': true } as const;

function ShareIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function EditIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
