import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, type ProductProcess } from '../src/test/product-process.js';

/**
 * A media process on another machine than the web process (the Procfile's separate processes):
 * it reaches the web's internal API at WEB_INTERNAL_URL, not at this machine's INTERNAL_PORT. A
 * listener on another address (127.0.0.2) stands in for that machine and records what arrives.
 */
describe('a media process with WEB_INTERNAL_URL', () => {
  const seen: { path: string; authorization: string | undefined }[] = [];
  let web: Server;
  let media: ProductProcess;

  beforeAll(async () => {
    web = createServer((request: IncomingMessage, response) => {
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
      request.resume();
      response.writeHead(503).end();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => web.listen(port, '127.0.0.2', resolve));
    media = await startProcess('sidecar/main.ts', { WEB_INTERNAL_URL: `http://127.0.0.2:${port}`, INTERNAL_PORT: String(await freePort()) });
  });
  afterAll(async () => {
    await media?.stop();
    await new Promise((resolve) => web.close(resolve));
  });

  it('when it starts, then it asks the web process at that address, with the internal secret', async () => {
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(seen.some((request) => request.path.startsWith('/internal') || request.path === '/events')).toBe(true);
    expect(seen.every((request) => request.authorization?.endsWith('test-internal-secret-0123456789abcdef012345'))).toBe(true);
  });
});
