import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalCopies } from './local-copies.js';

describe('local copies of stored files', () => {
  let dir: string;
  let downloads: string[];
  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'masterdeck-copies-')), 'cache');
    downloads = [];
  });
  afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

  const fetcher = (key: string, content: string) => async (target: string) => {
    downloads.push(key);
    await writeFile(target, content);
  };

  it('when a key is asked for twice at one version, then it is downloaded once; a new version downloads again', async () => {
    const copies = new LocalCopies(dir, 1000);
    const [a, b] = await Promise.all([copies.acquire('k', 'v1', 3, fetcher('k', 'one')), copies.acquire('k', 'v1', 3, fetcher('k', 'one'))]);
    expect(a.path).toBe(b.path);
    expect(downloads).toEqual(['k']);
    a.release();
    b.release();
    const c = await copies.acquire('k', 'v2', 3, fetcher('k', 'two'));
    expect(await readFile(c.path, 'utf8')).toBe('two');
    expect(downloads).toEqual(['k', 'k']);
    // The old version's copy went once nobody held it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(a.path)).toBe(false);
  });

  it('when the budget is passed, then the least recently used idle copies go and held ones stay', async () => {
    const copies = new LocalCopies(dir, 10);
    const held = await copies.acquire('held', 'v', 6, fetcher('held', 'xxxxxx'));
    const old = await copies.acquire('old', 'v', 3, fetcher('old', 'xxx'));
    old.release();
    const fresh = await copies.acquire('fresh', 'v', 3, fetcher('fresh', 'xxx'));
    fresh.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(held.path)).toBe(true);
    expect(existsSync(old.path)).toBe(false);
    expect(existsSync(fresh.path)).toBe(true);
    held.release();
  });

  it('when a download fails half-way, then no copy (not even a partial file) is left and the next ask tries again', async () => {
    const copies = new LocalCopies(dir, 1000);
    const failing = async (target: string) => {
      await writeFile(target, 'half');
      throw new Error('connection reset');
    };
    await expect(copies.acquire('k', 'v', 4, failing)).rejects.toThrow('connection reset');
    expect(await readdir(dir)).toEqual([]);
    const copy = await copies.acquire('k', 'v', 4, fetcher('k', 'full'));
    expect(await readFile(copy.path, 'utf8')).toBe('full');
  });

  it('when a committed file is adopted, then asking for its version downloads nothing', async () => {
    const copies = new LocalCopies(dir, 1000);
    const staged = await copies.tempPath();
    await writeFile(staged, 'bounced');
    await copies.adopt('master', 'etag', 7, staged);
    const copy = await copies.acquire('master', 'etag', 7, fetcher('master', 'downloaded'));
    expect(await readFile(copy.path, 'utf8')).toBe('bounced');
    expect(downloads).toEqual([]);
  });
});
