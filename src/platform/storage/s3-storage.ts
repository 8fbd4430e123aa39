import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, StorageKeyMissingError, type FileStorage, type StagedFile } from './file-storage.js';
import { LocalCopies } from './local-copies.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, R2, s3rver); AWS itself without it. */
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path, not the host name: what most self-hosted servers need. */
  forcePathStyle: boolean;
  /** This process's own directory for staged writes and local copies. */
  cacheDir: string;
  cacheBytes: number;
}

/** Parts of a multipart upload, and how many are in flight: memory per write is their product. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** DeleteObjects takes at most 1000 keys a request. */
const DELETE_BATCH = 1000;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * FileStorage on an S3-compatible bucket. Writes stream as multipart uploads straight to the final
 * key: S3 shows an object only once its upload completes, so no reader sees half a file and a
 * failed upload is aborted (no temporary key to clean up). Staged files are filled locally and
 * uploaded on commit; the uploaded file then stays as the key's local copy, so the media process
 * does not download what it just wrote.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 demands them: many S3-compatible servers reject the newer default
    // (CRC32 trailers on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const copies = new LocalCopies(options.cacheDir, options.cacheBytes);

  const upload = async (key: string, body: Readable) => {
    const done = await new Upload({ client, params: { Bucket, Key: key, Body: body }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT }).done();
    return done.ETag ?? '';
  };

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const list = async (prefix: string) => {
    // ListObjects (v1) pages by the last key seen: every S3-compatible server has it, while v2's
    // opaque continuation tokens are where they differ (s3rver's need a cipher OpenSSL 3 dropped).
    const keys: string[] = [];
    let Marker: string | undefined;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: `${assertSafeKey(prefix)}/`, Marker }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      Marker = keys.at(-1);
      if (!page.IsTruncated || !Marker) return keys.sort();
    }
  };

  return {
    async write(key, body) {
      assertSafeKey(key);
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      body.on('error', (error) => counted.destroy(error));
      copies.forget(key);
      await upload(key, body.pipe(counted));
      return { bytes };
    },
    async stage(key): Promise<StagedFile> {
      assertSafeKey(key);
      const tempPath = await copies.tempPath();
      return {
        tempPath,
        async commit() {
          const { size } = await stat(tempPath);
          copies.forget(key);
          const etag = await upload(key, createReadStream(tempPath));
          await copies.adopt(key, etag, size, tempPath);
        },
        discard: () => rm(tempPath, { force: true }),
      };
    },
    read(key, range) {
      const out = new PassThrough();
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      client
        .send(new GetObjectCommand({ Bucket, Key: assertSafeKey(key), Range }))
        .then((response) => pipeline(response.Body as Readable, out))
        .catch((error: unknown) => out.destroy(isMissing(error) ? new StorageKeyMissingError(key) : (error as Error)));
      return out;
    },
    async size(key) {
      return (await head(key))?.ContentLength ?? null;
    },
    async stat(key) {
      const info = await head(key);
      return info ? { size: info.ContentLength ?? 0, modifiedMs: info.LastModified?.getTime() ?? 0 } : null;
    },
    list,
    async remove(key) {
      copies.forget(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    },
    async removePrefix(prefix) {
      const keys = await list(prefix);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        for (const key of batch) copies.forget(key);
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        if (answer.Errors?.length) throw new Error(`Could not delete ${answer.Errors.length} keys under ${prefix}: ${answer.Errors[0]?.Message ?? ''}`);
      }
    },
    async openLocal(key) {
      const info = await head(key);
      if (!info) throw new StorageKeyMissingError(key);
      // The ETag names the content: a replaced object gets a new copy, an unchanged one is reused.
      return copies.acquire(key, info.ETag ?? '', info.ContentLength ?? 0, async (target) => {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        await pipeline(response.Body as Readable, createWriteStream(target));
      });
    },
  };
}
