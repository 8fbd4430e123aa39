import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { enforceRateLimits } from '../../platform/rate-limit/rate-limit.js';
import type { StagedFile } from '../../platform/storage/file-storage.js';
import { parseWavHeader, type WavFormat } from '../../audio-core/wav-header.js';
import * as repo from './masters.repository.js';
import { MAX_UPLOAD_BYTES, type TUploadAnswer } from './masters.schemas.js';
import { assertStorageFor } from './storage-quota.js';
import { originalKeyOf, removeStoredFiles, trackFilesPrefix, userIdOf } from './tracks.service.js';
import { referenceKeyOf } from './reference-keys.js';

/**
 * Upload of an original, in two steps so that a transport can read its
 * remaining form fields in between: receiveUpload() streams the file to a temporary name while
 * its content is checked; saveUpload() creates the rows and moves the file into place in one
 * transaction. On any failure nothing remains: no row, no file.
 */

/** The header must be found within this many bytes (chunks before `data` such as artwork included). */
export const WAV_HEADER_SEARCH_LIMIT = 4 * 1024 * 1024;

export const fileTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'error.fileTooLarge');
const noWaveFile = (reason: string) => new AppError('BAD_REQUEST', 'error.noWaveFile', { detail: reason });
const unsupportedWave = (reason: string) => new AppError('BAD_REQUEST', 'error.unsupportedWave', { detail: reason });

export interface ReceivedUpload {
  userId: string;
  /** The track the file belongs to: the caller's existing one, or the id a new one will get (a reference's id, for a reference). */
  trackId: string;
  isNewTrack: boolean;
  /** A reference track (references.service.ts): stored under the user, no track made. */
  reference: boolean;
  fileName: string;
  bytes: number;
  format: WavFormat;
  staged: StagedFile;
}

/**
 * Per-user upload quotas, checked before the body is read (early and cheap): uploads per hour
 * (UPLOADS_PER_HOUR) and the bytes a user keeps, originals and masters (STORAGE_QUOTA_MB,
 * storage-quota.ts), against the declared length. saveUpload checks the received size again (a chunked body declares none).
 */
export async function checkUploadQuotas(ctx: ServiceContext, declaredBytes: number): Promise<void> {
  const userId = userIdOf(ctx);
  const { UPLOADS_PER_HOUR } = ctx.platform.env;
  try {
    await enforceRateLimits(ctx.db, [{ rule: { name: 'upload-user', max: UPLOADS_PER_HOUR, windowS: 3600 }, key: userId }]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') throw new AppError('TOO_MANY_REQUESTS', 'store.upload.error.tooManyUploads');
    throw error;
  }
  await assertStorageFor(ctx, userId, declaredBytes, 'store.upload.error.storageFull');
}

/** The track's name when the upload creates it: the file name without folders and extension. */
export function trackNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.replace(/\.[^.]*$/, '').trim();
  return (withoutExtension || base.trim() || 'Untitled').slice(0, 200);
}

async function drain(file: Readable): Promise<void> {
  if (file.readableEnded || file.destroyed) return;
  file.resume();
  await once(file, 'end').catch(() => undefined);
}

async function closeWriter(writer: WriteStream): Promise<void> {
  if (writer.closed) return;
  writer.end();
  await once(writer, 'close');
}

/**
 * Reads `file` to its end in every outcome (so the transport can still answer), writing it to a
 * staged temporary file and checking the WAV header as soon as it has arrived. Throws
 * `error.fileTooLarge`, `error.noWaveFile` or `error.unsupportedWave` (reason in `detail`), and
 * `global.error.notFound` for a trackId that is not the caller's.
 */
