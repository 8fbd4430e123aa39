import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

import { seedPgliteDataDir } from '../../src/test/pglite-template.js';
import { freePort } from '../../src/test/product-process.js';
import { screenshotWithoutOverflow, type ShotOptions } from './screens.js';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The web process's internal API port (operator commands reach the running product through it). */
  internalPort: number;
  /** Recent server output, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real web process (`tsx src/server.ts`) on free ports with a fresh data directory,
 * against the already-built `dist/client`, and waits for /readyz. The media sidecar is not started.
 */
export async function startServer(options: { env?: Record<string, string>; readyTimeoutMs?: number } = {}): Promise<RunningServer> {
  const [port, mediaPort, internalPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-e2e-'));
  // Its PGlite migrated already, as after a first start: initdb and the migrations took seconds of every file.
  if (!options.env?.DATABASE_URL && !process.env.DATABASE_URL) await seedPgliteDataDir(dataDir);
  let log = '';
  // Node with tsx's loader, as the product's process runs the media sidecar: npx would first load npm.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: REPO_ROOT,
    // Own process group, so stop() ends the web process and its media sidecar together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      MEDIA_PORT: String(mediaPort),
      INTERNAL_PORT: String(internalPort),
      DATA_DIR: dataDir,
      MEDIA_SUPERVISED: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const stop = async () => {
    if (!exited && child.pid) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await gone;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`server exited before it was ready:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return { baseUrl, dataDir, internalPort, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`server not ready in time:\n${log}`);
}

/** Debian's headless Chromium (no sandbox, GPU or background networking), plus any flags a test needs (e.g. the autoplay policy). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

export type Locale = 'en' | 'de';

/** Where the browser tests' screenshots go: a folder per test file. */
const SHOTS_ROOT = '/tmp/shots';

export interface ProductInBrowser {
  /** The test file's screenshot folder (made before its first test; failure screenshots go there too). */
  readonly shotsDir: string;
  /** Saves `<name>.png` in the screenshot folder, after asserting the page does not overflow (screens.ts). */
  shot(page: Page, name: string, options?: ShotOptions): Promise<void>;
  /** The running web process (set once the file's first beforeAll has run). */
  readonly server: RunningServer;
  /** The supervised media sidecar's port, or 0 without media. */
  readonly mediaPort: number;
  readonly browser: Browser;
  /** A browser context in the locale and width; it is closed after the test that made it. */
  newContext(locale: Locale, width: number, options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * One test file's product and browser: registers the hooks that start the web process (with its
 * supervised media sidecar when `media` is set, waiting until the sidecar answers), launch Chromium,
 * make the screenshot folder `shots` (under /tmp/shots), close each test's contexts after it and
 * stop everything at the end.
 */
export function productInBrowser(options: { shots: string; media?: boolean; browserArgs?: string[]; env?: Record<string, string> }): ProductInBrowser {
  const shotsDir = path.join(SHOTS_ROOT, options.shots);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let mediaPort = 0;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const env: Record<string, string> = { ...options.env };
    if (options.media) {
      mediaPort = await freePort();
      Object.assign(env, { MEDIA_SUPERVISED: 'true', MEDIA_PORT: String(mediaPort), MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}/ws` });
    }
    // Chromium starts while the web process loads its modules: neither waits for the other.
    const results = await Promise.allSettled([
      (async () => {
        server = await startServer({ env });
        if (options.media) await waitForMedia(mediaPort, server);
      })(),
      launchBrowser(options.browserArgs).then((launchedBrowser) => {
        browser = launchedBrowser;
      }),
      mkdir(shotsDir, { recursive: true }),
    ]);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  }, 120_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await reportFailure(task.name, task.result.errors?.[0]?.message, contexts, shotsDir, server);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet`);
    return value;
  };
  return {
    shotsDir,
    shot: (page, name, shotOptions) => screenshotWithoutOverflow(page, path.join(shotsDir, `${name}.png`), shotOptions),
    get server() {
      return started(server, 'the web process');
    },
    get mediaPort() {
      return mediaPort;
    },
    get browser() {
      return started(browser, 'the browser');
    },
    async newContext(locale, width, contextOptions = {}) {
      const context = await started(browser, 'the browser').newContext({
        baseURL: started(server, 'the web process').baseUrl,
        viewport: { width, height: 900 },
        locale: locale === 'de' ? 'de-DE' : 'en-US',
        ...contextOptions,
      });
      contexts.push(context);
      recordTrouble(context);
      return context;
    },
  };
}

async function waitForMedia(port: number, server: RunningServer) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`media sidecar not ready in time:\n${server.output()}`);
}

/** What went wrong in a context's pages (console errors, page errors, failed or refused requests). */
const trouble = new WeakMap<BrowserContext, string[]>();

function recordTrouble(context: BrowserContext) {
  const lines: string[] = [];
  trouble.set(context, lines);
  const note = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > 60) lines.shift();
  };
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  context.on('weberror', (error) => note(`page error: ${error.error().message.slice(0, 300)}`));
  context.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  context.on('response', (response) => {
    // 207: a tRPC batch in which some call failed.
    if (response.status() >= 400 || response.status() === 207) {
      note(`response ${response.status()}: ${response.request().method()} ${response.url()}`);
      if (response.status() === 207) void response.text().then((body) => note(`  body: ${body.slice(0, 400)}`), () => undefined);
    }
  });
}

/**
 * A failed browser test says what its pages showed: the address, the visible text, a screenshot
 * and what went wrong on the way, with the web process's last output. A time-out alone says none
 * of it, and a failure seen only in CI cannot be rerun by hand.
 */
async function reportFailure(testName: string, error: string | undefined, contexts: BrowserContext[], shotsDir: string, server: RunningServer | undefined) {
  // A try that a retry then passes prints no error of its own: say here what it waited for.
  const report: string[] = [`--- what the pages showed when "${testName}" failed ---`, `error: ${(error ?? '?').slice(0, 600)}`];
  let index = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      index += 1;
      const shot = path.join(shotsDir, `failure-${index}.png`);
      const text = await page
        .evaluate(() => document.body.innerText)
        .then((body) => body.replace(/\s+/g, ' ').slice(0, 1500))
        .catch((error: unknown) => `(no text: ${String(error)})`);
      const errors = await page
        .locator('[data-error-message]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-error-message')))
        .catch(() => []);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      report.push(`page ${index}: ${page.url()}`, `  text: ${text}`, `  error states: ${JSON.stringify(errors)}`, `  screenshot: ${shot}`);
    }
    for (const line of trouble.get(context) ?? []) report.push(`  ${line}`);
  }
  if (server) report.push('web process output (tail):', server.output().slice(-3000));
  console.error(report.join('\n'));
}
