import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { AlbumState } from '../../platform/db/schema.js';
import { MASTER_STYLE_COLUMNS, MASTERED_STATUSES, selectMastersWithStyle } from '../masters/index.js';

/**
 * Kysely only: the local provider's releases (sql/0050). Every read and write of an
 * album or track is scoped by the provider's user, never by id alone. Dates are read as YYYY-MM-DD
 * text, the same from pg and PGlite.
 */

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const dayOrNull = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

function albumColumns() {
  return [
    'distribution_albums.id',
    'distribution_albums.distribution_user_id',
    'distribution_albums.name',
    'distribution_albums.label_id',
    'distribution_albums.artist_id',
    'distribution_albums.product_type',
    'distribution_albums.product_format',
    'distribution_albums.product_code_type',
    'distribution_albums.code_auto_generate',
    'distribution_albums.product_code',
    day('distribution_albums.original_release_date').as('original_release_date'),
    dayOrNull('distribution_albums.global_release_date').as('global_release_date'),
    'distribution_albums.state',
    'distribution_albums.disapprove_message',
    'distribution_albums.cover',
    'distribution_albums.visited',
    'distribution_albums.delivered_at',
    'distribution_albums.created_at',
  ] as const;
}

export async function insertAlbum(db: Database, values: { distributionUserId: string; labelId: number; artistId: number; productCode: string | null }) {
  const row = await db
    .insertInto('distribution_albums')
    .values({ distribution_user_id: values.distributionUserId, label_id: values.labelId, artist_id: values.artistId, product_code: values.productCode })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findAlbum(db: Database, distributionUserId: string, albumId: number, options: { forUpdate?: boolean } = {}) {
  let query = db
    .selectFrom('distribution_albums')
    .select(albumColumns())
    .where('distribution_albums.id', '=', albumId)
    .where('distribution_albums.distribution_user_id', '=', distributionUserId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}
export type AlbumRow = NonNullable<Awaited<ReturnType<typeof findAlbum>>>;

export function findDraftAlbum(db: Database, distributionUserId: string) {
  return db
    .selectFrom('distribution_albums')
    .select(albumColumns())
    .where('distribution_albums.distribution_user_id', '=', distributionUserId)
    .where('distribution_albums.state', '=', 'draft')
    .executeTakeFirst();
}

/** The album by id alone: only for the background delivery job, which acts for the album's owner. */
export function findAlbumForJob(db: Database, albumId: number) {
  return db.selectFrom('distribution_albums').select(albumColumns()).where('distribution_albums.id', '=', albumId).executeTakeFirst();
}

/** Releases of the user, newest first, with their track counts. */
export function listAlbums(db: Database, distributionUserId: string) {
  return db
    .selectFrom('distribution_albums')
    .select(albumColumns())
    .select((eb) =>
      eb
        .selectFrom('distribution_tracks')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('distribution_tracks.album_id', '=', 'distribution_albums.id')
        .as('track_count'),
    )
    .where('distribution_albums.distribution_user_id', '=', distributionUserId)
    .orderBy('distribution_albums.created_at', 'desc')
    .orderBy('distribution_albums.id', 'desc')
    .execute();
}

/**
 * Marks the variants of this cover version made; false when the album holds another version by now
 * (replaced during the work) or is gone.
 */
export async function markCoverVariantsReady(db: Database, albumId: number, cover: { version: string }): Promise<boolean> {
  const row = await db.selectFrom('distribution_albums').select('cover').where('id', '=', albumId).forUpdate().executeTakeFirst();
  const stored = (typeof row?.cover === 'string' ? JSON.parse(row.cover) : row?.cover) as { version?: unknown } | null | undefined;
  if (!stored || String(stored.version) !== cover.version) return false;
  await db.updateTable('distribution_albums').set({ cover: JSON.stringify({ ...stored, variantsReady: true }), updated_at: new Date() }).where('id', '=', albumId).execute();
  return true;
}

export async function updateAlbum(
  db: Database,
  albumId: number,
  values: Partial<{
    name: string;
    label_id: number;
    product_type: 'album' | 'single' | 'ep';
    product_code_type: 'ean' | 'upc';
    code_auto_generate: boolean;
    product_code: string | null;
    original_release_date: string;
    global_release_date: string | null;
    state: AlbumState;
    disapprove_message: string | null;
    cover: string | null;
    visited: string;
    delivered_at: Date | null;
    artist_id: number;
  }>,
) {
  await db
    .updateTable('distribution_albums')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', albumId)
    .execute();
}

export async function deleteAlbum(db: Database, distributionUserId: string, albumId: number) {
  await db.deleteFrom('distribution_albums').where('id', '=', albumId).where('distribution_user_id', '=', distributionUserId).execute();
}

const TRACK_COLUMNS = [
  'id',
  'album_id',
  'master_id',
  'is_custom_master',
  'position',
  'name',
  'genre_ids',
  'language',
  'featured_artist_ids',
  'isrc',
  'isrc_assigned',
  'iswc',
  'explicit',
  'lyrics',
  'participants',
  'audio_key',
  'audio_sha256',
  'audio_bytes',
  'audio_facts',
] as const;

export function findTracks(db: Database, albumId: number) {
  return db.selectFrom('distribution_tracks').select(TRACK_COLUMNS).where('album_id', '=', albumId).orderBy('position').orderBy('id').execute();
}
export type TrackRow = Awaited<ReturnType<typeof findTracks>>[number];

export function findTrack(db: Database, distributionUserId: string, trackId: number, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('distribution_tracks').select(TRACK_COLUMNS).where('id', '=', trackId).where('distribution_user_id', '=', distributionUserId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertTrack(
  db: Database,
  values: {
    distributionUserId: string;
    albumId: number;
    masterId: string;
    isCustomMaster: boolean;
    position: number;
    name: string;
    isrc: string;
    participants: string;
    audioKey: string;
    audioSha256: string;
    audioBytes: number;
    audioFacts: string;
  },
) {
  const row = await db
    .insertInto('distribution_tracks')
    .values({
      distribution_user_id: values.distributionUserId,
      album_id: values.albumId,
      master_id: values.masterId,
      is_custom_master: values.isCustomMaster,
      position: values.position,
      name: values.name,
      isrc: values.isrc,
      isrc_assigned: true,
      participants: values.participants,
      audio_key: values.audioKey,
      audio_sha256: values.audioSha256,
      audio_bytes: values.audioBytes,
      audio_facts: values.audioFacts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateTrack(
  db: Database,
  trackId: number,
  values: Partial<{
    name: string;
    genre_ids: string;
    language: string;
    featured_artist_ids: string;
    isrc: string;
    isrc_assigned: boolean;
    iswc: string | null;
    explicit: number;
    lyrics: string | null;
    participants: string;
    position: number;
  }>,
) {
  await db
    .updateTable('distribution_tracks')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', trackId)
    .execute();
}

export async function deleteTrack(db: Database, trackId: number) {
  await db.deleteFrom('distribution_tracks').where('id', '=', trackId).execute();
}

/** Another release track (anyone's) that carries this ISRC: the catalogue never repeats one. */
/** Who holds an ISRC (sql/0101), or undefined when nobody does. */
export function recordingOf(db: Database, isrc: string) {
  return db.selectFrom('distribution_recordings').select(['isrc', 'distribution_user_id', 'master_id']).where('isrc', '=', isrc).executeTakeFirst();
}

/** The ISRC the user's master already carries (on any release, kept after its tracks went), if any. */
export async function isrcOfMaster(db: Database, distributionUserId: string, masterId: string): Promise<string | null> {
  const row = await db
    .selectFrom('distribution_recordings')
    .select('isrc')
    .where('distribution_user_id', '=', distributionUserId)
    .where('master_id', '=', masterId)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.isrc ?? null;
}

/** Registers an ISRC for the user's recording; false when another user holds it. */
export async function claimIsrc(db: Database, isrc: string, distributionUserId: string, masterId: string | null): Promise<boolean> {
  await db.insertInto('distribution_recordings').values({ isrc, distribution_user_id: distributionUserId, master_id: masterId }).onConflict((oc) => oc.column('isrc').doNothing()).execute();
  const holder = await recordingOf(db, isrc);
  return holder !== undefined && String(holder.distribution_user_id) === String(distributionUserId);
}

/**
 * ISRCs that more than one recording of the catalogue carries, among the given ones: the same master
 * on several releases is one recording; two masters, or two users, under one code are not.
 */
export async function duplicatedIsrcs(db: Database, isrcs: string[]) {
  if (isrcs.length === 0) return [];
  const rows = await db
    .selectFrom('distribution_tracks')
    .select(['isrc', sql<number>`count(*)::int`.as('n')])
    .where('isrc', 'in', isrcs)
    .groupBy('isrc')
    .having(sql`count(DISTINCT coalesce(master_id::text, 'track:' || id::text) || '/' || distribution_user_id::text)`, '>', 1)
    .execute();
  return rows.map((row) => row.isrc as string);
}

/** The next value of a named counter, atomically (one row per counter). */
export async function nextSequence(db: Database, name: string): Promise<number> {
  const row = await db
    .insertInto('distribution_code_sequences')
    .values({ name, last_value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_value: sql`distribution_code_sequences.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}

/** Whether a track of another distribution user carries the work's ISWC. */
export async function iswcHeldByAnother(db: Database, iswc: string, distributionUserId: string): Promise<boolean> {
  const row = await db.selectFrom('distribution_tracks').select('id').where('iswc', '=', iswc).where('distribution_user_id', '<>', distributionUserId).executeTakeFirst();
  return row !== undefined;
}

export async function isrcTaken(db: Database, isrc: string) {
  return (await recordingOf(db, isrc)) !== undefined;
}

export async function productCodeTaken(db: Database, code: string, exceptAlbumId: number) {
  const row = await db.selectFrom('distribution_albums').select('id').where('product_code', '=', code).where('id', '<>', exceptAlbumId).executeTakeFirst();
  return row !== undefined;
}

// ---- outlets of a release

export function findAlbumOutlets(db: Database, albumId: number) {
  return db
    .selectFrom('distribution_album_outlets')
    .innerJoin('distribution_outlets', 'distribution_outlets.store_id', 'distribution_album_outlets.store_id')
    .select([
      'distribution_album_outlets.store_id',
      'distribution_outlets.store_name',
      'distribution_album_outlets.status_code',
      'distribution_album_outlets.reason',
      dayOrNull('distribution_album_outlets.release_start_date').as('release_start_date'),
    ])
    .where('distribution_album_outlets.album_id', '=', albumId)
    .orderBy('distribution_outlets.sort_order')
    .execute();
}

export async function replaceAlbumOutlets(db: Database, albumId: number, outlets: { store_id: number; release_start_date: string | null }[]) {
  await db.deleteFrom('distribution_album_outlets').where('album_id', '=', albumId).execute();
  if (outlets.length === 0) return;
  await db
    .insertInto('distribution_album_outlets')
    .values(outlets.map((outlet) => ({ album_id: albumId, store_id: outlet.store_id, release_start_date: outlet.release_start_date })))
    .execute();
}

export async function setOutletStatus(db: Database, albumId: number, storeId: number, statusCode: number, reason: string | null) {
  await db
    .updateTable('distribution_album_outlets')
    .set({ status_code: statusCode, reason, updated_at: sql`now()` })
    .where('album_id', '=', albumId)
    .where('store_id', '=', storeId)
    .execute();
}

export function findEnabledStoreIds(db: Database) {
  return db.selectFrom('distribution_outlets').select('store_id').where('enabled', '=', true).execute();
}

export function findGenresByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('distribution_genres').select(['genre_id', 'name']).where('genre_id', 'in', ids).execute();
}
export function findRoles(db: Database) {
  return db.selectFrom('distribution_roles').select(['role_id', 'name']).orderBy('role_id').execute();
}
export function findGenres(db: Database) {
  return db.selectFrom('distribution_genres').select(['genre_id', 'name']).execute();
}
export function findLanguage(db: Database, code: string) {
  return db.selectFrom('distribution_languages').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
}
export function findArtistsOfUser(db: Database, distributionUserId: string) {
  return db.selectFrom('distribution_artists').select(['id', 'name']).where('distribution_user_id', '=', distributionUserId).execute();
}
export function findParticipantsOfUser(db: Database, distributionUserId: string) {
  return db.selectFrom('distribution_participants').select(['id', 'name', 'email']).where('distribution_user_id', '=', distributionUserId).execute();
}
export function findLabelOfUser(db: Database, distributionUserId: string, labelId: number) {
  return db.selectFrom('distribution_labels').select(['id', 'name']).where('id', '=', labelId).where('distribution_user_id', '=', distributionUserId).executeTakeFirst();
}

// ---- the song picker: the user's masters with audio a release can carry

/**
 * Mastered masters with a stored file, and custom masters (their uploaded audio is the
 * master), newest first. Unmastered masters of ordinary tracks are not songs to release.
 */
export function findPickerMasters(db: Database, userId: string, masterId?: string) {
  let query = selectMastersWithStyle(db)
    .select([
      'masters.id',
      'masters.path',
      'masters.created_at',
      'tracks.id as track_id',
      'tracks.name as track_name',
      'tracks.file_name as track_file_name',
      'tracks.is_custom_master',
      'tracks.path as track_path',
      ...MASTER_STYLE_COLUMNS,
    ])
    .where('masters.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        // isMastered (masters.schemas.ts) in SQL: a style and a mastered status; here also a stored file.
        eb.and([eb('masters.style_id', 'is not', null), eb('masters.path', 'is not', null), eb('masters.status', 'in', MASTERED_STATUSES)]),
        eb.and([eb('tracks.is_custom_master', '=', true), eb('masters.style_id', 'is', null), eb('tracks.path', 'is not', null)]),
      ]),
    );
  if (masterId) query = query.where('masters.id', '=', masterId);
  return query.orderBy('masters.created_at', 'desc').orderBy('masters.id').execute();
}
export type PickerMasterRow = Awaited<ReturnType<typeof findPickerMasters>>[number];

export async function findChildStores(db: Database) {
  const rows = await db.selectFrom('distribution_child_stores').select(['store_id', 'name']).orderBy('store_id').orderBy('sort_order').execute();
  const map = new Map<number, string[]>();
  for (const row of rows) map.set(row.store_id, [...(map.get(row.store_id) ?? []), row.name]);
  return map;
}

export function findStores(db: Database) {
  return db.selectFrom('distribution_outlets').select(['store_id', 'store_name', 'enabled']).orderBy('sort_order').execute();
}

/** The user's albums at the stores (delivering or delivered), by the account's user id. */
export async function findAlbumsAtStoresOfUser(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('distribution_albums')
    .innerJoin('distribution_users', 'distribution_users.id', 'distribution_albums.distribution_user_id')
    .select('distribution_albums.id')
    .where('distribution_users.user_id', '=', userId)
    .where('distribution_albums.state', 'in', ['delivering', 'delivered'])
    .orderBy('distribution_albums.id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Albums at the stores (delivering or delivered) whose user no longer has a subscription that runs
 * (active, past due within its grace, or cancelled within its paid period), with a store not yet
 * asked to take them down.
 */
export async function findDeliveredAlbumsWithoutSubscription(db: Database): Promise<number[]> {
  const rows = await db
    .selectFrom('distribution_albums as a')
    .innerJoin('distribution_users as u', 'u.id', 'a.distribution_user_id')
    .select('a.id')
    .where('a.state', 'in', ['delivering', 'delivered'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('distribution_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 'u.user_id').where('s.status', 'in', ['active', 'past_due', 'canceled']))),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('distribution_album_outlets as o')
          .select('o.store_id')
          .whereRef('o.album_id', '=', 'a.id')
          .where((inner) =>
            inner.not(inner.exists(inner.selectFrom('release_deliveries as d').select('d.id').whereRef('d.album_id', '=', 'o.album_id').whereRef('d.store_id', '=', 'o.store_id').where('d.kind', '=', 'takedown'))),
          ),
      ),
    )
    .orderBy('a.id')
    .execute();
  return rows.map((row) => Number(row.id));
}
