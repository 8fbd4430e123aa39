import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startProcess } from './test/product-process.js';

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
});
