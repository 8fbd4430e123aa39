import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import type { DB } from '../platform/db/schema.js';
import { openPgliteFromTemplate } from './pglite-template.js';

export interface TestDatabase {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL schema this test's tables live in (PGlite: none). */
  schema?: string;
  /** The PostgreSQL server's URL (PGlite: none). */
  url?: string;
  destroy(): Promise<void>;
}

let containerUrl: Promise<string> | null = null;

/** testcontainers only when a Docker engine answers; imported lazily so machines without one never load it. */
async function dockerPostgresUrl(): Promise<string | null> {
  if (!existsSync('/var/run/docker.sock') && !process.env.DOCKER_HOST) return null;
  containerUrl ??= (async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'test', POSTGRES_DB: 'test' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start();
    return `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/test`;
  })();
  return containerUrl.catch(() => null);
}

/** Any number: the advisory lock that test files running side by side take to change their schemas. */
const SCHEMA_CHANGE_LOCK = 0x6d64_7368;

/**
 * Runs `change` on a connection of its own while no other test file creates, migrates or drops a
 * schema: Kysely's migrator reads every schema's tables, and a schema dropped during that read fails
 * it ("schema ... does not exist").
 */
async function whileSchemasHold<T>(url: string, change: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return await change(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A freshly migrated database for one test file: PostgreSQL from TEST_DATABASE_URL (each file in a
 * schema of its own, dropped afterwards), else a Docker PostgreSQL, else an in-memory PGlite loaded
 * from the migrated template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL ?? (await dockerPostgresUrl());
  if (!url) {
    const db = await openPgliteFromTemplate();
    return { db, kind: 'pglite', destroy: () => db.destroy() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await whileSchemasHold(url, async (admin) => {
    await admin.query(`CREATE SCHEMA ${schema}`);
    await migrateToLatest(db, { schema });
  });
  return {
    db,
    kind: 'postgres',
    schema,
    url,
    async destroy() {
      await db.destroy();
      await whileSchemasHold(url, (admin) => admin.query(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}

/** What a test file's `beforeAll` made, read inside its tests and hooks (never while they are collected). */
export function startedInBeforeAll<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The ${what} starts in beforeAll: use it inside tests and hooks`);
  return value;
}

/**
 * Something the enclosing describe block starts before its tests and closes after them; the answer
 * reads it inside tests and hooks.
 */
export function startedForBlock<T>(what: string, start: () => Promise<T>, close: (value: T) => Promise<unknown>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value !== undefined) await close(value);
  });
  return () => startedInBeforeAll(value, what);
}

/**
 * A migrated database for the enclosing describe block, made before its tests and destroyed after
 * them. Its fields are there once `beforeAll` has run: read them inside tests and hooks.
 */
export function useTestDatabase(): Omit<TestDatabase, 'destroy'> {
  const started = startedForBlock('test database', createTestDatabase, (database) => database.destroy());
  return {
    get db() {
      return started().db;
    },
    get kind() {
      return started().kind;
    },
    get schema() {
      return started().schema;
    },
    get url() {
      return started().url;
    },
  };
}

/** What a concurrency test says when it ran on PGlite: its race was no race there. */
export const ONE_CONNECTION_NOTICE = 'ran on one connection: row locks not exercised; set TEST_DATABASE_URL';

/**
 * For the tests whose point is concurrency (pay races, the share limit, invoice numbers, upload
 * races): on PGlite every query waits for the one connection, so the row locks they prove are never
 * contended. Such a test still passes there; this puts a notice in the output saying so. CI runs
 * them on PostgreSQL (TEST_DATABASE_URL in .ci/run), where they are real.
 */
export function noticeIfOneConnection(database: Pick<TestDatabase, 'kind'>, testName: string): void {
  if (database.kind === 'pglite') console.info(`${testName}: ${ONE_CONNECTION_NOTICE}`);
}
