import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSize, HOME_PAGE_BUDGET_BYTES, upFrontFiles, type Manifest } from './lib/bundle-size.js';

/**
 * `npm run size:check` (CI): prints the gzip size of the JavaScript the home page loads up
 * front, from the build in dist/client (`npm run build` first), and exits non-zero above the budget.
 */
const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;

let total = 0;
for (const file of upFrontFiles(manifest)) {
  const size = gzipSize(readFileSync(path.join(CLIENT_DIR, file)));
  total += size;
  console.log(`  ${file.padEnd(56)} ${(size / 1000).toFixed(2).padStart(8)} kB gzip`);
}
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
console.log(`home page JavaScript: ${kB(total)} gzip (budget ${kB(HOME_PAGE_BUDGET_BYTES)})`);
if (total > HOME_PAGE_BUDGET_BYTES) {
  console.error(`over budget by ${kB(total - HOME_PAGE_BUDGET_BYTES)}`);
  process.exit(1);
}
