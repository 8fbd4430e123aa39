import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import type { MasterRow } from '../lib/master-rows.js';
import { EditIcon, ShareIcon, TrashIcon } from './master-icons.js';

/** What the list does with a row; each action is shown only when given. */
export interface MasterRowActions {
  onShare?: (row: MasterRow) => void;
  onEdit?: (row: MasterRow) => void;
  onDelete?: (row: MasterRow) => void;
}

/** The track's name (a link to its master page) and artist. */
export function MasterTitle({ row }: { row: MasterRow }) {
  const { t } = useLingui();
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={`/masters/song/${row.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.track_name}
      </Anchor>
      <Text size="xs" c="dimmed" fs={row.track_artist ? undefined : 'italic'}>
        {row.track_artist ?? t`artist group`}
      </Text>
    </Stack>
  );
}

/** The master's style, or what the row is when it has none (a custom master, the unmastered upload). */
export function MasterStyle({ row }: { row: MasterRow }) {
  const { t } = useLingui();
  if (row.custom_master) return <Badge variant="light" color="original">{t`custom master`}</Badge>;
  if (!row.style_name) return <Badge variant="outline" color="original">{t`unmastered`}</Badge>;
  return (
    <Text span size="sm" c="mastered.3">
      {row.styleGroup_name} - {row.style_name}
    </Text>
  );
}

/** Edit, share (a mastered row only) and delete buttons of one of the owner's rows. */
export function MasterActions({ row, onEdit, onShare, onDelete }: { row: MasterRow } & MasterRowActions) {
  const { t } = useLingui();
  return (
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
          <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${row.track_name}`} onClick={() => onDelete(row)}>
            <TrashIcon />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
