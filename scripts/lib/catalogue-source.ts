import { listEngineStyles, type TEngineStyle } from '../../src/modules/catalogue/index.js';
import type { Env } from '../../src/platform/env.js';
import { openProductAccess, withProduct } from './product-access.js';

export interface CatalogueResult {
  styles: TEngineStyle[];
  /** 'product': the running web process answered; 'database': read directly (and migrated). */
  source: 'product' | 'database';
}

/**
 * The product's style catalogue for command-line tools (decisions.md, "A command-line entry"):
 * when the web process runs, its internal API answers (so an embedded PGlite that it holds open is
 * never opened twice); otherwise the database is opened directly (DATABASE_URL or PGlite under
 * DATA_DIR/pg), migrated, read and closed (product-access.ts).
 */
export async function loadCatalogueStyles(env: Env, options: { enabledOnly: boolean } = { enabledOnly: true }): Promise<CatalogueResult> {
  const access = await openProductAccess(env);
  try {
    const styles = await withProduct(
      access,
      (client) => client.catalogue.engineStyles.query(options, { signal: AbortSignal.timeout(3000) }),
      (db) => listEngineStyles({ db }, options),
    );
    return { styles, source: access.kind };
  } finally {
    await access.close();
  }
}

export const styleLabel = (style: Pick<TEngineStyle, 'groupName' | 'name'>) => `${style.groupName}/${style.name}`;

/** The style named "Group/Style" (case-insensitive), or null. */
export function findStyle(styles: TEngineStyle[], label: string): TEngineStyle | null {
  const wanted = label.trim().toLowerCase();
  return styles.find((style) => styleLabel(style).toLowerCase() === wanted) ?? null;
}
