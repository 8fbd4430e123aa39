import { sql } from 'kysely';
import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { masterSampleRateOf, SAMPLE_RATE } from '../../audio-core/constants.js';

/**
 * The per-user storage quota (STORAGE_QUOTA_MB): originals and masters with their downloads. A
 * master is 2.5 times its 16-bit original and every style of a track may have one, so counting
 * originals alone bounded little; the bounce is checked before it runs, the upload before its body.
 */

/**
 * Stored bytes per second of a master of a source at `sourceRate`: the stereo 24-bit WAV at the
 * master's rate (the source's own, masterSampleRateOf) + the 16-bit WAV at 44.1 kHz + 192 kbps MP3.
 */
export const masterBytesPerSecond = (sourceRate: number): number => masterSampleRateOf(sourceRate) * 2 * 3 + SAMPLE_RATE * 2 * 2 + 24000;

/** Stored bytes per second of a master of a 44.1 kHz source. */
export const MASTER_BYTES_PER_SECOND = masterBytesPerSecond(SAMPLE_RATE);

export type QuotaRefusal = 'store.upload.error.storageFull' | 'mastering.storageFull';

/** Bytes the user keeps: originals (tracks.byte_length), masters' files (masters.file_bytes) and reference tracks. */
export async function storageUsedBy(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectNoFrom([
      sql<string>`(select coalesce(sum(byte_length), 0) from tracks where user_id = ${userId})::text`.as('originals'),
      sql<string>`(select coalesce(sum(file_bytes), 0) from masters where user_id = ${userId})::text`.as('masters'),
      sql<string>`(select coalesce(sum(byte_length), 0) from reference_tracks where user_id = ${userId})::text`.as('references'),
    ])
    .executeTakeFirst();
  return Number(row?.originals ?? 0) + Number(row?.masters ?? 0) + Number(row?.references ?? 0);
}

/** Refuses with `refusal` (413) when `bytes` more would take the user over the quota. */
export async function assertStorageFor(ctx: Pick<ServiceContext, 'db' | 'platform'>, userId: string, bytes: number, refusal: QuotaRefusal): Promise<void> {
  const quota = ctx.platform.env.STORAGE_QUOTA_MB * 1024 * 1024;
  if ((await storageUsedBy(ctx.db, userId)) + bytes > quota) throw new AppError('PAYLOAD_TOO_LARGE', refusal);
}

/** Before a bounce makes a new master: its files, estimated from the original's length, must fit. */
export async function assertStorageForMaster(ctx: Pick<ServiceContext, 'db' | 'platform'>, trackId: string): Promise<void> {
  const track = await ctx.db.selectFrom('tracks').select(['user_id', 'sample_rate', 'number_of_samples']).where('id', '=', trackId).executeTakeFirst();
  if (!track?.sample_rate || track.number_of_samples === null) return;
  const seconds = Number(track.number_of_samples) / track.sample_rate;
  await assertStorageFor(ctx, track.user_id, Math.ceil(seconds * masterBytesPerSecond(track.sample_rate)), 'mastering.storageFull');
}
