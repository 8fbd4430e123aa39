import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import sharp, { type SharpOptions } from 'sharp';
import type { Platform, ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { enqueueJob } from '../../platform/queue/job-queue.js';
import type { JobHandler } from '../../platform/queue/job-worker.js';
import { AppError, notFound } from '../../platform/errors.js';
import { copyToFile, type StagedFile } from '../../platform/storage/file-storage.js';
import { requireWritableAccount } from '../distribution/index.js';
import { coverProblems } from './release-rules.js';
import { coverImageOf, coverKeyOf, coverOf, coverSignature, type StoredCover } from './release-views.js';
import * as repo from './releases.repository.js';
import { COVER_PROBLEMS, COVER_VARIANT_WIDTHS, RELEASE_ERRORS, RELEASE_LIMITS, type TCoverFacts, type TCoverUploadAnswer, type TCoverVariant } from './releases.schemas.js';
import { ownedAlbum } from './release-access.js';

/**
 * POST /api/distribution/albums/{id}/cover: the file streams to a
 * temporary name; below 1 MiB it is `fileTooSmall`, above 500 MB `fileTooLarge`, not JPEG or PNG
 * `coverFormat`. An image that passes is kept (without its metadata) with its facts; what stores
 * would refuse in it (colour space, shape, size) is answered as `problems` at once and listed by
 * the pre-submission check, each rule with its own message. The variants (large, medium, small,
 * thumbnail) are made off the request by a job on the queue (COVER_JOB_KIND); until they are,
 * the album shows no image. A replaced cover's files go.
 */

const fileTooSmall = () => new AppError('BAD_REQUEST', RELEASE_ERRORS.fileTooSmall);
const fileTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', RELEASE_ERRORS.fileTooLarge);
const coverFormat = () => new AppError('UNSUPPORTED_MEDIA_TYPE', RELEASE_ERRORS.coverFormat);

async function closeWriter(writer: WriteStream) {
  if (writer.closed) return;
  writer.end();
  await once(writer, 'close');
}

/** Reads the whole stream in every outcome (the transport can still answer), into `tempPath`. */
async function receive(file: Readable, tempPath: string): Promise<{ bytes: number; sha256: string; tooLarge: boolean }> {
  const writer = createWriteStream(tempPath);
  const hash = createHash('sha256');
  let bytes = 0;
  let tooLarge = false;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (tooLarge) continue;
      if (bytes > RELEASE_LIMITS.maxCoverBytes) {
        tooLarge = true;
        continue;
      }
      hash.update(chunk);
      if (!writer.write(chunk)) await once(writer, 'drain');
    }
  } finally {
    await closeWriter(writer);
  }
  return { bytes, sha256: hash.digest('hex'), tooLarge };
}

async function drain(file: Readable) {
  if (file.readableEnded || file.destroyed) return;
  file.resume();
  await once(file, 'end').catch(() => undefined);
}

/** Decoding is bounded by the largest cover the rules allow, on every use of the decoder. */
const PIXEL_LIMIT = RELEASE_LIMITS.coverMaxPx * RELEASE_LIMITS.coverMaxPx;
const decode = (file: string | Buffer, options: Omit<SharpOptions, 'limitInputPixels' | 'failOn'> = {}) => sharp(file, { ...options, limitInputPixels: PIXEL_LIMIT, failOn: 'truncated' });

let coverQueue: Promise<unknown> = Promise.resolve();
/** Runs covers one after another in this process (an upload waits for the one before it). */
function oneCoverAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = coverQueue.then(work, work);
  coverQueue = run.catch(() => undefined);
  return run;
}

/**
 * Writes the cleaned original: no metadata but the colour profile (EXIF, GPS, XMP, IPTC: where and
 * with what the picture was taken goes to no store), turned upright. Decoding it whole also finds
 * an image whose pixels are broken. Answers the cleaned file's size and hash.
 */
