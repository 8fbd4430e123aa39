import { useMemo, useState } from 'react';
import { AverageStars, useRatingSummaries } from '../../comments/index.js';
import type { MasterRow, OrderDirection, OrderEntity } from '../lib/master-rows.js';
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
 * ('shared', view-only with the owner's e-mail). A table from 768 px, cards below.
 */
export function MasterList({ rows, mode, order, onOrderChange, onShare, onEdit, onDelete }: MasterListProps) {
  const [confirming, setConfirming] = useState<MasterRow | null>(null);
  const trackIds = useMemo(() => rows.map((row) => row.track.id), [rows]);
  const ratings = useRatingSummaries(trackIds);
  const ratingOf = (row: MasterRow) => {
    const summary = ratings.get(row.track.id);
    return summary && summary.count > 0 ? <AverageStars average={summary.average} count={summary.count} /> : null;
  };

  // A new column sorts dates newest first and text A to Z; the active column flips its direction.
  const onSort = (entity: OrderEntity) =>
    onOrderChange({
      orderEntity: entity,
      orderDirection: order.orderEntity === entity ? (order.orderDirection === 'ASC' ? 'DESC' : 'ASC') : entity === 'date' ? 'DESC' : 'ASC',
    });

  const view = { rows, mode, order, onSort, ratingOf, onShare, onEdit, onDelete: onDelete && setConfirming };
  return (
    <>
      <MasterTable {...view} />
      <MasterCards {...view} />
      <DeleteMasterDialog row={confirming} onClose={() => setConfirming(null)} onDelete={onDelete} />
    </>
  );
}
