import { createBackgroundTasks } from './background-tasks.js';
import path from 'node:path';
import type { Env } from './env.js';
import type { Platform } from './context.js';
import { databaseTargetOf, openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createLogger, type Logger } from './log.js';
import { createMailer } from './mail/mailer.js';
import { agreeOnSharedSecrets, loadSecrets } from './secrets.js';
import { jobEventsOf } from './queue/job-events.js';
import { storageOf } from './storage/storage-of.js';

/** Builds the platform singletons from parsed configuration; applies pending migrations. */
export async function createPlatform(env: Env, options: { log?: Logger; db?: Database } = {}): Promise<Platform> {
  const log = options.log ?? createLogger(env.LOG_LEVEL, 'web');
  const db = options.db ?? openDatabase(databaseTargetOf(env));
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  return {
    env,
    db,
    log,
    secrets: await agreeOnSharedSecrets(db, env, loadSecrets(env)),
    storage: storageOf(env, 'web'),
    mailer: createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir: path.join(env.DATA_DIR, 'outbox'), log }),
    events: jobEventsOf(db, { url: options.db ? undefined : env.DATABASE_URL, log }),
    background: createBackgroundTasks(log),
  };
}

/** Closes what createPlatform opened: background work the last calls started finishes before the database goes. */
export async function closePlatform(platform: Platform): Promise<void> {
  await platform.background.drain();
  await platform.events.close();
  await platform.db.destroy();
}
