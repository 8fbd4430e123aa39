import type { Database } from '../../platform/db/database.js';
import type { MasterIntensity } from '../../platform/db/schema.js';

export async function findOwnTracks(db: Database, userId: string, trackIds: string[]) {
  if (trackIds.length === 0) return [];
  return db.selectFrom('tracks').select(['id', 'name', 'path']).where('user_id', '=', userId).where('id', 'in', trackIds).execute();
}

export function insertAlbum(db: Database, album: { userId: string; styleId: number; intensity: MasterIntensity }) {
  return db.insertInto('mastering_albums').values({ user_id: album.userId, style_id: album.styleId, intensity: album.intensity }).returning(['id']).executeTakeFirstOrThrow();
}

export async function insertAlbumTracks(db: Database, albumId: string, userId: string, trackIds: string[]): Promise<void> {
  await db
    .insertInto('mastering_album_tracks')
    .values(trackIds.map((trackId, position) => ({ album_id: albumId, user_id: userId, position, track_id: trackId })))
    .execute();
}

const ALBUM_COLUMNS = ['id', 'user_id', 'style_id', 'intensity', 'state', 'error', 'created_at'] as const;

export function findAlbum(db: Database, albumId: string) {
  return db.selectFrom('mastering_albums').select(ALBUM_COLUMNS).where('id', '=', albumId).executeTakeFirst();
}

export function findAlbumsOfUser(db: Database, userId: string) {
  return db.selectFrom('mastering_albums').select(ALBUM_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(100).execute();
}

export async function findAlbumTracks(db: Database, albumIds: string[]) {
  if (albumIds.length === 0) return [];
  return db
    .selectFrom('mastering_album_tracks as a')
    .innerJoin('tracks as t', 't.id', 'a.track_id')
    .leftJoin('masters as m', 'm.id', 'a.master_id')
    .select(['a.album_id', 'a.position', 'a.track_id', 't.name', 'a.master_id', 'm.buying_option', 'a.mix_lufs', 'a.target_lufs', 'a.master_lufs', 'a.master_true_peak'])
    .where('a.album_id', 'in', albumIds)
    .orderBy('a.album_id')
    .orderBy('a.position')
    .execute();
}

/** Albums of the user still waiting or being mastered. */
export async function countUnfinishedAlbums(db: Database, userId: string): Promise<number> {
  const row = await db.selectFrom('mastering_albums').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('state', 'in', ['queued', 'mastering']).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setAlbumState(db: Database, albumId: string, state: 'mastering' | 'done' | 'failed', error: string | null = null): Promise<void> {
  await db.updateTable('mastering_albums').set({ state, error, updated_at: new Date() }).where('id', '=', albumId).execute();
}

export async function saveAlbumTrack(
  db: Database,
  albumId: string,
  position: number,
  figures: { masterId: string; mixLufs: number | null; targetLufs: number; masterLufs: number; masterTruePeak: number },
): Promise<void> {
  await db
    .updateTable('mastering_album_tracks')
    .set({ master_id: figures.masterId, mix_lufs: figures.mixLufs, target_lufs: figures.targetLufs, master_lufs: figures.masterLufs, master_true_peak: figures.masterTruePeak })
    .where('album_id', '=', albumId)
    .where('position', '=', position)
    .execute();
}
