import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { serviceContextOf, type Actor, type Locale, type Platform, type ServiceContext } from '../platform/context.js';
import { parseEnv } from '../platform/env.js';
import { createMailer } from '../platform/mail/mailer.js';
import { createDiskStorage } from '../platform/storage/file-storage.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestPlatform extends Platform {
  database: TestDatabase;
  dataDir: string;
  outboxDir: string;
  contextFor(actor: Actor | null, locale?: Locale): ServiceContext;
  close(): Promise<void>;
}

/** A whole platform for integration tests: migrated database, temporary storage, fixed secrets. */
export async function createTestPlatform(envOverrides: Record<string, string> = {}): Promise<TestPlatform> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-test-'));
  // Tests speak from many client IPs through X-Forwarded-For, as behind a reverse proxy on loopback.
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', ...envOverrides });
  const database = await createTestDatabase();
  const log = pino({ level: 'silent' });
  const platform: Platform = {
    env,
    db: database.db,
    log,
    secrets: { jwtSecret: 'test-jwt-secret-0123456789abcdef0123456789', internalSecret: 'test-internal-secret-0123456789abcdef012345' },
    storage: createDiskStorage(path.join(dataDir, 'storage')),
    // The outbox inside the test's data directory: tests read the mails they caused (outboxDir below).
    mailer: createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), log }),
  };
  return {
    ...platform,
    database,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    contextFor: (actor, locale = 'en') => serviceContextOf(platform, actor, locale),
    async close() {
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
