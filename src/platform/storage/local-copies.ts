import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LocalFile } from './file-storage.js';

interface Copy {
  version: string;
  path: string;
  bytes: number;
  refs: number;
  lastUsed: number;
  ready: Promise<void>;
}

/**
 * Local copies of remote objects for tools that want a path (ffmpeg, the engine's work file). A
 * copy is made once per object version (its ETag), downloaded under a temporary name and moved into
 * place; copies nobody holds are evicted oldest first once the total passes `maxBytes`. The
 * directory is this process's alone: it is emptied at start (a killed process's half downloads).
 */
export class LocalCopies {
  private readonly copies = new Map<string, Copy>();
  private readonly orphans = new Set<Copy>();
  private total = 0;
  private readonly prepared: Promise<void>;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {
    this.prepared = rm(dir, { recursive: true, force: true }).then(() => mkdir(dir, { recursive: true })).then(() => undefined);
  }

  /** A fresh temporary path in the cache's directory (staged writes are filled here). */
  async tempPath(): Promise<string> {
    await this.prepared;
    return path.join(this.dir, `${randomUUID()}.part`);
  }

  /** Holds the copy of `key` at `version`, downloading it with `download(target)` when there is none. */
  async acquire(key: string, version: string, bytes: number, download: (target: string) => Promise<void>): Promise<LocalFile> {
    await this.prepared;
    let copy = this.copies.get(key);
    if (copy && copy.version !== version) {
      this.drop(key, copy);
      copy = undefined;
    }
    if (!copy) {
      const target = path.join(this.dir, randomUUID());
      const temp = `${target}.part`;
      const created: Copy = { version, path: target, bytes, refs: 0, lastUsed: Date.now(), ready: Promise.resolve() };
      created.ready = download(temp)
        .then(() => rename(temp, target))
        .catch(async (error: unknown) => {
          if (this.copies.get(key) === created) this.copies.delete(key);
          this.total -= bytes;
          await rm(temp, { force: true });
          throw error;
        });
      this.copies.set(key, created);
      this.total += bytes;
      copy = created;
    }
    copy.refs += 1;
    try {
      await copy.ready;
    } catch (error) {
      copy.refs -= 1;
      throw error;
    }
    return this.handOut(copy);
  }

  /** Takes a just-uploaded local file in as the copy of `key` at `version` (no download back). */
  async adopt(key: string, version: string, bytes: number, file: string): Promise<void> {
    const previous = this.copies.get(key);
    if (previous) this.drop(key, previous);
    const target = path.join(this.dir, randomUUID());
    await rename(file, target);
    this.copies.set(key, { version, path: target, bytes, refs: 0, lastUsed: Date.now(), ready: Promise.resolve() });
    this.total += bytes;
    this.evict();
  }

  /** The key was removed or replaced: its copy goes once nobody holds it. */
  forget(key: string): void {
    const copy = this.copies.get(key);
    if (copy) this.drop(key, copy);
  }

  private handOut(copy: Copy): LocalFile {
    let released = false;
    return {
      path: copy.path,
      release: () => {
        if (released) return;
        released = true;
        copy.refs -= 1;
        copy.lastUsed = Date.now();
        if (copy.refs === 0 && this.orphans.delete(copy)) void rm(copy.path, { force: true });
        this.evict();
      },
    };
  }

  private drop(key: string, copy: Copy): void {
    this.copies.delete(key);
    this.total -= copy.bytes;
    if (copy.refs > 0) this.orphans.add(copy);
    else void copy.ready.then(() => rm(copy.path, { force: true }), () => undefined);
  }

  private evict(): void {
    if (this.total <= this.maxBytes) return;
    const idle = [...this.copies].filter(([, copy]) => copy.refs === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [key, copy] of idle) {
      if (this.total <= this.maxBytes) break;
      this.drop(key, copy);
    }
  }
}
