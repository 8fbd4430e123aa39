import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import sharp, { type SharpOptions } from 'sharp';
import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { StagedFile } from '../../platform/storage/file-storage.js';
import { requireWritableAccount } from '../distribution/index.js';
import { coverProblems } from './release-rules.js';
import { coverImageOf, coverKeyOf, coverOf, coverSignature, type StoredCover } from './release-views.js';
import * as repo from './releases.repository.js';
import { COVER_PROBLEMS, COVER_VARIANT_WIDTHS, RELEASE_ERRORS, RELEASE_LIMITS, type TCoverFacts, type TCoverUploadAnswer, type TCoverVariant } from './releases.schemas.js';
import { ownedAlbum } from './release-access.js';

/**
 * POST /api/distribution/albums/{id}/cover: the file streams to a
 * temporary name; below 1 MiB it is `fileTooSmall`, above 500 MB `fileTooLarge`, not JPEG or PNG
 * `coverFormat`. An image that passes is kept with its variants (large, medium, small, thumbnail)
 * and its facts; what stores would refuse in it (colour space, shape, size) is answered as
 * `problems` at once and listed by the pre-submission check, each rule with its own message.
 * The original and the variants are written to temporary names and moved into place only when all
 * are made; any failure removes them, and a replaced cover's files go.
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
 * Writes the cleaned original (no metadata but the colour profile, upright) and the variants from
 * a single decode at the largest variant's size. Answers the cleaned original's size and hash.
 */
async function writeCleanCover(source: string, target: string, format: 'jpeg' | 'png', variants: { width: number; file: StagedFile }[]) {
  const upright = decode(source).autoOrient().keepIccProfile();
  const info = format === 'png' ? await upright.png({ compressionLevel: 9 }).toFile(target) : await upright.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toFile(target);
  const largest = Math.max(...variants.map((v) => v.width));
  const { data, info: raw } = await decode(target).resize({ width: largest, withoutEnlargement: true }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (const variant of variants) {
    await decode(data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
      .resize({ width: variant.width, withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toFile(variant.file.tempPath);
  }
  const bytes = await readFile(target);
  return { width: info.width, height: info.height, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

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

    // The kept original is written again without its metadata (EXIF, GPS, XMP, IPTC: where and with
    // what the picture was taken goes to no store), turned upright, its colour profile kept; the
    // variants come from one decode of it. One cover at a time per process: decoding is the
    // expensive part, and uploads must not crowd out everything else the process serves.
    const kept = await storage.stage(coverKeyOf(input.albumId, version, 'original', ext));
    staged.push(kept);
    const variants: { name: TCoverVariant; width: number; file: StagedFile }[] = [];
    for (const [name, width] of Object.entries(COVER_VARIANT_WIDTHS) as [TCoverVariant, number][]) {
      const file = await storage.stage(coverKeyOf(input.albumId, version, name));
      staged.push(file);
      variants.push({ name, width, file });
    }
    const written = await oneCoverAtATime(async () => {
      try {
        return await writeCleanCover(original.tempPath, kept.tempPath, metadata.format as 'jpeg' | 'png', variants);
      } catch {
        // Intact header, broken pixels (a truncated file): the same answer as any unreadable image.
        throw new AppError('BAD_REQUEST', RELEASE_ERRORS.coverUnreadable);
      }
    });
    // The upload as received is not kept: only its cleaned copy is.
    await original.discard();
    staged.shift();
    const facts: TCoverFacts = { format: metadata.format, width: written.width, height: written.height, space: metadata.space ?? 'unknown', channels: metadata.channels, bytes: written.bytes, sha256: written.sha256 };

    const stored: StoredCover = { version, ext, facts };
    const previous = await ctx.db.transaction().execute(async (trx) => {
      const locked = await ownedAlbum(trx, account, input.albumId, { forUpdate: true });
      if (locked.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
      await repo.updateAlbum(trx, input.albumId, { cover: JSON.stringify(stored) });
      // Last inside the transaction: a failed move rolls the row back with it.
      for (const file of staged) await file.commit();
      return coverOf(locked.cover);
    });
    staged.length = 0;
    versionPrefix = null;
    if (previous && previous.version !== version) await storage.removePrefix(`releases/${input.albumId}/cover/${previous.version}`).catch(() => undefined);
    return { cover_image: coverImageOf(ctx.platform, input.albumId, stored)!, cover: facts, problems: coverProblems(facts).errors };
  } catch (error) {
    await drain(input.file);
    for (const file of staged) await file.discard().catch(() => undefined);
    // The version folder is this upload's alone: files moved before a failure go with it.
    if (versionPrefix) await storage.removePrefix(versionPrefix).catch(() => undefined);
    throw error;
  }
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
  if (!cover || cover.version !== input.version) throw notFound('cover');
  return { key: coverKeyOf(input.albumId, cover.version, input.variant as TCoverVariant) };
}
