import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRouter } from './spa.js';

const INDEX = `<!doctype html>
<html lang="en" data-mantine-color-scheme="dark">
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true },
  'src/locales/en/messages.ts': { file: 'assets/messages-en1.js' },
  'src/locales/de/messages.ts': { file: 'assets/messages-de1.js' },
};

/** The SPA's index.html as a visitor receives it: in their language, their catalogue preloaded. */
describe('the SPA page', () => {
  let dir: string;
  let base: string;
  let server: ReturnType<express.Express['listen']>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'masterdeck-spa-'));
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const app = express();
    app.use(cookieParser());
    app.use(spaRouter(dir, (pathname) => pathname === '/'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const page = (headers: Record<string, string>, pathname = '/') => fetch(`${base}${pathname}`, { headers: { accept: 'text/html', ...headers } });

  it('when a German browser asks, then the page says lang="de" and preloads the German catalogue only', async () => {
    const html = await (await page({ 'accept-language': 'de-DE,de;q=0.9' })).text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/messages-de1.js">');
    expect(html).not.toContain('messages-en1.js');
  });

  it('when the language cookie says en, then it wins over the browser s language', async () => {
    const response = await page({ 'accept-language': 'de', cookie: 'lang=en' });
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('href="/assets/messages-en1.js"');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
  });

  it('when the path is no route, then the same page comes with 404; after a rebuild, the new catalogue file is named', async () => {
    const missing = await page({}, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('messages-en1.js');
    const rebuilt = { ...MANIFEST, 'src/locales/en/messages.ts': { file: 'assets/messages-en2.js' } };
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(rebuilt));
    // A later modification time, as a new build writes index.html again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    expect(await (await page({})).text()).toContain('href="/assets/messages-en2.js"');
  });
});
