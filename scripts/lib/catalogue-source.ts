import { listEngineStyles, type TEngineStyle } from '../../src/modules/catalogue/index.js';
import { databaseTargetOf } from '../../src/platform/db/database-target.js';
import type { Env } from '../../src/platform/env.js';
import { readCatalogueSnapshot, writeCatalogueSnapshot } from './catalogue-snapshot.js';
import { connectToProduct, openMigratedDatabase } from './product-access.js';

export interface CatalogueResult {
  styles: TEngineStyle[];
  /**
   * 'product': the running web process answered; 'database': read directly (and migrated);
   * 'snapshot': the embedded database's snapshot, still matching its files (catalogue-snapshot.ts).
   */
  source: 'product' | 'database' | 'snapshot';
}

/**
 * The product's style catalogue for command-line tools:
 * when the web process runs, its internal API answers (so an embedded PGlite that it holds open is
 * never opened twice); otherwise the database is opened directly (DATABASE_URL or PGlite under
 * DATA_DIR/pg), migrated, read and closed (product-access.ts). For PGlite, a snapshot of what was
 * read last is used while the database files are unchanged, so the command does not boot it.
 */
export async function loadCatalogueStyles(env: Env, options: { enabledOnly: boolean } = { enabledOnly: true }): Promise<CatalogueResult> {
  const client = await connectToProduct(env);
  if (client) return { styles: await client.catalogue.engineStyles.query(options, { signal: AbortSignal.timeout(3000) }), source: 'product' };
  const target = databaseTargetOf(env);
  const pgliteDir = target.kind === 'pglite' ? target.dir : null;
  const snapshot = pgliteDir ? readCatalogueSnapshot(pgliteDir, options.enabledOnly) : null;
  if (snapshot) return { styles: snapshot, source: 'snapshot' };
  const db = await openMigratedDatabase(env);
  let styles: TEngineStyle[];
  try {
    styles = await listEngineStyles({ db }, options);
  } finally {
    await db.destroy();
  }
  // Written after the database is closed, so the fingerprint is of the files as they stay.
  if (pgliteDir) writeCatalogueSnapshot(pgliteDir, options.enabledOnly, styles);
  return { styles, source: 'database' };
}

export const styleLabel = (style: Pick<TEngineStyle, 'groupName' | 'name'>) => `${style.groupName}/${style.name}`;

/** The style named "Group/Style" (case-insensitive), or null. */
export function findStyle(styles: TEngineStyle[], label: string): TEngineStyle | null {
  const wanted = label.trim().toLowerCase();
  return styles.find((style) => styleLabel(style).toLowerCase() === wanted) ?? null;
}
