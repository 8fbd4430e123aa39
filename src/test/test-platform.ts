import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createBackgroundTasks } from '../platform/background-tasks.js';
import { serviceContextOf, type Actor, type Locale, type Platform, type ServiceContext } from '../platform/context.js';
import { parseEnv } from '../platform/env.js';
import { createMailer } from '../platform/mail/mailer.js';
import { jobEventsOf } from '../platform/queue/job-events.js';
import { storageOf } from '../platform/storage/storage-of.js';
import { createTestBucket, s3EnvOf, testS3FromEnv } from './s3-server.js';
import { createTestDatabase, startedForBlock, type TestDatabase } from './test-database.js';

export interface TestPlatform extends Platform {
  database: TestDatabase;
  dataDir: string;
  outboxDir: string;
  /** The S3_* variables of this platform's bucket (empty on the disk): a media process started for it needs them. */
  storageEnv: Record<string, string>;
  contextFor(actor: Actor | null, locale?: Locale): ServiceContext;
  close(): Promise<void>;
}

/**
 * The S3_* variables of a fresh bucket when tests run on S3 (TEST_S3_ENDPOINT), else none: the
 * storage of a test's data directory (storageOf) is then its own bucket or its own folder.
 */
export async function createTestStorageEnv(): Promise<Record<string, string>> {
  const s3 = testS3FromEnv();
  if (!s3) return {};
  const bucket = `test-${randomUUID()}`;
  await createTestBucket(s3, bucket);
  return s3EnvOf(s3, bucket);
}

/**
 * A whole platform for integration tests: migrated database, temporary storage, fixed secrets.
 * Storage is a temporary directory, or with TEST_S3_ENDPOINT a fresh bucket on that S3-compatible
 * server (the integration-s3 project starts one), so the same tests prove both drivers.
 */
export async function createTestPlatform(envOverrides: Record<string, string> = {}): Promise<TestPlatform> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-test-'));
  const storageEnv = await createTestStorageEnv();
  // Tests speak from many client IPs through X-Forwarded-For, as behind a reverse proxy on loopback.
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', ...storageEnv, ...envOverrides });
  const database = await createTestDatabase();
  const log = pino({ level: 'silent' });
  const platform: Platform = {
    env,
    db: database.db,
    log,
    secrets: { jwtSecret: 'test-jwt-secret-0123456789abcdef0123456789', internalSecret: 'test-internal-secret-0123456789abcdef012345' },
    storage: storageOf(env, 'web'),
    // The outbox inside the test's data directory: tests read the mails they caused (outboxDir below).
    mailer: createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), log }),
    // On PostgreSQL a channel per test file's schema: files running side by side hear only their own jobs.
    events: jobEventsOf(database.db, { url: database.url, channel: `job_events_${database.schema ?? ''}`, log }),
    background: createBackgroundTasks(log),
  };
  return {
    ...platform,
    database,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    storageEnv,
    contextFor: (actor, locale = 'en') => serviceContextOf(platform, actor, locale),
    async close() {
      // Mails and the like a test's requests started finish before their directory goes.
      await platform.background.drain();
      await platform.events.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test platform for the enclosing describe block: made before its tests, closed after them. */
export function useTestPlatform(envOverrides: Record<string, string> = {}) {
  const started = startedForBlock('test platform', () => createTestPlatform(envOverrides), (platform) => platform.close());
  return {
    get platform() {
      return started();
    },
  };
}
