import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/queue/job-queue.js';
import { assertCanBounce, MEDIA_JOB_KINDS, MEDIA_QUEUED_TOPIC } from '../streaming/index.js';
import * as repo from './albums.repository.js';
import type { TAlbum, TAlbumTrack, ZAlbumIdInput, ZCreateAlbumInput } from './albums.schemas.js';
import type { z } from 'zod';

/** An album's tracks are mastered one after another by one job: it goes after the user's bounces. */
const ALBUM_PRIORITY = 15;
/** Tries of an album whose media process died under it; a failure of the work itself is final. */
const ALBUM_JOB_ATTEMPTS = 4;

const round = (x: number) => Math.round(x * 100) / 100;

function spreadOf(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length < 2 ? null : round(Math.max(...known) - Math.min(...known));
}

type AlbumRow = NonNullable<Awaited<ReturnType<typeof repo.findAlbum>>>;
type AlbumTrackRow = Awaited<ReturnType<typeof repo.findAlbumTracks>>[number];

function toAlbum(album: AlbumRow, rows: AlbumTrackRow[]): TAlbum {
  const tracks: TAlbumTrack[] = rows
    .filter((row) => row.album_id === album.id)
    .map((row) => ({
      position: row.position,
      trackId: row.track_id,
      name: row.name,
      masterId: row.master_id,
      buyingOption: row.buying_option,
      mixLufs: row.mix_lufs,
      targetLufs: row.target_lufs,
      masterLufs: row.master_lufs,
      masterTruePeak: row.master_true_peak,
    }));
  return {
    id: album.id,
    styleId: album.style_id,
    intensity: album.intensity,
    state: album.state,
    error: album.error,
    createdAt: album.created_at.toISOString(),
    tracks,
    spreadInLu: spreadOf(tracks.map((t) => t.mixLufs)),
    spreadOutLu: spreadOf(tracks.map((t) => t.masterLufs)),
  };
}

/**
 * A new album of the caller's own tracks, in the order given, mastered together in one style and
 * intensity by one job of the media queue. Another user's track answers not found, as every
 * masters call does; each track must be one the mastering rules let be bounced in that style.
 * The album, its tracks and its job are written together or not at all.
 */
export async function createAlbum(ctx: Pick<ServiceContext, 'db' | 'platform' | 'actor'>, input: z.output<typeof ZCreateAlbumInput>): Promise<TAlbum> {
  if (!ctx.actor) throw unauthorized();
  const userId = ctx.actor.userId;
  const own = await repo.findOwnTracks(ctx.db, userId, input.trackIds);
  const byId = new Map(own.map((track) => [track.id, track]));
  for (const trackId of input.trackIds) {
    if (!byId.get(trackId)?.path) throw notFound('track');
  }
  if ((await repo.countUnfinishedAlbums(ctx.db, userId)) > 0) throw new AppError('CONFLICT', 'album.stillMastering');
  for (const trackId of input.trackIds) await assertCanBounce(ctx, { trackId, styleId: input.styleId, intensity: input.intensity });
  const albumId = await ctx.db.transaction().execute(async (tx) => {
    const { id } = await repo.insertAlbum(tx, { userId, styleId: input.styleId, intensity: input.intensity });
    await repo.insertAlbumTracks(tx, id, userId, input.trackIds);
    await enqueueJob(tx, {
      kind: MEDIA_JOB_KINDS.album,
      payload: { albumId: id },
      userId,
      priority: ALBUM_PRIORITY,
      idempotencyKey: `${MEDIA_JOB_KINDS.album}:${id}`,
      maxAttempts: ALBUM_JOB_ATTEMPTS,
      backoffMs: 500,
    });
    return id;
  });
  await ctx.platform.events.publish({ topic: MEDIA_QUEUED_TOPIC, type: 'queued' });
  return getAlbum(ctx, { id: albumId });
}

/** One of the caller's albums with its tracks in order and their loudness; anyone else's answers not found. */
export async function getAlbum(ctx: Pick<ServiceContext, 'db' | 'actor'>, input: z.output<typeof ZAlbumIdInput>): Promise<TAlbum> {
  if (!ctx.actor) throw unauthorized();
  const album = await repo.findAlbum(ctx.db, input.id);
  if (!album || album.user_id !== ctx.actor.userId) throw notFound('album');
  return toAlbum(album, await repo.findAlbumTracks(ctx.db, [album.id]));
}

/** The caller's albums, newest first. */
export async function listAlbums(ctx: Pick<ServiceContext, 'db' | 'actor'>): Promise<TAlbum[]> {
  if (!ctx.actor) throw unauthorized();
  const albums = await repo.findAlbumsOfUser(ctx.db, ctx.actor.userId);
  const tracks = await repo.findAlbumTracks(ctx.db, albums.map((a) => a.id));
  return albums.map((album) => toAlbum(album, tracks));
}

/**
 * An album as its purchase reads it (inside the purchase's transaction): its owner, whether it is
 * mastered, and its tracks' masters in album order. Null: no such album. The caller checks who asks.
 */
export async function albumToBuy(db: Database, albumId: string) {
  const album = await repo.findAlbum(db, albumId);
  if (!album) return null;
  const tracks = await repo.findAlbumTracks(db, [album.id]);
  return { id: album.id, userId: album.user_id, state: album.state, tracks: tracks.map((t) => ({ position: t.position, name: t.name, masterId: t.master_id })) };
}
