import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.js';
import { migrateToLatest, SQL_DIR } from '../platform/db/migrate.js';
import { PGliteDialect } from '../platform/db/pglite-dialect.js';
import type { DB } from '../platform/db/schema.js';

/**
 * A migrated PGlite data directory, made once and kept in the temporary folder for the next test
 * files and runs. A new PGlite runs initdb and then every migration: seconds of CPU for each test
 * file and each product process a test starts (tens on a loaded machine). Loading this copy skips
 * both. A changed migration or PGlite release makes a new one (templateKey).
 */

/** What the template depends on: every migration file and the PGlite release. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(readFileSync(pglitePackage));
  for (const file of readdirSync(SQL_DIR).sort()) hash.update(file).update(readFileSync(path.join(SQL_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<{ file: string; tarball: Blob }> | null = null;

/** The template as a tarball of the data directory (PGlite's dumpDataDir), and the file holding it. */
function migratedTemplate(): Promise<{ file: string; tarball: Blob }> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `masterdeck-pglite-template-${templateKey()}.tar`);
    if (existsSync(file)) return { file, tarball: new Blob([new Uint8Array(await readFile(file))]) };
    const pglite = new PGlite();
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(db);
    const tarball = await pglite.dumpDataDir('none');
    await db.destroy();
    // Test files starting side by side may each make one: whole files, moved into place.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temporary, new Uint8Array(await tarball.arrayBuffer()));
    await rename(temporary, file);
    return { file, tarball };
  })();
  return template;
}

/** An in-memory PGlite holding the migrated template. */
export async function openPgliteFromTemplate(): Promise<Database> {
  const pglite = new PGlite({ loadDataDir: (await migratedTemplate()).tarball });
  await pglite.waitReady;
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
}

/**
 * Puts the migrated template where a product process started on this data directory keeps its
 * PGlite (DATA_DIR/pg): it starts without initdb and finds no migration to run.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const { file } = await migratedTemplate();
  const target = path.join(dataDir, 'pg');
  await mkdir(target, { recursive: true });
  await promisify(execFile)('tar', ['-xf', file, '-C', target]);
}
