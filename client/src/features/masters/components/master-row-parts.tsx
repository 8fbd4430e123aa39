import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { listDate, type MasterRow, type TrackGroup } from '../lib/master-rows.js';
import { EditIcon, ShareIcon, TrashIcon } from './master-icons.js';
import { INTENSITY_NAMES } from '../lib/intensity-names.js';
import { amountsOfMaster, amountsSummary } from '../lib/amounts.js';

/** What the list does with a row; each action is shown only when given. */
export interface MasterRowActions {
  onShare?: (row: MasterRow) => void;
  onEdit?: (row: MasterRow) => void;
  onDelete?: (row: MasterRow) => void;
}

/** The page a track's name leads to: its upload (where a style is chosen) or its first master. */
const pageOf = (group: TrackGroup, mode: 'own' | 'shared') => `/masters/song/${(group.upload ?? group.masters[0] ?? group.first).id}${mode === 'shared' ? '?shared' : ''}`;

/** The track's name (a link to its page) and artist. */
export function MasterTitle({ group, mode }: { group: TrackGroup; mode: 'own' | 'shared' }) {
  const { t } = useLingui();
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={pageOf(group, mode)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {group.track_name}
      </Anchor>
      <Text size="xs" c="dimmed" fs={group.track_artist ? undefined : 'italic'}>
        {group.track_artist ?? t`artist group`}
      </Text>
    </Stack>
  );
}

/** A master's style, or "custom master" for a master the user uploaded as finished. */
export function MasterStyle({ row }: { row: MasterRow }) {
  const { t, i18n } = useLingui();
  if (row.custom_master) return <Badge variant="light" color="original">{t`custom master`}</Badge>;
  // Likewise the amounts: only those moved off 100 % are named.
  const amounts = amountsSummary(i18n, amountsOfMaster(row));
  return (
    <Text span size="sm" c="mastered.3" fw={500}>
      {row.styleGroup_name} - {row.style_name}
      {/* Medium is the style as it is: only another intensity is worth naming. */}
      {row.intensity !== 'medium' && (
        <Badge ml={6} size="sm" variant="outline" color="mastered" data-testid="master-intensity">
          {i18n._(INTENSITY_NAMES[row.intensity])}
        </Badge>
      )}
      {amounts && (
        <Badge ml={6} size="sm" variant="outline" color="mastered" maw="100%" data-testid="master-amounts">
          {amounts}
        </Badge>
      )}
      {row.referenceId && (
        <Badge ml={6} size="sm" variant="outline" color="mastered" data-testid="master-reference">
          {t`toward a reference`}
        </Badge>
      )}
    </Text>
  );
}

/** Edit and delete of the track as a whole (deleting the upload deletes its masters too). */
export function TrackActions({ group, onEdit, onDelete }: { group: TrackGroup } & Pick<MasterRowActions, 'onEdit' | 'onDelete'>) {
  const { t } = useLingui();
  const upload = group.upload;
  const name = group.track_name;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit && (
        <Tooltip label={t`Edit track details`}>
          <ActionIcon variant="subtle" color="gray" aria-label={t`Edit track details of ${name}`} onClick={() => onEdit(group.first)}>
            <EditIcon />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && upload && (
        <Tooltip label={t`Delete the track and its masters`}>
          <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${name}`} onClick={() => onDelete(upload)}>
            <TrashIcon />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * The track's masters, one line each (style, date, invoice, Listen, share, delete); a track without
 * any says so and leads to choosing a style.
 */
export function TrackMasters({ group, mode, onShare, onDelete }: { group: TrackGroup; mode: 'own' | 'shared' } & Pick<MasterRowActions, 'onShare' | 'onDelete'>) {
  const { t, i18n } = useLingui();
  if (group.masters.length === 0) {
    return (
      <Group gap="xs" wrap="wrap" data-testid="master-line">
        <Text size="sm" c="dimmed">
          <Trans>Not mastered yet</Trans>
        </Text>
        {group.upload && (
          <Button component={Link} to={`/masters/song/${group.upload.id}`} size="compact-sm" variant="light">
            <Trans>Choose a style</Trans>
          </Button>
        )}
      </Group>
    );
  }
  return (
    <Stack gap={6}>
      {group.masters.map((row) => {
        const changed = [...(row.intensity !== 'medium' ? [i18n._(INTENSITY_NAMES[row.intensity])] : []), amountsSummary(i18n, amountsOfMaster(row)), row.referenceId ? t`toward a reference` : '']
          .filter(Boolean)
          .join(', ');
        const changes = changed ? ` (${changed})` : '';
        const style = row.custom_master ? t`custom master` : `${row.styleGroup_name ?? ''} - ${row.style_name ?? ''}${changes}`;
        const ready = isMastered(row.status, row.style?.id ?? null) || row.custom_master;
        return (
          <Group key={row.id} gap="xs" wrap="wrap" justify="space-between" data-testid="master-line">
            <Group gap="xs" wrap="wrap" miw={0}>
              <MasterStyle row={row} />
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {listDate(row.createdAt)}
              </Text>
              {row.invoice && (
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Trans>Invoice {row.invoice.invoiceNumber}</Trans>
                </Text>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <Button component={Link} to={`/masters/song/${row.id}${mode === 'shared' ? '?shared' : ''}`} size="compact-sm" variant="light">
                {ready ? <Trans>Listen</Trans> : <Trans>Open master</Trans>}
                <VisuallyHidden>{` (${style})`}</VisuallyHidden>
              </Button>
              {mode === 'own' && onShare && isMastered(row.status, row.style?.id ?? null) && (
                <Tooltip label={t`Share`}>
                  <ActionIcon variant="subtle" color="mastered" aria-label={t`Share ${group.track_name} (${style})`} onClick={() => onShare(row)}>
                    <ShareIcon />
                  </ActionIcon>
                </Tooltip>
              )}
              {mode === 'own' && onDelete && (
                <Tooltip label={t`Delete this master`}>
                  <ActionIcon variant="subtle" color="red" aria-label={t`Delete the master ${style} of ${group.track_name}`} onClick={() => onDelete(row)}>
                    <TrashIcon />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
