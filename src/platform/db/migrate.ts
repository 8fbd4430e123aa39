import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database } from './database.js';

export const SQL_DIR = fileURLToPath(new URL('../../../sql/', import.meta.url));

/** Each sql/NNNN_verb_noun.sql file is one forward-only migration, run as one raw multi-statement query. */
async function sqlFileMigrations(dir: string): Promise<Record<string, Migration>> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  const migrations: Record<string, Migration> = {};
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    migrations[file.replace(/\.sql$/, '')] = { up: async (db) => void (await sql.raw(text).execute(db)) };
  }
  return migrations;
}

/** The migrations the database has recorded as run, or null when it has no record yet (a new database). */
async function recordedMigrations(db: Database, schema: string | undefined): Promise<Set<string> | null> {
  const table = schema ? `${schema}.kysely_migration` : 'kysely_migration';
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
  if (!rows[0]?.found) return null;
  const recorded = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
  return new Set(recorded.rows.map((row) => row.name));
}

/**
 * Applies every pending migration in order, in one transaction, and records each by name. A
 * database that has recorded exactly the migrations there are is left alone without Kysely's
 * migrator, whose table checks and lock took a second of every start on PGlite.
 */
export async function migrateToLatest(db: Database, options: { schema?: string; dir?: string } = {}): Promise<string[]> {
  const migrations = await sqlFileMigrations(options.dir ?? SQL_DIR);
  const recorded = await recordedMigrations(db, options.schema);
  const names = Object.keys(migrations);
  if (recorded && recorded.size === names.length && names.every((name) => recorded.has(name))) return [];
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };
  const migrator = new Migrator({
    db,
    provider,
    // Kysely's bookkeeping tables live in the schema the migrations create tables in.
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
