import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { DatabaseTarget } from './database-target.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

// int8 (count(*), bigint columns) as JS numbers: our values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export { databaseTargetOf, type DatabaseTarget } from './database-target.js';

/** PostgreSQL when a URL is given, otherwise PGlite under `dir` (or in memory when dir is null). */
export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.dir) mkdirSync(path.dirname(path.resolve(target.dir)), { recursive: true });
  const pglite = target.dir ? new PGlite(target.dir) : new PGlite();
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
