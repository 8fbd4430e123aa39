import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files by key ("tracks/<id>/original.wav"). Writes go to a temporary name in the same directory
 * and are renamed into place, so a reader never sees half a file and a failed write leaves none.
 */
export interface FileStorage {
  /** Absolute path of a stored key, for ffmpeg and streaming. */
  pathOf(key: string): string;
  write(key: string, body: Readable): Promise<{ bytes: number }>;
  /** A temporary file to fill, then commit() moves it to `key` or discard() removes it. */
  stage(key: string): Promise<StagedFile>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
}

export interface StagedFile {
  tempPath: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function createDiskStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(absoluteRoot, key);
  };

  const stage = async (key: string): Promise<StagedFile> => {
    const finalPath = pathOf(key);
    await mkdir(path.dirname(finalPath), { recursive: true });
    const tempPath = `${finalPath}.${randomUUID()}.part`;
    return {
      tempPath,
      commit: () => rename(tempPath, finalPath),
      discard: () => rm(tempPath, { force: true }),
    };
  };

  return {
    pathOf,
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
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
