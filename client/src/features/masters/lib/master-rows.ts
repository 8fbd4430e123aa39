import type { TMaster, TMastersInput } from '../../../../../src/modules/masters/masters.schemas.js';
import type { TSharedMaster } from '../../../../../src/modules/sharing/sharing.schemas.js';

/** What the list screens read of a master, own or shared: the fields both shapes have. */
type ListFields = 'id' | 'track_name' | 'track_artist' | 'style_name' | 'styleGroup_name' | 'custom_master' | 'status' | 'createdAt';
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

/** Dates in lists as YYYY-MM-DD (local time). */
export function listDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
