import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../app.js';
import type { TestPlatform } from './test-platform.js';

export interface TestApp {
  /** http://127.0.0.1:PORT */
  base: string;
  close(): Promise<void>;
}

/**
 * The web app over a test platform on a free loopback port. Its SPA files are a one-line shell in a
 * temporary folder, so the tests do not depend on whether `vite build` has run.
 */
export async function listenTestApp(platform: TestPlatform): Promise<TestApp> {
  const clientDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Masterdeck</title><div id="root"></div>');
  const server = createServer(createApp(platform, { clientDir }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(clientDir, { recursive: true, force: true });
    },
  };
}
