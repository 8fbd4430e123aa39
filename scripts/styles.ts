import { parseEnv } from '../src/platform/env.js';
import { loadCatalogueStyles, styleLabel } from './lib/catalogue-source.js';

/** `npm run styles [-- --all]`: the catalogue's styles as "Group/Style" lines (enabled only unless --all). */
try {
  const all = process.argv.includes('--all');
  const { styles } = await loadCatalogueStyles(parseEnv(), { enabledOnly: !all });
  for (const style of styles) console.log(styleLabel(style));
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
