import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../platform/access-token.js';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { coverImage, createDistributor, runCoverJobs } from '../../test/release-factories.js';
import { COVER_JOB_KIND } from './cover.service.js';
import { coverSignature } from './release-views.js';
import { useTestApp } from '../../test/test-app.js';

/** CRC-32 of a PNG chunk's type and data (ISO/IEC 15948, annex D). */
function crc32(bytes: Buffer) {
  let crc = -1;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ -1) >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 1.1 MB PNG whose header declares 16383 x 16383 RGB pixels (805 MB decoded). Its pixel data is
 * not valid deflate: a product that decoded it would answer "unreadable", one that reads the
 * header first answers "too large" without decoding.
 */
function declaredBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16383, 0);
  header.writeUInt32BE(16383, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.alloc(1_150_000, 0x5a)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('cover upload: the header is read before anything is decoded, and the kept cover carries no metadata', () => {
  const suite = useTestApp();

  async function upload(bytes: Buffer, name: string) {
    const account = await createDistributor(suite.platform);
    const { albumId } = await account.caller.releases.start();
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, account.userId).token}`, 'accept-language': 'de' },
      body: form,
    });
    const cover = (await suite.platform.db.selectFrom('distribution_albums').select('cover').where('id', '=', albumId).executeTakeFirstOrThrow()).cover;
    return { status: response.status, body: (await response.json()) as { message?: string; cover?: { sha256: string; width: number; height: number } }, albumId, userId: account.userId, cover, files: await suite.platform.storage.list(`releases/${albumId}`) };
  }

  it('when a 1.1 MB PNG declares 16383 x 16383 pixels, then it is refused as too large from its header, undecoded, and nothing is kept', async () => {
    const bomb = declaredBomb();
    expect(bomb.length).toBeGreaterThan(1_048_576);
    const answer = await upload(bomb, 'bomb.png');
    expect([answer.status, answer.body.message]).toEqual([400, 'release.check.coverTooLarge']);
    expect(answer.cover).toBeNull();
    expect(answer.files).toEqual([]);
  });

  it('when a PNG is cut off in its pixel data, then it is refused as unreadable (not a server error) and nothing is kept', async () => {
    const whole = await coverImage({ width: 1500, format: 'png' });
    const truncated = whole.subarray(0, Math.max(1_100_000, Math.floor(whole.length * 0.6)));
    expect(truncated.length).toBeLessThan(whole.length);
    const answer = await upload(truncated, 'cut.png');
    expect([answer.status, answer.body.message]).toEqual([400, 'store.upload.error.coverUnreadable']);
    expect(answer.cover).toBeNull();
    expect(answer.files).toEqual([]);
  });

  it('when a JPEG carries EXIF with a GPS position, then the kept original has none of it, keeps its pixels, and its facts hash the kept file', async () => {
    const pixels = await sharp(await coverImage({ width: 1500 })).raw().toBuffer({ resolveWithObject: true });
    const tagged = await sharp(pixels.data, { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } })
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 9', Artist: 'Private Person' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 36/1' } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneCo');
    const answer = await upload(tagged, 'photo.jpg');
    expect(answer.status).toBe(200);
    const original = answer.files.find((key) => /original\.jpg$/.test(key))!;
    const kept = await buffer(suite.platform.storage.read(original));
    const after = await sharp(kept).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(kept.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect([after.width, after.height]).toEqual([1500, 1500]);
    const { createHash } = await import('node:crypto');
    expect(answer.body.cover?.sha256).toBe(createHash('sha256').update(kept).digest('hex'));
    // The original alone, nothing else (no upload left under a temporary name): the variants come from a job.
    expect(answer.files.map((key) => key.split('/').pop())).toEqual(['original.jpg']);
  });

  it('when a cover is uploaded, then the answer comes before any variant is made; the queued job makes them once, and only then are they shown and served', async () => {
    // The jobs of the covers before this one, out of the way.
    await runCoverJobs(suite.platform);
    const answer = await upload(await coverImage({ width: 1500 }), 'cover.jpg');
    expect(answer.status).toBe(200);
    const albumId = answer.albumId;
    const { version } = answer.cover as { version: string };
    const variantUrl = (variant: string) => `${suite.app.base}/api/distribution/albums/${albumId}/cover/${variant}.jpg?v=${version}&sig=${coverSignature(suite.platform, albumId, variant, version)}`;
    // Until the job ran: no image in the answer or the album, and a signed variant URL finds nothing.
    expect((answer.body as { cover_image: unknown }).cover_image).toBeNull();
    expect(answer.files.map((key) => key.split('/').pop())).toEqual(['original.jpg']);
    expect((await fetch(variantUrl('large'))).status).toBe(404);
    const jobs = await suite.platform.db.selectFrom('jobs').select(['kind', 'payload', 'state']).where('kind', '=', COVER_JOB_KIND).execute();
    expect(jobs.filter((job) => (job.payload as { albumId: number }).albumId === albumId)).toEqual([{ kind: COVER_JOB_KIND, payload: { albumId, version }, state: 'queued' }]);

    expect(await runCoverJobs(suite.platform)).toBe(1);
    const files = await suite.platform.storage.list(`releases/${albumId}`);
    expect(files.map((key) => key.split('/').pop()).sort()).toEqual(['large.jpg', 'medium.jpg', 'original.jpg', 'small.jpg', 'thumbnail.jpg']);
    for (const [variant, width] of [['large', 1400], ['medium', 600], ['small', 300], ['thumbnail', 100]] as const) {
      const served = await fetch(variantUrl(variant));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([metadata.width, metadata.height, metadata.space]).toEqual([width, width, 'srgb']);
    }
    const caller = createCallerFactory(appRouter)(suite.platform.contextFor({ userId: answer.userId }));
    expect((await caller.releases.draft())?.cover_image?.thumbnail.url).toBe(variantUrl('thumbnail').slice(suite.app.base.length));
    // Made once: nothing is left to run.
    expect(await runCoverJobs(suite.platform)).toBe(0);
  });

  it('when a cover is replaced before its variants are made, then its job makes none and leaves nothing behind; the new cover gets its own', async () => {
    await runCoverJobs(suite.platform);
    const first = await upload(await coverImage({ width: 1500 }), 'first.jpg');
    const caller = createCallerFactory(appRouter)(suite.platform.contextFor({ userId: first.userId }));
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 1600, format: 'png' }))]), 'second.png');
    const second = await fetch(`${suite.app.base}/api/distribution/albums/${first.albumId}/cover`, { method: 'POST', headers: { authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, first.userId).token}` }, body: form });
    expect(second.status).toBe(200);
    expect(await runCoverJobs(suite.platform)).toBe(2);
    const files = await suite.platform.storage.list(`releases/${first.albumId}`);
    const version = ((await caller.releases.draft())?.cover_image?.large.url.match(/v=([0-9a-f]+)/) ?? [])[1];
    expect(version).toBeDefined();
    expect(new Set(files.map((key) => key.split('/')[3]))).toEqual(new Set([version]));
    expect(files.map((key) => key.split('/').pop()).sort()).toEqual(['large.jpg', 'medium.jpg', 'original.png', 'small.jpg', 'thumbnail.jpg']);
  });
});

