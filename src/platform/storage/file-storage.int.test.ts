import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, startTestS3 } from '../../test/s3-server.js';
import { createDiskStorage, withLocalFile, type FileStorage } from './file-storage.js';
import { createS3Storage } from './s3-storage.js';

type Driver = { storage: FileStorage; close(): Promise<void> };

const drivers: [string, () => Promise<Driver>][] = [
  [
    'disk',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'masterdeck-storage-'));
      return { storage: createDiskStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startTestS3();
      const dir = await mkdtemp(path.join(tmpdir(), 'masterdeck-storage-cache-'));
      await createTestBucket(s3, 'contract');
      const storage = createS3Storage({
        bucket: 'contract',
        region: s3.region,
        endpoint: s3.endpoint,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
        cacheDir: dir,
        cacheBytes: 1024 * 1024,
      });
      return {
        storage,
        async close() {
          await s3.stop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

/** A body that trickles out in pieces and then fails, as a client that hangs up mid-upload. */
function failingBody(pieces: Buffer[]): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent < pieces.length) this.push(pieces[sent++]);
      else this.destroy(new Error('client hung up'));
    },
  });
}

describe.each(drivers)('file storage on %s', (_name, open) => {
  let driver: Driver;
  let storage: FileStorage;
  beforeAll(async () => {
    driver = await open();
    storage = driver.storage;
  });
  afterAll(() => driver.close());
  const folder = () => `t/${randomUUID()}`;

  it('when a file is written, then it reads back whole, by range, and its size is known', async () => {
    const key = `${folder()}/a.bin`;
    // Larger than one multipart part (8 MiB), so S3 writes it as a real multipart upload.
    const bytes = randomBytes(9 * 1024 * 1024);
    const chunks = Array.from({ length: 9 }, (_, i) => bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    expect(await storage.write(key, Readable.from(chunks))).toEqual({ bytes: bytes.length });
    expect((await buffer(storage.read(key))).equals(bytes)).toBe(true);
    expect((await buffer(storage.read(key, { start: 100, end: 199 }))).equals(bytes.subarray(100, 200))).toBe(true);
    expect(await storage.size(key)).toBe(bytes.length);
    expect((await storage.stat(key))?.size).toBe(bytes.length);
  }, 30_000);

  it('when a key is missing, then size and stat answer null and read and openLocal fail with ENOENT', async () => {
    const key = `${folder()}/missing.wav`;
    expect(await storage.size(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    await expect(buffer(storage.read(key))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.openLocal(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('when a file is removed or its folder is, then it is gone and its neighbours stay', async () => {
    const base = folder();
    for (const name of ['x/1.txt', 'x/deep/2.txt', 'y/3.txt']) await storage.write(`${base}/${name}`, Readable.from([Buffer.from(name)]));
    await storage.write(`${base}x/4.txt`, Readable.from([Buffer.from('a neighbour sharing the prefix text')]));
    expect(await storage.list(`${base}/x`)).toEqual([`${base}/x/1.txt`, `${base}/x/deep/2.txt`]);
    await storage.removePrefix(`${base}/x`);
    expect(await storage.list(base)).toEqual([`${base}/y/3.txt`]);
    expect(await storage.size(`${base}x/4.txt`)).not.toBeNull();
    await storage.remove(`${base}/y/3.txt`);
    expect(await storage.list(base)).toEqual([]);
    await storage.remove(`${base}/y/3.txt`);
  });

  it('when a folder holds more keys than one delete batch, then removePrefix removes them all', async () => {
    const base = folder();
    for (let i = 0; i < 1005; i += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, j) => i + j).filter((n) => n < 1005).map((n) => storage.write(`${base}/${n}.txt`, Readable.from([Buffer.from('x')]))));
    }
    expect(await storage.list(base)).toHaveLength(1005);
    await storage.removePrefix(base);
    expect(await storage.list(base)).toEqual([]);
  }, 60_000);

  it('when a staged file is committed, then it is stored; until then, and after a discard, nothing is', async () => {
    const key = `${folder()}/staged.wav`;
    const staged = await storage.stage(key);
    await writeFile(staged.tempPath, 'first half');
    expect(await storage.size(key)).toBeNull();
    await writeFile(staged.tempPath, 'the whole file');
    await staged.commit();
    expect((await buffer(storage.read(key))).toString()).toBe('the whole file');

    const other = `${folder()}/discarded.wav`;
    const dropped = await storage.stage(other);
    await writeFile(dropped.tempPath, 'never stored');
    await dropped.discard();
    expect(await storage.size(other)).toBeNull();
    expect(await storage.list(path.posix.dirname(other))).toEqual([]);
  });

  it('when a staged file carries a tag, then any half-written file the store shows is named with it (a sweep tells whose it is)', async () => {
    const key = `${folder()}/tagged.wav`;
    const staged = await storage.stage(key, { tag: 'lease-0123' });
    await writeFile(staged.tempPath, 'half');
    const during = await storage.list(path.posix.dirname(key));
    expect(during.every((listed) => listed.includes('.lease-0123.') && listed.endsWith('.part'))).toBe(true);
    await staged.commit();
    expect(await storage.list(path.posix.dirname(key))).toEqual([key]);
  });

  it('when a write fails half-way, then no file (not even half of one) is visible and the previous one stays', async () => {
    const key = `${folder()}/upload.wav`;
    await storage.write(key, Readable.from([Buffer.from('previous')]));
    const piece = Buffer.alloc(5 * 1024 * 1024, 1);
    await expect(storage.write(key, failingBody([piece, piece]))).rejects.toThrow();
    expect((await buffer(storage.read(key))).toString()).toBe('previous');
    expect(await storage.list(path.posix.dirname(key))).toEqual([key]);
    const fresh = `${folder()}/fresh.wav`;
    await expect(storage.write(fresh, failingBody([piece]))).rejects.toThrow();
    expect(await storage.size(fresh)).toBeNull();
  }, 30_000);

  it('when a local copy is asked for, then it holds the content, and a replaced file gives the new content', async () => {
    const key = `${folder()}/local.wav`;
    await storage.write(key, Readable.from([Buffer.from('version one')]));
    expect(await withLocalFile(storage, key, (file) => readFile(file, 'utf8'))).toBe('version one');
    const staged = await storage.stage(key);
    await writeFile(staged.tempPath, 'version two');
    await staged.commit();
    expect(await withLocalFile(storage, key, (file) => readFile(file, 'utf8'))).toBe('version two');
    await storage.write(key, Readable.from([Buffer.from('version three')]));
    expect(await withLocalFile(storage, key, (file) => readFile(file, 'utf8'))).toBe('version three');
  });

  it('when a key could leave the storage root, then every operation refuses it', async () => {
    for (const key of ['../etc/passwd', '/abs/path', 'a/../../b', 'a//b', '', 'a/.hidden/../x', 'sp ace']) {
      expect(() => storage.read(key)).toThrow(/Unsafe storage key/);
      await expect(storage.write(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.stage(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.size(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.removePrefix(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.openLocal(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});
