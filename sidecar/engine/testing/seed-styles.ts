import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZStyleProcessing, type TEngineStyle } from '../../../src/modules/catalogue/index.js';

const SEED = fileURLToPath(new URL('../../../sql/0002_seed_style_catalogue.sql', import.meta.url));

/**
 * The seeded style catalogue read straight from sql/0002 (unit tests and benchmarks that need no
 * database); each style's processing is validated with the same schema the product uses.
 */
export function seededEngineStyles(): TEngineStyle[] {
  const text = readFileSync(SEED, 'utf8');
  const styles: TEngineStyle[] = [];
  const pattern = /SELECT id, '([^']+)', '(?:[^']|'')*', '(?:[^']|'')*', (\d+), \d+, (?:true|false), '(\{.*?\})'::jsonb FROM style_groups WHERE name = '([^']+)'/g;
  for (const match of text.matchAll(pattern)) {
    styles.push({
      id: Number(match[2]) + 1,
      styleIndex: Number(match[2]),
      name: match[1]!,
      groupName: match[4]!,
      processing: ZStyleProcessing.parse(JSON.parse(match[3]!)),
    });
  }
  return styles;
}
