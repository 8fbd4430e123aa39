import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types; only its constructor, run() and close() are used here.
import S3rver from 's3rver';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

/** What the product needs to reach the test server (env variables, S3_BUCKET set per platform). */
export interface TestS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** s3rver's fixed development credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * The S3-compatible server integration tests store files on, when TEST_S3_ENDPOINT names one
 * (credentials TEST_S3_ACCESS_KEY_ID / TEST_S3_SECRET_ACCESS_KEY, default s3rver's); else null.
 */
export function testS3FromEnv(env: NodeJS.ProcessEnv = process.env): TestS3 | null {
  if (!env.TEST_S3_ENDPOINT) return null;
  return {
    endpoint: env.TEST_S3_ENDPOINT,
    region: 'us-east-1',
    accessKeyId: env.TEST_S3_ACCESS_KEY_ID ?? CREDENTIALS.accessKeyId,
    secretAccessKey: env.TEST_S3_SECRET_ACCESS_KEY ?? CREDENTIALS.secretAccessKey,
  };
}

/** An S3-compatible server on a free loopback port over a temporary directory, removed by stop(). */
export async function startTestS3(): Promise<TestS3 & { stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'masterdeck-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true }) as S3rverInstance;
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    ...CREDENTIALS,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A new, empty bucket: each test platform gets its own, as each gets its own data directory. */
export async function createTestBucket(s3: TestS3, name: string): Promise<void> {
  const client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
}

/** The S3_* variables that point the product at a bucket of the test server. */
export function s3EnvOf(s3: TestS3, bucket: string): Record<string, string> {
  return { S3_BUCKET: bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };
}
