import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database } from './database.js';

export const SQL_DIR = fileURLToPath(new URL('../../../sql/', import.meta.url));

/** Each sql/NNNN_verb_noun.sql file is one forward-only migration, run as one raw multi-statement query. */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await readFile(path.join(this.dir, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = { up: async (db) => void (await sql.raw(text).execute(db)) };
    }
    return migrations;
  }
}

/** Applies every pending migration in order, in one transaction, and records each by name. */
export async function migrateToLatest(db: Database, options: { schema?: string; dir?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(options.dir ?? SQL_DIR),
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
