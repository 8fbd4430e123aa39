import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZEngineStyle, type TEngineStyle } from '../../src/modules/catalogue/index.js';

/**
 * A snapshot of the style catalogue next to an embedded (PGlite) database, so `npm run master`
 * need not boot a whole database (about 2 s and 450 MB) to read fifteen rows when the product is
 * not running. It is valid only for the exact database files it was read from: its key
 * is the newest migration and a fingerprint (count, total size, newest mtime) of every file under
 * the database directory, so any write by the product or an operator command, or a new migration,
 * makes it stale and the next run reads the database again (and writes a fresh snapshot).
 */
interface Snapshot {
  key: string;
  enabledOnly: boolean;
  styles: TEngineStyle[];
}

const SQL_DIR = fileURLToPath(new URL('../../sql/', import.meta.url));

function fingerprint(dir: string): string | null {
  let files = 0;
  let bytes = 0;
  let newest = 0;
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const info = statSync(full);
        files++;
        bytes += info.size;
        newest = Math.max(newest, info.mtimeMs);
      }
    }
  };
  try {
    walk(dir);
  } catch {
    return null;
  }
  const migration = readdirSync(SQL_DIR).filter((name) => name.endsWith('.sql')).sort().at(-1) ?? '';
  return files > 0 ? `${migration}:${files}:${bytes}:${newest}` : null;
}

const snapshotPath = (databaseDir: string) => `${databaseDir}.catalogue.json`;

/** The snapshot's styles if it matches the database files as they are now, else null. */
export function readCatalogueSnapshot(databaseDir: string, enabledOnly: boolean): TEngineStyle[] | null {
  try {
    const snapshot = JSON.parse(readFileSync(snapshotPath(databaseDir), 'utf8')) as Snapshot;
    if (snapshot.enabledOnly !== enabledOnly || snapshot.key !== fingerprint(databaseDir)) return null;
    return ZEngineStyle.array().parse(snapshot.styles);
  } catch {
    return null;
  }
}

/** Records what was just read from the (closed) database, keyed by its files. */
export function writeCatalogueSnapshot(databaseDir: string, enabledOnly: boolean, styles: TEngineStyle[]): void {
  const key = fingerprint(databaseDir);
  if (!key) return;
  const target = snapshotPath(databaseDir);
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ key, enabledOnly, styles } satisfies Snapshot));
  renameSync(temp, target);
}
