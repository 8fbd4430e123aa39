import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage, type FileStorage } from '../../src/platform/storage/file-storage.js';
import { leaseTagOf, removePartialFiles } from './partial-files.js';

const LIVE = '11111111-1111-4111-8111-111111111111';
const DEAD = '22222222-2222-4222-8222-222222222222';
const STALE_MS = 60_000;

describe('removePartialFiles', () => {
  let root: string;
  let storage: FileStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'partial-files-'));
    storage = createDiskStorage(path.join(root, 'storage'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** A half-written file under `key`'s name, as FileStorage.stage makes it (optionally tagged). */
  async function halfWritten(key: string, tag?: string) {
    const staged = await storage.stage(key, tag ? { tag } : {});
    await writeFile(staged.tempPath, 'half');
    return path.relative(path.join(root, 'storage'), staged.tempPath);
  }

  it("when media processes share the storage, then only a dead lease's files and long-untouched job-less files go; a live lease's, fresh ones and the web process's uploads stay", async () => {
    const liveMaster = await halfWritten('tracks/t1/masters/style-1.wav', leaseTagOf(LIVE));
    const livePass = `${liveMaster}.pass1`;
    await writeFile(path.join(root, 'storage', livePass), 'pass');
    const deadMaster = await halfWritten('tracks/t2/masters/style-1.wav', leaseTagOf(DEAD));
    const deadDownload = await halfWritten('tracks/t2/masters/style-1.192kbps.mp3', leaseTagOf(DEAD));
    const freshWork = await halfWritten('tracks/t3/work.f32');
    const upload = await halfWritten('tracks/t4/original.wav');
    const asked: string[][] = [];
    const rules = {
      liveLeases: async (tokens: string[]) => {
        asked.push([...tokens].sort());
        return tokens.filter((token) => token === LIVE);
      },
      staleMs: STALE_MS,
    };

    expect(await removePartialFiles(storage, rules)).toBe(2);
    expect(asked).toEqual([[LIVE, DEAD].sort()]);
    const left = await storage.list('tracks');
    expect(left.sort()).toEqual([liveMaster, livePass, freshWork, upload].sort());

    // Later the decode's writer is gone too: untouched for longer than staleMs, its file goes.
    expect(await removePartialFiles(storage, { ...rules, now: () => Date.now() + 2 * STALE_MS })).toBe(1);
    expect((await storage.list('tracks')).sort()).toEqual([liveMaster, livePass, upload].sort());
    expect(deadMaster).toContain(DEAD);
    expect(deadDownload).toContain(DEAD);
  });
});
