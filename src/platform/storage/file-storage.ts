import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files by key ("tracks/<id>/original.wav"), on the local disk or in an S3-compatible bucket
 * (storage-of.ts chooses). A reader never sees half a file and a failed write leaves none: the disk
 * writes under a temporary name and renames into place; S3 makes an object visible only when its
 * (multipart) upload completes.
 */
export interface FileStorage {
  write(key: string, body: Readable): Promise<{ bytes: number }>;
  /**
   * A local temporary file to fill, then commit() stores it as `key` or discard() removes it.
   * `tag` goes into the temporary name (the disk's `<key>.<tag>.<uuid>.part`): who wrote it, so a
   * sweep can tell a live writer's file from an orphan.
   */
  stage(key: string, options?: { tag?: string }): Promise<StagedFile>;
  /** Streams a key, or the inclusive byte range of it; a missing key errors the stream (StorageKeyMissingError). */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  /** Size and last change of a key (a replaced file has a new `modifiedMs`), or null when missing. */
  stat(key: string): Promise<{ size: number; modifiedMs: number } | null>;
  /** The keys under a prefix (a folder: "tracks/<id>"), every depth. */
  list(prefix: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
  /**
   * A local, read-only copy of a key for tools that want a path (ffmpeg, the engine), held until
   * release(). The disk hands out the stored file itself; S3 downloads once into a bounded cache.
   * Rejects with StorageKeyMissingError when the key does not exist.
   */
  openLocal(key: string): Promise<LocalFile>;
}

export interface StagedFile {
  tempPath: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface LocalFile {
  path: string;
  release(): void;
}

/** The key is not stored; `code` matches the disk's so stream error handlers treat both alike. */
export class StorageKeyMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`Not in storage: ${key}`);
  }
}

/** Runs `fn` with a local path of `key` (openLocal), released afterwards whatever happens. */
export async function withLocalFile<T>(storage: FileStorage, key: string, fn: (localPath: string) => Promise<T>): Promise<T> {
  const local = await storage.openLocal(key);
  try {
    return await fn(local.path);
  } finally {
    local.release();
  }
}

/** Copies a stored key to a local file (a delivery's package, a staged copy), streaming. */
export async function copyToFile(storage: FileStorage, key: string, target: string): Promise<void> {
  await pipeline(storage.read(key), createWriteStream(target));
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys come from our own code, but a user-influenced part must never reach outside the root. */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

export function createDiskStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);
  const pathOf = (key: string) => path.join(absoluteRoot, assertSafeKey(key));

  const stage = async (key: string, options: { tag?: string } = {}): Promise<StagedFile> => {
    const finalPath = pathOf(key);
    await mkdir(path.dirname(finalPath), { recursive: true });
    const tempPath = `${finalPath}.${options.tag ? `${assertSafeKey(options.tag)}.` : ''}${randomUUID()}.part`;
    return {
      tempPath,
      commit: () => rename(tempPath, finalPath),
      discard: () => rm(tempPath, { force: true }),
    };
  };

  const statOf = async (key: string) => {
    const info = await stat(pathOf(key)).catch(() => null);
    return info?.isFile() ? { size: info.size, modifiedMs: info.mtimeMs } : null;
  };

  return {
    stage,
    async write(key, body) {
      const staged = await stage(key);
      let bytes = 0;
      body.on('data', (chunk: Buffer) => (bytes += chunk.length));
      try {
        await pipeline(body, createWriteStream(staged.tempPath));
        await staged.commit();
        return { bytes };
      } catch (error) {
        await staged.discard();
        throw error;
      }
    },
    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      return (await statOf(key))?.size ?? null;
    },
    stat: statOf,
    async list(prefix) {
      const dir = pathOf(prefix);
      const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(absoluteRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async openLocal(key) {
      const filePath = pathOf(key);
      if (!(await stat(filePath).catch(() => null))?.isFile()) throw new StorageKeyMissingError(key);
      return { path: filePath, release: () => undefined };
    },
  };
}
