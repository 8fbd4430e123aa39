import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort, startProcess } from './test/product-process.js';

function childPidsOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('web process', () => {
  it('when started, then it runs the media sidecar too; when stopped, then neither is left behind', async () => {
    const product = await startProcess('src/server.ts');
    const media = `http://127.0.0.1:${product.ports.media}/healthz`;
    let mediaUp = false;
    for (let i = 0; i < 100 && !mediaUp; i++) {
      mediaUp = await fetch(media).then((r) => r.ok).catch(() => false);
      if (!mediaUp) await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(mediaUp).toBe(true);
    const webPid = product.child.pid!;
    const children = childPidsOf(webPid);
    expect(children.length).toBeGreaterThan(0);

    await product.stop();
    expect(product.child.exitCode).toBe(0);
    expect(alive(webPid)).toBe(false);
    // Helper processes (the sidecar, tsx's esbuild service) notice their parent's exit within moments.
    const deadline = Date.now() + 3000;
    while (children.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(children.filter(alive)).toEqual([]);
  });

  it('when `npm start` is sent SIGTERM, then the web process and the sidecar both stop', async () => {
    const ports = { web: await freePort(), media: await freePort(), internal: await freePort() };
    const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-npm-start-'));
    let output = '';
    // npm's own pid is what a process manager signals; the shell between npm and tsx must not
    // swallow the signal (the script execs tsx).
    const npm = spawn('npm', ['start'], {
      cwd: fileURLToPath(new URL('../', import.meta.url)),
      env: { ...process.env, PORT: String(ports.web), MEDIA_PORT: String(ports.media), INTERNAL_PORT: String(ports.internal), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    npm.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    const answers = (url: string) => fetch(url).then((r) => r.ok).catch(() => false);
    const web = `http://127.0.0.1:${ports.web}/healthz`;
    const media = `http://127.0.0.1:${ports.media}/healthz`;
    try {
      const deadline = Date.now() + 90_000;
      while (!((await answers(web)) && (await answers(media)))) {
        if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      npm.kill('SIGTERM');
      await exited;
      const stopped = Date.now() + 5000;
      while (((await answers(web)) || (await answers(media))) && Date.now() < stopped) await new Promise((resolve) => setTimeout(resolve, 100));
      expect({ web: await answers(web), media: await answers(media) }).toEqual({ web: false, media: false });
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
