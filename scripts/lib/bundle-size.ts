import { gzipSync } from 'node:zlib';

/** The part of a Vite build manifest (`dist/client/.vite/manifest.json`) the budget reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The home page's JavaScript, gzip, at most this many bytes (190 kB). No catalogue counts: every
 * language's loads on demand (client/src/lib/i18n.ts), so new texts on any screen leave the first
 * load as it is; what grows it is code the home page imports statically.
 */
export const HOME_PAGE_BUDGET_BYTES = 190 * 1000;

/**
 * The JavaScript files the page loads before it can render: the HTML entry and, transitively, its
 * static imports (which Vite preloads with `modulepreload`). Dynamic imports are left out: they are
 * the on-demand route chunks, loaded on navigation or by the idle link prefetch.
 */
export function upFrontFiles(manifest: Manifest, entryKey = 'index.html'): string[] {
  const entry = manifest[entryKey];
  if (!entry?.isEntry) throw new Error(`the manifest has no entry ${entryKey}`);
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} as an import but has no such chunk`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return files;
}

/** Gzip size as Vite's build report measures it (zlib's default level). */
export const gzipSize = (contents: Buffer | string): number => gzipSync(contents).length;
