import { useMemo, useState } from 'react';
import { AverageStars, useRatingSummaries } from '../../comments/index.js';
import { groupByTrack, type MasterRow, type OrderDirection, type OrderEntity, type TrackGroup } from '../lib/master-rows.js';
import { DeleteMasterDialog } from './delete-master-dialog.js';
import { MasterCards } from './master-cards.js';
import { MasterTable } from './master-table.js';

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
 * The sortable list screens: the user's masters ('own') and the shared-with-me list
 * ('shared', view-only with the owner's e-mail), one entry per track with its masters. A table from
 * 768 px (the narrowest desktop width the product supports), cards below.
 */
export function MasterList({ rows, mode, order, onOrderChange, onShare, onEdit, onDelete }: MasterListProps) {
  const [confirming, setConfirming] = useState<MasterRow | null>(null);
  const groups = useMemo(() => groupByTrack(rows), [rows]);
  const trackIds = useMemo(() => groups.map((group) => group.trackId), [groups]);
  const ratings = useRatingSummaries(trackIds);
  const ratingOf = (group: TrackGroup) => {
    const summary = ratings.get(group.trackId);
    return summary && summary.count > 0 ? <AverageStars average={summary.average} count={summary.count} /> : null;
  };

  // A new column sorts dates newest first and text A to Z; the active column flips its direction.
  const onSort = (entity: OrderEntity) =>
    onOrderChange({
      orderEntity: entity,
      orderDirection: order.orderEntity === entity ? (order.orderDirection === 'ASC' ? 'DESC' : 'ASC') : entity === 'date' ? 'DESC' : 'ASC',
    });

  const view = { groups, mode, order, onSort, ratingOf, onShare, onEdit, onDelete: onDelete && setConfirming };
  return (
    <>
      <MasterTable {...view} />
      <MasterCards {...view} />
      <DeleteMasterDialog row={confirming} onClose={() => setConfirming(null)} onDelete={onDelete} />
    </>
  );
}
