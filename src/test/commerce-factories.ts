import { randomUUID } from 'node:crypto';
import type { Database } from '../platform/db/database.js';

/**
 * Small factories for checkout, payment and download tests: direct inserts, each call its own
 * rows. Defaults describe a buyer who may check out.
 */
export async function createUser(db: Database, values: { firstName?: string; lastName?: string } = {}) {
  return db
    .insertInto('users')
    .values({
      email: `buyer-${randomUUID()}@example.com`,
      password_hash: 'not-a-hash',
      first_name: values.firstName ?? 'Erika',
      last_name: values.lastName ?? 'Mustermann',
      email_confirmed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createAddress(db: Database, userId: string, values: { country?: string; taxId?: string | null; company?: string | null } = {}) {
  return db
    .insertInto('addresses')
    .values({
      user_id: userId,
      company: values.company ?? null,
      street_and_number: 'Hauptstraße 5',
      city: 'Berlin',
      zip: '10115',
      country: values.country ?? 'DE',
      state: 'Berlin',
      tax_id: values.taxId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The catalogue's first style ("Pop/Bright" in the seed), for masters that have a style. */
export async function firstStyle(db: Database) {
  return db
    .selectFrom('styles')
    .innerJoin('style_groups', 'style_groups.id', 'styles.style_group_id')
    .select(['styles.id', 'styles.name', 'style_groups.name as group_name'])
    .orderBy('style_groups.sort_order')
    .orderBy('styles.sort_order')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** A mastered master of a new track (no original audio needed); `path` is its 24-bit file's key. */
export async function createMaster(
  db: Database,
  userId: string,
  values: { trackName?: string; fileName?: string | null; status?: 'CREATED' | 'MASTERED' | 'PAYMENT_DONE'; buyingOption?: number; path?: string | null; styled?: boolean } = {},
) {
  const track = await db
    .insertInto('tracks')
    .values({ user_id: userId, name: values.trackName ?? 'My Song', file_name: values.fileName === undefined ? 'My Song.wav' : values.fileName })
    .returning('id')
    .executeTakeFirstOrThrow();
  const style = values.styled === false ? null : await firstStyle(db);
  return db
    .insertInto('masters')
    .values({
      track_id: track.id,
      user_id: userId,
      style_id: style?.id ?? null,
      status: values.status ?? 'MASTERED',
      buying_option: values.buyingOption ?? 0,
      path: values.path ?? null,
    })
    .returning(['id', 'track_id', 'style_id'])
    .executeTakeFirstOrThrow();
}

export async function createCoupon(
  db: Database,
  values: { key: string; type: 'percent' | 'amount' | 'free'; value?: number; maxUses?: number | null; perUserLimit?: number | null; expiresAt?: Date | null },
) {
  return db
    .insertInto('coupons')
    .values({
      key: values.key,
      type: values.type,
      value: values.value ?? 0,
      max_uses: values.maxUses ?? null,
      per_user_limit: values.perUserLimit ?? null,
      expires_at: values.expiresAt ?? null,
    })
    .returning(['id', 'key'])
    .executeTakeFirstOrThrow();
}

/** A buyer who may check out: names, an address, and a mastered master. */
export async function createBuyerWithMaster(db: Database, address: { country?: string; taxId?: string | null; company?: string | null } = {}) {
  const user = await createUser(db);
  await createAddress(db, user.id, address);
  const master = await createMaster(db, user.id);
  return { userId: user.id, masterId: master.id };
}

/**
 * A mastered album of the user's (state done), in the catalogue's first style, whose tracks are
 * the tracks of these masters in this order, each with its master (as the album job records them).
 */
export async function createMasteredAlbum(db: Database, userId: string, masters: readonly { id: string; track_id: string }[]) {
  const style = await firstStyle(db);
  const album = await db.insertInto('mastering_albums').values({ user_id: userId, style_id: style.id, intensity: 'medium', state: 'done' }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('mastering_album_tracks')
    .values(masters.map((master, position) => ({ album_id: album.id, user_id: userId, position, track_id: master.track_id, master_id: master.id })))
    .execute();
  return album;
}
