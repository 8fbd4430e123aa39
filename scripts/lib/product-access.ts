import type { Database } from '../../src/platform/db/database.js';
import { webInternalEndpoint, type Env } from '../../src/platform/env.js';
import { createInternalClient, type InternalClient } from '../../src/internal/internal-client.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Command-line tools act on the running product when its internal API answers, and on the
 * database directly when it does not. The embedded PGlite can be
 * opened by one process only, so while the product runs, asking it is the only way in.
 */
export interface ProductAccess {
  /** 'product': the running product's internal API; 'database': the same API in this process, on the database. */
  via: 'product' | 'database';
  client: InternalClient;
  close(): Promise<void>;
}

/** How long the probe waits for the product before deciding it is not running. */
const PROBE_TIMEOUT_MS = 2000;

function isConnectionRefused(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH') return true;
    if (cause instanceof Error && /ECONNREFUSED|fetch failed|aborted/i.test(cause.message)) return true;
  }
  return false;
}

/** Is a product listening on the internal port, and does it accept our secret? */
async function probeProduct(client: InternalClient): Promise<'up' | 'down'> {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    await client.auth.verify.query({ token: 'probe' }, { signal });
    return 'up';
  } catch (error) {
    if (isConnectionRefused(error) || signal.aborted) return 'down';
    // Something answers but refuses us: acting on the database behind its back would be wrong.
    throw new Error(
      `A product answers on the internal port but refused the call (${(error as Error).message}). ` +
        'Check INTERNAL_SECRET / DATA_DIR/secrets.json and INTERNAL_PORT.',
      { cause: error },
    );
  }
}

/**
 * The internal secret as the product knows it (environment, else DATA_DIR/secrets.json), without
 * generating one: with no secret anywhere, no product has ever run on this data directory.
 */
export function internalSecretOf(env: Pick<Env, 'INTERNAL_SECRET' | 'DATA_DIR'>): string | null {
  if (env.INTERNAL_SECRET) return env.INTERNAL_SECRET;
  try {
    const stored = JSON.parse(readFileSync(path.join(env.DATA_DIR, 'secrets.json'), 'utf8')) as { internalSecret?: unknown };
    return typeof stored.internalSecret === 'string' ? stored.internalSecret : null;
  } catch {
    return null;
  }
}

/** The running product's internal API, or null when no product answers. */
export async function connectToProduct(env: Env): Promise<InternalClient | null> {
  const secret = internalSecretOf(env);
  if (!secret) return null;
  const client = createInternalClient({ ...webInternalEndpoint(env), secret });
  return (await probeProduct(client)) === 'up' ? client : null;
}

/** The database opened directly and migrated (the product is not running). */
export async function openMigratedDatabase(env: Env): Promise<Database> {
  // Loaded here, not up front: a command that finds the product running (or the catalogue
  // snapshot) never needs PGlite, pg and kysely in memory (the command's peak RSS).
  const { openDatabase, databaseTargetOf } = await import('../../src/platform/db/database.js');
  const { migrateToLatest } = await import('../../src/platform/db/migrate.js');
  const db = openDatabase(databaseTargetOf(env));
  // The same migrations the product applies on start, so a tool works on a fresh data directory.
  await migrateToLatest(db);
  return db;
}

/**
 * The product's internal API in this process (the product is not running): a platform of its own
 * on the configured database and storage, closed with the access.
 */
async function openLocalProduct(env: Env): Promise<ProductAccess> {
  // Loaded here, not up front: a command that finds the product running never loads the web domain.
  const { createPlatform, closePlatform } = await import('../../src/platform/bootstrap.js');
  const { createLocalInternalClient } = await import('../../src/internal/local-internal-client.js');
  const { createLogger } = await import('../../src/platform/log.js');
  const platform = await createPlatform(env, { log: createLogger(env.LOG_LEVEL, 'admin', 2) });
  return { via: 'database', client: createLocalInternalClient(platform), close: () => closePlatform(platform) };
}

export async function openProductAccess(env: Env): Promise<ProductAccess> {
  const client = await connectToProduct(env);
  return client ? { via: 'product', client, close: async () => undefined } : openLocalProduct(env);
}