async function writeCleanCover(source: string, target: string, format: 'jpeg' | 'png') {
  const upright = decode(source).autoOrient().keepIccProfile();
  const info = format === 'png' ? await upright.png({ compressionLevel: 9 }).toFile(target) : await upright.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toFile(target);
  const bytes = await readFile(target);
  return { width: info.width, height: info.height, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The queue's kind for making a cover's variants. */
export const COVER_JOB_KIND = 'releases.cover-variants';

export async function uploadCover(ctx: ServiceContext, input: { albumId: number; file: Readable }): Promise<TCoverUploadAnswer> {
  const staged: StagedFile[] = [];
  const storage = ctx.platform.storage;
  let versionPrefix: string | null = null;
  try {
    const account = await requireWritableAccount(ctx);
    const album = await ownedAlbum(ctx.db, account, input.albumId);
    if (album.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
    const version = randomUUID().replace(/-/g, '').slice(0, 16);
    versionPrefix = `releases/${input.albumId}/cover/${version}`;
    const original = await storage.stage(coverKeyOf(input.albumId, version, 'original', 'img'));
    staged.push(original);
    const received = await receive(input.file, original.tempPath);
    if (received.tooLarge) throw fileTooLarge();
    if (received.bytes < RELEASE_LIMITS.minCoverBytes) throw fileTooSmall();

    // The header only (libvips reads no pixels for this): a format or a size the product refuses
    // is answered before anything is decoded, so a small file declaring a huge image costs nothing.
    let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      metadata = await sharp(original.tempPath, { limitInputPixels: false }).metadata();
    } catch {
      throw coverFormat();
    }
    if ((metadata.format !== 'jpeg' && metadata.format !== 'png') || !metadata.width || !metadata.height) throw coverFormat();
    if (metadata.width > RELEASE_LIMITS.coverMaxPx || metadata.height > RELEASE_LIMITS.coverMaxPx) throw new AppError('BAD_REQUEST', COVER_PROBLEMS.tooLarge);
    const ext = metadata.format === 'png' ? 'png' : 'jpg';

    // One cover at a time per process: decoding is the expensive part, and uploads must not crowd
    // out everything else the process serves.
    const kept = await storage.stage(coverKeyOf(input.albumId, version, 'original', ext));
    staged.push(kept);
    const written = await oneCoverAtATime(async () => {
      try {
        return await writeCleanCover(original.tempPath, kept.tempPath, metadata.format as 'jpeg' | 'png');
      } catch {
        // Intact header, broken pixels (a truncated file): the same answer as any unreadable image.
        throw new AppError('BAD_REQUEST', RELEASE_ERRORS.coverUnreadable);
      }
    });
    // The upload as received is not kept: only its cleaned copy is.
    await original.discard();
    staged.shift();
    const facts: TCoverFacts = { format: metadata.format, width: written.width, height: written.height, space: metadata.space ?? 'unknown', channels: metadata.channels, bytes: written.bytes, sha256: written.sha256 };

    const stored: StoredCover = { version, ext, facts, variantsReady: false };
    const previous = await ctx.db.transaction().execute(async (trx) => {
      const locked = await ownedAlbum(trx, account, input.albumId, { forUpdate: true });
      if (locked.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
      await repo.updateAlbum(trx, input.albumId, { cover: JSON.stringify(stored) });
      await enqueueJob(trx, { kind: COVER_JOB_KIND, payload: { albumId: input.albumId, version }, idempotencyKey: `release-cover-variants:${input.albumId}:${version}`, userId: account.userId });
      // Last inside the transaction: a failed move rolls the row back with it.
      for (const file of staged) await file.commit();
      return coverOf(locked.cover);
    });
    staged.length = 0;
    versionPrefix = null;
    if (previous && previous.version !== version) await storage.removePrefix(`releases/${input.albumId}/cover/${previous.version}`).catch(() => undefined);
    return { cover_image: coverImageOf(ctx.platform, input.albumId, stored), cover: facts, problems: coverProblems(facts).errors };
  } catch (error) {
    await drain(input.file);
    for (const file of staged) await file.discard().catch(() => undefined);
    // The version folder is this upload's alone: files moved before a failure go with it.
    if (versionPrefix) await storage.removePrefix(versionPrefix).catch(() => undefined);
    throw error;
  }
}

/**
 * Makes the variants of one cover version from its kept original, from a single decode at the
 * largest variant's size, as sRGB JPEGs. A cover replaced meanwhile needs none: nothing is made,
 * and variants made for a version replaced during the work are removed with its folder.
 */
export async function makeCoverVariants(platform: Platform, input: { albumId: number; version: string }, complete: (mark: (tx: Database) => Promise<boolean>) => Promise<boolean>): Promise<'made' | 'replaced'> {
  const { storage } = platform;
  const album = await repo.findAlbumForJob(platform.db, input.albumId);
  const cover = album ? coverOf(album.cover) : null;
  if (!cover || cover.version !== input.version) return 'replaced';
  if (cover.variantsReady) return 'made';
  const source = path.join(tmpdir(), `cover-${randomUUID()}.${cover.ext}`);
  const staged: StagedFile[] = [];
  try {
    await copyToFile(storage, coverKeyOf(input.albumId, cover.version, 'original', cover.ext), source);
    const variants: { width: number; file: StagedFile }[] = [];
    for (const [name, width] of Object.entries(COVER_VARIANT_WIDTHS) as [TCoverVariant, number][]) {
      const file = await storage.stage(coverKeyOf(input.albumId, cover.version, name));
      staged.push(file);
      variants.push({ width, file });
    }
    await oneCoverAtATime(async () => {
      const largest = Math.max(...variants.map((v) => v.width));
      const { data, info } = await decode(source).resize({ width: largest, withoutEnlargement: true }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
      for (const variant of variants) {
        await decode(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
          .resize({ width: variant.width, withoutEnlargement: true })
          .jpeg({ quality: 88 })
          .toFile(variant.file.tempPath);
      }
    });
    for (const file of staged.splice(0)) await file.commit();
    const current = await complete((tx) => repo.markCoverVariantsReady(tx, input.albumId, cover));
    if (current) return 'made';
  } finally {
    for (const file of staged) await file.discard().catch(() => undefined);
    await rm(source, { force: true });
  }
  // Replaced while the variants were made: the upload that replaced it removed the folder before they were in it.
  await storage.removePrefix(`releases/${input.albumId}/cover/${input.version}`).catch(() => undefined);
  return 'replaced';
}

/** The queue's handler for cover variants. */
export function coverJobHandlers(platform: Platform): Record<string, JobHandler> {
  return {
    [COVER_JOB_KIND]: async (job, lease) => {
      const { albumId, version } = job.payload as { albumId: number; version: string };
      await makeCoverVariants(platform, { albumId, version }, (mark) => lease.completeWith(mark));
    },
  };
}

/**
 * GET /api/distribution/albums/{id}/cover/{variant}.jpg?v=&sig=: a variant of the album's current
 * cover. The signature (handed out only to the album's owner) is the permission: an <img> sends no
 * bearer token. A wrong or old signature answers "not found".
 */
export async function coverVariantFile(ctx: ServiceContext, input: { albumId: number; variant: string; version: string; sig: string }): Promise<{ key: string }> {
  if (!(input.variant in COVER_VARIANT_WIDTHS)) throw notFound('cover');
  const expected = Buffer.from(coverSignature(ctx.platform, input.albumId, input.variant, input.version));
  const given = Buffer.from(input.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound('cover');
  const album = await repo.findAlbumForJob(ctx.db, input.albumId);
  const cover = album ? coverOf(album.cover) : null;
  if (!cover?.variantsReady || cover.version !== input.version) throw notFound('cover');
  return { key: coverKeyOf(input.albumId, cover.version, input.variant as TCoverVariant) };
}
