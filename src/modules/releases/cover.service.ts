import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { StagedFile } from '../../platform/storage/file-storage.js';
import { requireWritableAccount } from '../distribution/index.js';
import { coverProblems } from './release-rules.js';
import { coverImageOf, coverKeyOf, coverOf, coverSignature, type StoredCover } from './release-views.js';
import * as repo from './releases.repository.js';
import { COVER_VARIANT_WIDTHS, RELEASE_ERRORS, RELEASE_LIMITS, type TCoverFacts, type TCoverUploadAnswer, type TCoverVariant } from './releases.schemas.js';
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

    let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
    try {
      metadata = await sharp(original.tempPath).metadata();
    } catch {
      throw coverFormat();
    }
    if ((metadata.format !== 'jpeg' && metadata.format !== 'png') || !metadata.width || !metadata.height) throw coverFormat();
    const ext = metadata.format === 'png' ? 'png' : 'jpg';
    const facts: TCoverFacts = { format: metadata.format, width: metadata.width, height: metadata.height, space: metadata.space ?? 'unknown', bytes: received.bytes, sha256: received.sha256 };

    // The original under its real extension, then every variant as an sRGB JPEG.
    const kept = await storage.stage(coverKeyOf(input.albumId, version, 'original', ext));
    staged.push(kept);
    await rename(original.tempPath, kept.tempPath);
    for (const [name, width] of Object.entries(COVER_VARIANT_WIDTHS) as [TCoverVariant, number][]) {
      const variant = await storage.stage(coverKeyOf(input.albumId, version, name));
      staged.push(variant);
      await sharp(kept.tempPath).resize({ width, withoutEnlargement: true }).toColourspace('srgb').jpeg({ quality: 88 }).toFile(variant.tempPath);
    }

    const stored: StoredCover = { version, ext, facts };
    const previous = await ctx.db.transaction().execute(async (trx) => {
      const locked = await ownedAlbum(trx, account, input.albumId, { forUpdate: true });
      if (locked.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
      await repo.updateAlbum(trx, input.albumId, { cover: JSON.stringify(stored) });
      // Last inside the transaction: a failed move rolls the row back with it.
      for (const file of staged.slice(1)) await file.commit();
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
