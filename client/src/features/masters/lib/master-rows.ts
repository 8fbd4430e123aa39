import type { TMaster, TMastersInput } from '../../../../../src/modules/masters/masters.schemas.js';
import type { TSharedMaster } from '../../../../../src/modules/sharing/sharing.schemas.js';

/** What the list screens read of a master, own or shared: the fields both shapes have. */
type ListFields = 'id' | 'track_name' | 'track_artist' | 'style_name' | 'styleGroup_name' | 'custom_master' | 'status' | 'createdAt' | 'intensity' | 'toneAmount' | 'widthAmount' | 'dynamicsAmount' | 'referenceId';
export type MasterRow = Pick<TMaster, ListFields> &
  Pick<TSharedMaster, ListFields> & {
    track: Pick<TMaster['track'], 'id'>;
    style: Pick<NonNullable<TMaster['style']>, 'id'> | null;
    user: Pick<TMaster['user'], 'email'>;
    /** Only the caller's own masters carry their invoice. */
    invoice?: Pick<NonNullable<TMaster['invoice']>, 'invoiceNumber'> | null;
  };

export type OrderEntity = TMastersInput['orderEntity'];
export type OrderDirection = TMastersInput['orderDirection'];

export { listDate } from '../../../lib/list-date.js';

/** One uploaded track with its masters: the list shows a track once, its masters inside it. */
export interface TrackGroup {
  trackId: string;
  track_name: string;
  track_artist: string | null;
  /** The upload itself (no style, not a custom master); removing it removes the track and its masters. */
  upload: MasterRow | null;
  /** The styled and custom masters, in the list's order. */
  masters: MasterRow[];
  /** When the track came: the upload's date, else its oldest master's. */
  createdAt: string;
  /** A row of the group, for what the list shows of the track as a whole (owner, rating). */
  first: MasterRow;
}

export const isUploadRow = (row: MasterRow) => row.style_name === null && !row.custom_master;

/** Groups the server's rows by track, keeping the order in which each track first appears. */
export function groupByTrack(rows: readonly MasterRow[]): TrackGroup[] {
  const groups = new Map<string, TrackGroup>();
  for (const row of rows) {
    let group = groups.get(row.track.id);
    if (!group) {
      group = { trackId: row.track.id, track_name: row.track_name, track_artist: row.track_artist, upload: null, masters: [], createdAt: row.createdAt, first: row };
      groups.set(row.track.id, group);
    }
    if (isUploadRow(row) && !group.upload) group.upload = row;
    else group.masters.push(row);
  }
  for (const group of groups.values()) {
    const dates = group.upload ? [group.upload.createdAt] : group.masters.map((row) => row.createdAt);
    group.createdAt = dates.reduce((oldest, date) => (date < oldest ? date : oldest), dates[0] ?? group.createdAt);
  }
  return [...groups.values()];
}
