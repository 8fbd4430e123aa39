import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './references.repository.js';
import { referenceKeyOf } from './reference-keys.js';
import { isMastered, type TIdInput, type TMasterMeasurements, type TReferenceFromMasterInput, type TReferenceTrack } from './masters.schemas.js';
import * as mastersRepo from './masters.repository.js';
import { assertStorageFor } from './storage-quota.js';
import { removeStoredFiles, userIdOf } from './tracks.service.js';
import { trackNameOf, type ReceivedUpload } from './upload.service.js';

/**
 * Reference tracks: WAVs a user masters toward. Private to their owner on every path: each use
 * case looks them up by the caller's id, so anyone else's reads as not found; none is ever shared,
 * sold or listed for others. Only its owner's player ever receives its audio (referenceAudio).
 */

type ReferenceRow = Awaited<ReturnType<typeof repo.findReferences>>[number];

const toReference = (row: ReferenceRow): TReferenceTrack => ({
  id: row.id,
  name: row.name,
  sampleRate: row.sample_rate,
  channels: row.channels,
  durationS: Math.round((Number(row.number_of_samples) / row.sample_rate) * 1000) / 1000,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The caller's reference tracks, oldest first. */
export async function listReferences(ctx: ServiceContext): Promise<TReferenceTrack[]> {
  return (await repo.findReferences(ctx.db, { userId: userIdOf(ctx) })).map(toReference);
}

/** One of the caller's reference tracks with where it is stored (for mastering toward it); anyone else's: not found. */
export async function referenceOfUser(ctx: Pick<ServiceContext, 'db'>, input: { userId: string; id: string }): Promise<TReferenceTrack & { path: string }> {
  const [row] = await repo.findReferences(ctx.db, { userId: input.userId, referenceId: input.id });
  if (!row) throw notFound('reference');
  return { ...toReference(row), path: row.path };
}

/**
 * The caller's reference track's audio, for their player to hear it beside their master; anyone
 * else's: not found. The stored WAV itself, as uploaded.
 */
export async function referenceAudio(ctx: ServiceContext, input: TIdInput): Promise<{ key: string; size: number }> {
  const [row] = await repo.findReferences(ctx.db, { userId: userIdOf(ctx), referenceId: input.id });
  const size = row ? await ctx.platform.storage.size(row.path) : null;
  if (!row || size === null) throw notFound('reference');
  return { key: row.path, size };
}

/** Removes the caller's reference track and its file; anyone else's: not found. */
export async function removeReference(ctx: ServiceContext, input: TIdInput): Promise<true> {
  const path = await repo.deleteReference(ctx.db, userIdOf(ctx), input.id);
  if (path === null) throw notFound('reference');
  await removeStoredFiles(ctx, [path]);
  return true;
}

/**
 * One of the caller's own masters as a reference track: its stored file copied into their references
 * (a reference of its own: removing the master or the reference leaves the other), named after the
 * track and style. Anyone else's master, or one without a stored file: not found. Counted by the storage quota.
 */
export async function referenceFromMaster(ctx: ServiceContext, input: TReferenceFromMasterInput): Promise<TReferenceTrack> {
  const userId = userIdOf(ctx);
  const [master] = await mastersRepo.findMasters(ctx.db, { userId, masterId: input.masterId });
  const measurements = master?.measurements as TMasterMeasurements | null | undefined;
  const bytes = master?.path ? await ctx.platform.storage.size(master.path) : null;
  if (!master?.path || !isMastered(master.status, master.style_id) || !measurements || bytes === null) throw notFound('master');
  await assertStorageFor(ctx, userId, bytes, 'store.upload.error.storageFull');
  const id = randomUUID();
  const path = referenceKeyOf(userId, id);
  await ctx.platform.storage.write(path, ctx.platform.storage.read(master.path));
  try {
    const row = await repo.insertReference(ctx.db, {
      id,
      userId,
      name: [master.track_name, [master.style_group_name, master.style_name].filter(Boolean).join(' - ')].filter(Boolean).join(' · '),
      path,
      sampleRate: measurements.sampleRate,
      channels: measurements.channels,
      frames: measurements.frames,
      byteLength: bytes,
    });
    return toReference(row);
  } catch (error) {
    await removeStoredFiles(ctx, [path]);
    throw error;
  }
}

/**
 * Saves a received reference upload (receiveUpload with `reference`): the row, then the file moved
 * into place inside the same transaction, all or nothing. Counted by the storage quota.
 */
export async function saveReferenceUpload(ctx: ServiceContext, upload: ReceivedUpload): Promise<TReferenceTrack> {
  await assertStorageFor(ctx, upload.userId, upload.bytes, 'store.upload.error.storageFull');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertReference(trx, {
      id: upload.trackId,
      userId: upload.userId,
      name: trackNameOf(upload.fileName),
      path: referenceKeyOf(upload.userId, upload.trackId),
      sampleRate: upload.format.sampleRate,
      channels: upload.format.channels,
      frames: upload.format.frames,
      byteLength: upload.bytes,
    });
    await upload.staged.commit();
    return inserted;
  });
  return toReference(row);
}
