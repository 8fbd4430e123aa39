import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { MASTER_ORDER_COLUMNS, MASTER_STYLE_COLUMNS, selectMastersWithStyle } from '../masters/index.js';
import type { TSharedWithMeInput } from './sharing.schemas.js';

/** Kysely only: shares and the masters they point at. Reads list their columns. */

/** What a share's mails name: the track, its style and the owner (the locale, where needed, apart). */
const SHARE_MAIL_COLUMNS = [
  'tracks.name as track_name',
  'styles.name as style_name',
  'style_groups.name as style_group_name',
  'users.email as owner_email',
  'users.first_name as owner_first_name',
  'users.last_name as owner_last_name',
] as const;

/** The caller's master, row-locked so the share counter and the limit check cannot race. */
export function lockOwnMaster(db: Database, masterId: string, ownerId: string) {
  return selectMastersWithStyle(db)
    .innerJoin('users', 'users.id', 'masters.user_id')
    .select(['masters.id', 'masters.style_id', 'masters.status', 'masters.share_count', ...SHARE_MAIL_COLUMNS, 'users.locale as owner_locale'])
    .where('masters.id', '=', masterId)
    .where('masters.user_id', '=', ownerId)
    // Only the master row: the joined, nullable style rows cannot be locked (and need not be).
    .forUpdate(['masters'])
    .executeTakeFirst();
}

export async function countShares(db: Database, masterId: string): Promise<number> {
  const row = await db.selectFrom('shares').select((eb) => eb.fn.countAll<number>().as('n')).where('master_id', '=', masterId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a share; undefined when the address already has one for this master. */
export function insertShare(db: Database, values: { masterId: string; ownerId: string; email: string }) {
  return db
    .insertInto('shares')
    .values({ master_id: values.masterId, owner_user_id: values.ownerId, email: values.email })
    .onConflict((oc) => oc.columns(['master_id', 'email']).doNothing())
    .returning(['id', 'master_id', 'email', 'created_at'])
    .executeTakeFirst();
}

export function changeShareCount(db: Database, masterId: string, delta: 1 | -1) {
  return db
    .updateTable('masters')
    .set({ share_count: sql<number>`greatest(0, share_count + ${delta})`, updated_at: sql<Date>`now()` })
    .where('id', '=', masterId)
    .execute();
}

export function deleteOwnShare(db: Database, shareId: string, ownerId: string) {
  return db.deleteFrom('shares').where('id', '=', shareId).where('owner_user_id', '=', ownerId).returning(['id', 'master_id']).executeTakeFirst();
}

export function findSharesOfMaster(db: Database, masterId: string) {
  return db
    .selectFrom('shares')
    .innerJoin('users', 'users.id', 'shares.owner_user_id')
    .select(['shares.id', 'shares.master_id', 'shares.email', 'shares.created_at', 'shares.owner_user_id', 'users.email as owner_email'])
    .where('shares.master_id', '=', masterId)
    .orderBy('shares.created_at', 'asc')
    .orderBy('shares.id')
    .execute();
}

export function findOwnMaster(db: Database, masterId: string, ownerId: string) {
  return db.selectFrom('masters').select(['id', 'share_count']).where('id', '=', masterId).where('user_id', '=', ownerId).executeTakeFirst();
}

/**
 * Masters shared with the user's current e-mail address (so an invitation made before the account
 * existed, or to an address the user switched to, is found by address, not by id).
 */
export function findSharedWith(db: Database, userId: string, filter: { masterId?: string; order?: TSharedWithMeInput }) {
  let query = db
    .selectFrom('shares')
    .innerJoin('users as me', 'me.email', 'shares.email')
    .innerJoin('masters', 'masters.id', 'shares.master_id')
    .innerJoin('tracks', 'tracks.id', 'masters.track_id')
    .innerJoin('users as owner', 'owner.id', 'masters.user_id')
    .leftJoin('styles', 'styles.id', 'masters.style_id')
    .leftJoin('style_groups', 'style_groups.id', 'styles.style_group_id')
    .select([
      'shares.id as share_id',
      'shares.created_at as shared_at',
      'masters.id',
      'masters.status',
      'masters.measurements',
      'masters.created_at',
      'masters.style_id',
      'masters.intensity',
      'masters.tone_amount',
      'masters.width_amount',
      'masters.dynamics_amount',
      'masters.reference_id',
      'owner.id as owner_id',
      'owner.email as owner_email',
      'owner.first_name as owner_first_name',
      'owner.last_name as owner_last_name',
      'tracks.id as track_id',
      'tracks.name as track_name',
      'tracks.artist as track_artist',
      'tracks.is_custom_master as track_is_custom_master',
      ...MASTER_STYLE_COLUMNS,
    ])
    .where('me.id', '=', userId)
    // Never list one's own master back (an owner may have shared with their own address).
    .where('masters.user_id', '<>', userId);
  if (filter.masterId) query = query.where('masters.id', '=', filter.masterId);
  const order = filter.order ?? { orderEntity: 'date', orderDirection: 'DESC' };
  const direction = order.orderDirection === 'ASC' ? sql`asc` : sql`desc`;
  for (const column of MASTER_ORDER_COLUMNS[order.orderEntity]) query = query.orderBy(sql`${column} ${direction}`);
  return query.orderBy('masters.id').execute();
}
export type SharedRow = Awaited<ReturnType<typeof findSharedWith>>[number];

/** What a share's invitation says (who shared which track), by the share's id from the mail's link. */
export function findInvitation(db: Database, shareId: string) {
  return selectMastersWithStyle(db)
    .innerJoin('shares', 'shares.master_id', 'masters.id')
    .innerJoin('users', 'users.id', 'masters.user_id')
    .select(['masters.id', 'shares.email as invited_email', ...SHARE_MAIL_COLUMNS])
    .where('shares.id', '=', shareId)
    .executeTakeFirst();
}
