/** What the list screens (spec §2) read of a master, own or shared. */
export interface MasterRow {
  id: string;
  track: { id: string };
  track_name: string;
  track_artist: string | null;
  style_name: string | null;
  styleGroup_name: string | null;
  custom_master: boolean;
  style: { id: number } | null;
  status: string;
  createdAt: string;
  user: { email: string };
  invoice?: { invoiceNumber: number } | null;
}

export type OrderEntity = 'date' | 'title' | 'style';
export type OrderDirection = 'ASC' | 'DESC';

/** A master whose file exists: only these may be shared (spec §2, §5). */
export const isMastered = (row: Pick<MasterRow, 'style' | 'status'>) => row.style !== null && (row.status === 'MASTERED' || row.status === 'PAYMENT_DONE');

/** Spec §9: dates in lists as YYYY-MM-DD (local time). */
export function listDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