export async function receiveUpload(
  ctx: ServiceContext,
  input: { file: Readable; fileName: string; trackId?: string | undefined; maxBytes?: number; reference?: boolean },
): Promise<ReceivedUpload> {
  const { file } = input;
  const maxBytes = input.maxBytes ?? MAX_UPLOAD_BYTES;
  const reference = input.reference ?? false;
  let staged: StagedFile | null = null;
  let writer: WriteStream | null = null;
  const isNewTrack = !input.trackId && !reference;
  const trackId = (reference ? undefined : input.trackId) ?? randomUUID();
  try {
    const userId = userIdOf(ctx);
    if (reference && input.trackId) throw new AppError('BAD_REQUEST', 'global.error.invalidInput', { detail: 'a reference belongs to no track: send no trackId' });
    if (input.trackId) await assertTrackAwaitsAudio(ctx, userId, input.trackId);
    staged = await ctx.platform.storage.stage(reference ? referenceKeyOf(userId, trackId) : originalKeyOf(trackId));
    writer = createWriteStream(staged.tempPath);
    const writeError = once(writer, 'error').then(([error]) => Promise.reject(error as Error));
    writeError.catch(() => undefined);

    let head: Buffer = Buffer.alloc(0);
    let format: WavFormat | null = null;
    let bytes = 0;
    let refusal: AppError | null = null;
    // Never leave this loop early: that would destroy the source and stall a multipart parser.
    for await (const chunk of file as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (refusal) continue;
      if (bytes > maxBytes) {
        refusal = fileTooLarge();
        continue;
      }
      if (!format) {
        head = Buffer.concat([head, chunk]);
        const result = parseWavHeader(head);
        if (result.status === 'ok') {
          format = result.format;
          if (format.dataOffset + format.dataBytes > maxBytes) refusal = fileTooLarge();
        } else if (result.status === 'noWaveFile') refusal = noWaveFile(result.reason);
        else if (result.status === 'unsupportedWave') refusal = unsupportedWave(result.reason);
        else if (head.length > WAV_HEADER_SEARCH_LIMIT) {
          refusal = unsupportedWave(`no data chunk within the first ${WAV_HEADER_SEARCH_LIMIT} bytes`);
        }
        if (refusal) continue;
      }
      if (!writer.write(chunk)) await Promise.race([once(writer, 'drain'), writeError]);
    }
    if (refusal) throw refusal;

    // The whole file is here: the data chunk must hold every byte it declares.
    const final = parseWavHeader(head, { fileSize: bytes });
    if (final.status === 'noWaveFile') throw noWaveFile(final.reason);
    if (final.status !== 'ok') throw unsupportedWave(final.status === 'unsupportedWave' ? final.reason : 'the file ends inside its header');
    await Promise.race([closeWriter(writer), writeError]);
    return { userId, trackId, isNewTrack, reference, fileName: input.fileName, bytes, format: final.format, staged };
  } catch (error) {
    await drain(file);
    if (writer) await closeWriter(writer).catch(() => undefined);
    await discardStaged(ctx, { staged, trackId, isNewTrack });
    throw error;
  }
}

async function assertTrackAwaitsAudio(ctx: ServiceContext, userId: string, trackId: string) {
  const [track] = await repo.findTracks(ctx.db, { userId, trackId });
  if (!track) throw notFound('track');
  if (track.path !== null) throw new AppError('CONFLICT', 'error.trackHasAudio');
}

async function discardStaged(ctx: ServiceContext, upload: { staged: StagedFile | null; trackId: string; isNewTrack: boolean }) {
  await upload.staged?.discard().catch((error: unknown) => ctx.log.warn({ err: error }, 'staged upload could not be removed'));
  // A new track's folder is this upload's alone; an existing track's may hold a concurrent upload.
  if (upload.isNewTrack) await removeStoredFiles(ctx, [trackFilesPrefix(upload.trackId)]);
}

/** Frees what receiveUpload() staged, when the transport gives up before saveUpload(). */
export function discardUpload(ctx: ServiceContext, upload: ReceivedUpload): Promise<void> {
  return discardStaged(ctx, upload);
}

/**
 * Creates (or fills) the track with its audio and its unmastered master, and moves the file into
 * place, all or nothing. Answers the unmastered master's id (the client opens /masters/song/{id}).
 */
export async function saveUpload(ctx: ServiceContext, input: { upload: ReceivedUpload; isCustomMaster: boolean }): Promise<TUploadAnswer> {
  const { upload, ...options } = input;
  if (upload.reference) throw new Error('a reference upload is saved by saveReferenceUpload');
  const key = originalKeyOf(upload.trackId);
  let moved = false;
  await assertStorageFor(ctx, upload.userId, upload.bytes, 'store.upload.error.storageFull');
  try {
    const masterId = await ctx.db.transaction().execute(async (trx) => {
      if (upload.isNewTrack) {
        await repo.insertTrack(trx, {
          id: upload.trackId,
          userId: upload.userId,
          name: trackNameOf(upload.fileName),
          isCustomMaster: options.isCustomMaster,
        });
      } else {
        // The row lock makes a concurrent upload into the same track wait here and then fail below.
        const track = await repo.lockTrack(trx, upload.trackId, upload.userId);
        if (!track) throw notFound('track');
        if (track.path !== null) throw new AppError('CONFLICT', 'error.trackHasAudio');
      }
      const { format } = upload;
      const filled = await repo.setTrackAudio(
        trx,
        upload.trackId,
        {
          path: key,
          fileName: (upload.fileName.split(/[\\/]/).pop() ?? '').slice(0, 255) || 'track.wav',
          sampleRate: format.sampleRate,
          channels: format.channels,
          bitsPerSample: format.bitsPerSample,
          sampleFormat: format.sampleFormat,
          frames: format.frames,
          byteLength: upload.bytes,
          dataOffset: format.dataOffset,
          dataBytes: format.dataBytes,
        },
        { isCustomMaster: options.isCustomMaster },
      );
      if (!filled) throw new AppError('CONFLICT', 'error.trackHasAudio');
      const master = await repo.insertUnmasteredMaster(trx, upload.trackId, upload.userId);
      // Last step inside the transaction: if the move fails, the rows roll back with it.
      await upload.staged.commit();
      moved = true;
      return master.id;
    });
    return { id: masterId };
  } catch (error) {
    // Only this upload can have moved a file to `key`: the rows above admit one audio per track.
    if (moved) await removeStoredFiles(ctx, [key]);
    await discardStaged(ctx, upload);
    throw error;
  }
}
