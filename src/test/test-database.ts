import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../platform/db/database.js';
import { migrateToLatest, SQL_DIR } from '../platform/db/migrate.js';
import { PGliteDialect } from '../platform/db/pglite-dialect.js';
import type { DB } from '../platform/db/schema.js';

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

/** What the migrated template depends on: every migration file and the PGlite release. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(readFileSync(pglitePackage));
  for (const file of readdirSync(SQL_DIR).sort()) hash.update(file).update(readFileSync(path.join(SQL_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | null = null;

/**
 * The data directory of a freshly migrated PGlite, made once and kept in the temporary folder for
 * the next test files and runs. A new PGlite runs initdb, then every migration: seconds of CPU per
 * test file (tens on a loaded machine); loading this copy skips both. A changed migration or
 * PGlite release makes a new one (templateKey).
 */
function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `masterdeck-pglite-template-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([new Uint8Array(await readFile(file))]);
    const pglite = new PGlite();
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    await db.destroy();
    // Test files starting side by side may each make one: whole files, moved into place.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temporary, new Uint8Array(await dump.arrayBuffer()));
    await rename(temporary, file);
    return dump;
  })();
  return template;
}

async function openPgliteFromTemplate(): Promise<Database> {
  const pglite = new PGlite({ loadDataDir: await migratedPgliteTemplate() });
  await pglite.waitReady;
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
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
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db, { schema });
  return {
    db,
    kind: 'postgres',
    schema,
    url,
    async destroy() {
      await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db);
      await db.destroy();
    },
  };
}

/** What a test file's `beforeAll` made, read inside its tests and hooks (never while they are collected). */
export function startedInBeforeAll<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The ${what} starts in beforeAll: use it inside tests and hooks`);
  return value;
}

/**
 * A migrated database for the enclosing describe block, made before its tests and destroyed after
 * them. Its fields are there once `beforeAll` has run: read them inside tests and hooks.
 */
export function useTestDatabase(): Omit<TestDatabase, 'destroy'> {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.destroy());
  const started = () => startedInBeforeAll(database, 'test database');
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
