import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One process's view of the secrets of `dataDir`, as the web process and the sidecar each load them. */
async function secretsInOwnProcess(dataDir: string): Promise<string> {
  const script = `import('./src/platform/secrets.ts').then((m) => console.log(JSON.stringify(m.loadSecrets({ DATA_DIR: process.argv[1] }))))`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], { cwd: ROOT });
  return stdout.trim();
}

describe('secrets', () => {
  it('when none are configured, then they are generated once and kept', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-secrets-'));
    try {
      const first = loadSecrets({ DATA_DIR: dataDir });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(loadSecrets({ DATA_DIR: dataDir })).toEqual(first);
      expect(JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'))).toEqual(first);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('when two processes start at once on a fresh data directory (Procfile), then both end up with the same secrets', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-secrets-'));
      try {
        const [web, media] = await Promise.all([secretsInOwnProcess(dataDir), secretsInOwnProcess(dataDir)]);
        expect(web).toBe(media);
        expect(JSON.parse(web)).toEqual(JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')));
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }, 60_000);
});
