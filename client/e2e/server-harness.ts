import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export { freePort } from '../../src/test/product-process.js';
import { freePort } from '../../src/test/product-process.js';

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
  let log = '';
  const child: ChildProcess = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: REPO_ROOT,
    // Own process group, so stop() ends npx, tsx and node together.
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
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`server not ready in time:\n${log}`);
}

/** Debian's Chromium with the flags of stack-facts.md, plus any a test needs (e.g. the autoplay policy). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}
