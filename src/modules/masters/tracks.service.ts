import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import * as repo from './masters.repository.js';
import type { TrackRow } from './masters.repository.js';
import type { TCreateTrackInput, TIdInput, TTrack, TUpdateTrackInput } from './masters.schemas.js';

/** The caller's user id; services are reached by adapters that may let anonymous calls through. */
export function userIdOf(ctx: Pick<ServiceContext, 'actor'>): string {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor.userId;
}

/** Everything stored for a track lives under this prefix (accounts' deletion relies on it too). */
export const trackFilesPrefix = (trackId: string) => `tracks/${trackId}`;

/** The storage key of a track's uploaded original. */
export const originalKeyOf = (trackId: string) => `${trackFilesPrefix(trackId)}/original.wav`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A track as the API answers it; the byte layout of the stored file is none of the caller's business. */
export function toTrack(row: Omit<TrackRow, 'byte_length' | 'data_offset' | 'data_bytes'>): TTrack {
  const hasAudio =
    row.path !== null && row.sample_rate !== null && row.channels !== null && row.bits_per_sample !== null && row.sample_format !== null;
  const frames = Number(row.number_of_samples ?? 0);
  return {
    id: row.id,
    name: row.name,
    artist: row.artist,
    genre: row.genre,
    album: row.album,
    bpm: row.bpm,
    path: row.file_name,
    isCustomMaster: row.is_custom_master,
    user: { id: row.user_id, email: row.user_email },
    audio: hasAudio
      ? {
          sampleRate: row.sample_rate!,
          channels: row.channels!,
          bitsPerSample: row.bits_per_sample!,
          sampleFormat: row.sample_format!,
          frames,
          durationS: frames / row.sample_rate!,
        }
      : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function ownTrack(ctx: ServiceContext, trackId: string): Promise<TTrack> {
  const [row] = await repo.findTracks(ctx.db, { userId: userIdOf(ctx), trackId });
  if (!row) throw notFound('track');
  return toTrack(row);
}

export async function listMyTracks(ctx: ServiceContext): Promise<TTrack[]> {
  const rows = await repo.findTracks(ctx.db, { userId: userIdOf(ctx) });
  return rows.map(toTrack);
}

export async function getTrack(ctx: ServiceContext, input: TIdInput): Promise<TTrack> {
  return ownTrack(ctx, input.id);
}

/** A track without audio yet; the client then posts the file with its id. */
export async function createTrack(ctx: ServiceContext, input: TCreateTrackInput): Promise<TTrack> {
  const { id } = await repo.insertTrack(ctx.db, { userId: userIdOf(ctx), name: input.name, isCustomMaster: input.isCustomMaster });
  return ownTrack(ctx, id);
}

export async function updateTrack(ctx: ServiceContext, input: TUpdateTrackInput): Promise<TTrack> {
  const { id, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const updated =
    Object.keys(changes).length > 0
      ? await repo.updateTrack(ctx.db, id, userIdOf(ctx), changes)
      : (await repo.findTracks(ctx.db, { userId: userIdOf(ctx), trackId: id }))[0];
  if (!updated) throw notFound('track');
  return ownTrack(ctx, id);
}

/**
 * Removes storage keys and prefixes after the rows are gone. A file that cannot be removed is
 * logged, not raised: the rows decide what exists, and an orphan file is only wasted space.
 */
export async function removeStoredFiles(ctx: ServiceContext, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await ctx.platform.storage.removePrefix(key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'stored file could not be removed');
    }
  }
}

/** Removes one of the caller's tracks with all its masters (rows cascade) and all its files. */
export async function removeTrackOfUser(ctx: ServiceContext, input: TIdInput): Promise<true> {
  const userId = userIdOf(ctx);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const track = await repo.lockTrack(trx, input.id, userId);
    if (!track) return null;
    // Not while a payment of one of its masters is in flight (masters.service.ts, removeMaster).
    if (await repo.hasPendingPayment(trx, { trackId: input.id })) throw new AppError('CONFLICT', 'master.paymentInProgress');
    const masters = await repo.findMasterPathsOfTrack(trx, input.id);
    await repo.deleteTrack(trx, input.id, userId);
    return { trackPath: track.path, masterPaths: masters.map((m) => m.path) };
  });
  if (!removed) throw notFound('track');
  await removeStoredFiles(ctx, [removed.trackPath, ...removed.masterPaths, trackFilesPrefix(input.id)]);
  return true;
}
