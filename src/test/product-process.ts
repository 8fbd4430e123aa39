import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPgliteDataDir } from './pglite-template.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A free port below Linux's ephemeral range (32768+): a port the OS hands out for listen(0) is
 * from that range, and outgoing connections may take it again before the child binds it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(candidate, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
  throw new Error('no free port found');
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface ProductProcess {
  child: ChildProcess;
  baseUrl: string;
  mediaUrl: string;
  ports: { web: number; media: number; internal: number };
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs an entry point (the web process, or the sidecar alone) as a real child process on free
 * ports with its own data directory, for tests that need the product as a user meets it.
 */
export async function startProcess(
  entry: 'src/server.ts' | 'sidecar/main.ts',
  env: Record<string, string> = {},
): Promise<ProductProcess> {
  const ports = { web: await freePort(), media: await freePort(), internal: await freePort() };
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'masterdeck-proc-')));
  // A web process of its own data directory on PGlite: migrated already, as after its first start.
  if (entry === 'src/server.ts' && !env.DATA_DIR && !env.DATABASE_URL && !process.env.DATABASE_URL) await seedPgliteDataDir(dataDir);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(ports.web),
      MEDIA_PORT: String(ports.media),
      INTERNAL_PORT: String(ports.internal),
      MEDIA_PUBLIC_URL: `ws://localhost:${ports.media}/ws`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
      INTERNAL_SECRET: 'test-internal-secret-0123456789abcdef012345',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${ports.web}`;
  const mediaUrl = `ws://127.0.0.1:${ports.media}/ws`;
  try {
    await waitFor(entry === 'src/server.ts' ? `${baseUrl}/readyz` : `http://127.0.0.1:${ports.media}/healthz`, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`, { cause: error });
  }
  return {
    child,
    baseUrl,
    mediaUrl,
    ports,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
