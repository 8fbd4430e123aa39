import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, type ProductProcess } from '../src/test/product-process.js';

/**
 * The media process's narrow contract (docs/architecture.md, "Processes"): it reaches the web's
 * modules only through their schemas and constants and the web itself only through the internal
 * client, so starting it loads none of the web's HTTP, GraphQL, upload or database stack.
 */
const WEB_ONLY_PACKAGES = ['express', 'graphql', 'graphql-yoga', 'busboy', 'kysely', 'pg', '@electric-sql/pglite'];

const packageOf = (url: string): string | null => {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return match ? match[1]! : null;
};

describe('the media process at start', () => {
  let dir: string;
  let media: ProductProcess;
  let loaded: string[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-imports-'));
    const logFile = path.join(dir, 'modules.txt');
    const preload = path.join(import.meta.dirname, 'testing', 'module-log.mjs');
    media = await startProcess('sidecar/main.ts', {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
      MODULE_LOG_FILE: logFile,
    });
    loaded = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean);
  });
  afterAll(async () => {
    await media?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('when it is listening, then the module log saw its entry point and its socket server', () => {
    expect(loaded.some((url) => url.endsWith('/sidecar/main.ts'))).toBe(true);
    expect(loaded.map(packageOf)).toContain('@trufflesuite/uws-js-unofficial');
  });

  it('when it is listening, then express, graphql, busboy and kysely were never loaded', () => {
    const packages = new Set(loaded.map(packageOf).filter((name): name is string => name !== null));
    expect(WEB_ONLY_PACKAGES.filter((name) => packages.has(name))).toEqual([]);
  });

  it("when it is listening, then of src/ it loaded only the audio core, the platform, the internal client and modules' schemas and constants", () => {
    const fromSrc = loaded.filter((url) => url.includes('/src/') && !url.includes('/node_modules/')).map((url) => url.slice(url.lastIndexOf('/src/') + 1));
    const allowed = /^src\/(audio-core\/[^/]+\.ts|platform\/[^/]+\.ts|platform\/storage\/[^/]+\.ts|platform\/queue\/lease-lost-error\.ts|internal\/internal-(client|auth)\.ts|modules\/[^/]+\/[^/]+\.(schemas|constants)\.ts|modules\/streaming\/stream-frame\.ts)$/;
    expect(fromSrc.filter((file) => !allowed.test(file))).toEqual([]);
  });
});
