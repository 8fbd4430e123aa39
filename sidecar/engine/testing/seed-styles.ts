import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EngineStyle, EngineStyleParams } from '../style.js';

const SQL_DIR = fileURLToPath(new URL('../../../sql/', import.meta.url));

/**
 * The seeded style catalogue read straight from the migrations (unit tests and benchmarks that need
 * no database): the styles of sql/0002, with every later `UPDATE styles SET processing = ...`
 * applied in migration order. engine.int.test.ts ("engine styles from the product database") checks that this
 * equals what the product's database holds after migrating.
 */
export function seededEngineStyles(): EngineStyle[] {
  const files = readdirSync(SQL_DIR).filter((name) => /^\d{4}_.*\.sql$/.test(name)).sort();
  const styles: EngineStyle[] = [];
  const seed = /SELECT id, '([^']+)', '(?:[^']|'')*', '(?:[^']|'')*', (\d+), \d+, (?:true|false), '(\{.*?\})'::jsonb FROM style_groups WHERE name = '([^']+)'/g;
  const update = /UPDATE styles SET processing = '(\{.*?\})'::jsonb.*? WHERE name = '([^']+)' AND style_group_id = \(SELECT id FROM style_groups WHERE name = '([^']+)'\)/g;
  for (const file of files) {
    const text = readFileSync(`${SQL_DIR}${file}`, 'utf8');
    for (const match of text.matchAll(seed)) {
      styles.push({
        id: Number(match[2]) + 1,
        styleIndex: Number(match[2]),
        name: match[1]!,
        groupName: match[4]!,
        processing: JSON.parse(match[3]!) as EngineStyleParams,
      });
    }
    for (const match of text.matchAll(update)) {
      const style = styles.find((s) => s.name === match[2] && s.groupName === match[3]);
      if (style) style.processing = JSON.parse(match[1]!) as EngineStyleParams;
    }
  }
  return styles;
}

let catalogue: EngineStyle[] | undefined;

/** The seeded style called `name` ("Natural") or labelled `Group/Name` ("Acoustic/Natural"). */
export function seededStyle(name: string): EngineStyle {
  catalogue ??= seededEngineStyles();
  const style = catalogue.find((s) => s.name === name || `${s.groupName}/${s.name}` === name);
  if (!style) throw new Error(`no seeded style ${name}`);
  return style;
}
