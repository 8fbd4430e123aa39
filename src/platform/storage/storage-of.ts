import path from 'node:path';
import type { Env } from '../env.js';
import { createDiskStorage, type FileStorage } from './file-storage.js';
import { createS3Storage } from './s3-storage.js';

type StorageEnv = Pick<
  Env,
  'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'STORAGE_CACHE_MB'
>;

/**
 * The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/storage. `role`
 * names the process ("web", "media"): each keeps its staged files and local copies in its own
 * directory, which it empties at start.
 */
export function storageOf(env: StorageEnv, role: string): FileStorage {
  if (!env.S3_BUCKET) return createDiskStorage(path.join(env.DATA_DIR, 'storage'));
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    cacheDir: path.join(env.DATA_DIR, 'storage-cache', role),
    cacheBytes: env.STORAGE_CACHE_MB * 1024 * 1024,
  });
}
