import { open, type FileHandle } from 'node:fs/promises';
import { encodeStreamFrame } from '../../src/modules/streaming/stream-frame.js';
import { ByteLruCache } from './lru-cache.js';
import { chunkBytesOf, chunkRange, floatToS16le, s24leToS16le } from './pcm.js';
import type { TrackSource } from './track-sources.js';

/**
 * What a stored master streams from: the 24-bit master itself, or, for a master at another rate
 * than the stream's, its 16-bit 44.1 kHz download (the CD rendition); its data chunk's place in
 * the file and its shape.
 */
export interface StoredMasterFile {
  path: string;
  bits: 16 | 24;
  checksum: string;
  /** size:mtime of the checked file: a rebuilt file (renamed into place) is read through a new handle. */
  version: string;
  dataOffset: number;
  channels: number;
  frames: number;
}

/** Renders a style's chunk on demand (a worker thread does the DSP): 16-bit PCM of that range. */
export type ChunkRenderer = (chunkIndex: number) => Promise<Uint8Array>;

/** What a chunk is cut from: the decoded original, a stored master, or a live render of a prepared style. */
export type StreamTarget =
  | { kind: 'original'; trackId: string; source: TrackSource }
  | { kind: 'stored'; trackId: string; styleIndex: number; master: StoredMasterFile }
  | { kind: 'render'; trackId: string; styleIndex: number; version: string; frames: number; channels: number; render: ChunkRenderer };

export const styleIndexOf = (target: StreamTarget) => (target.kind === 'original' ? -1 : target.styleIndex);
export const framesOf = (target: StreamTarget) =>
  target.kind === 'original' ? target.source.frames : target.kind === 'stored' ? target.master.frames : target.frames;

function cacheKeyOf(target: StreamTarget, chunkIndex: number): string {
  switch (target.kind) {
    case 'original':
      return `${target.trackId}:o:${target.source.info.originalMtimeMs}:${chunkIndex}`;
    case 'stored':
      return `${target.trackId}:m${target.styleIndex}:${target.master.checksum}:${target.master.version}:${chunkIndex}`;
    case 'render':
      return `${target.trackId}:r${target.styleIndex}:${target.version}:${chunkIndex}`;
  }
}

export class ChunkOutOfRangeError extends Error {}

/**
 * Ready-to-send frames (header + 16-bit PCM), cut once and kept in a byte-bounded LRU cache:
 * listeners of the same track at the same place share one buffer, and concurrent misses for the
 * same chunk share one read.
 */
export class ChunkProvider {
  private readonly cache: ByteLruCache<Uint8Array>;
  private readonly loading = new Map<string, Promise<Uint8Array>>();
  private readonly masterHandles = new Map<string, Promise<FileHandle>>();

  constructor(budgetBytes: number) {
    this.cache = new ByteLruCache(budgetBytes);
  }

  get stats() {
    return { entries: this.cache.size, bytes: this.cache.byteSize, budget: this.cache.budgetBytes };
  }

  /** Whether the frame is cut already (cheap to serve: no turn needed). */
  has(target: StreamTarget, chunkIndex: number): boolean {
    return this.cache.get(cacheKeyOf(target, chunkIndex)) !== undefined;
  }

  /** The frame of chunk `chunkIndex` of `target`; throws ChunkOutOfRangeError past the end. */
  frame(target: StreamTarget, chunkIndex: number): Promise<Uint8Array> {
    const key = cacheKeyOf(target, chunkIndex);
    const hit = this.cache.get(key);
    if (hit) return Promise.resolve(hit);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const load = this.load(target, chunkIndex).then(
      (frame) => {
        this.loading.delete(key);
        this.cache.set(key, frame);
        return frame;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, load);
    return load;
  }

  private async load(target: StreamTarget, chunkIndex: number): Promise<Uint8Array> {
    const { start, count } = chunkRange(chunkIndex, framesOf(target));
    if (count <= 0) throw new ChunkOutOfRangeError(`chunk ${chunkIndex} is past the end`);
    const styleIndex = styleIndexOf(target);
    if (target.kind === 'original') {
      const samples = await target.source.readFrames(start, count);
      const pcm = new Uint8Array(samples.length * 2);
      floatToS16le(samples, pcm);
      return encodeStreamFrame(styleIndex, chunkIndex, pcm);
    }
    if (target.kind === 'render') {
      return encodeStreamFrame(styleIndex, chunkIndex, await target.render(chunkIndex));
    }
    const { master } = target;
    const handle = await this.masterHandle(master.path, master.version);
    const width = master.bits / 8;
    const bytes = count * master.channels * width;
    const raw = new Uint8Array(bytes);
    let done = 0;
    while (done < bytes) {
      const { bytesRead } = await handle.read(raw, done, bytes - done, master.dataOffset + start * master.channels * width + done);
      if (bytesRead === 0) throw new Error(`master file ${master.path} ended early`);
      done += bytesRead;
    }
    if (master.bits === 16) return encodeStreamFrame(styleIndex, chunkIndex, raw);
    const pcm = new Uint8Array(count * master.channels * 2);
    s24leToS16le(raw, pcm);
    return encodeStreamFrame(styleIndex, chunkIndex, pcm);
  }

  private masterHandle(path: string, version: string): Promise<FileHandle> {
    const key = `${path}\n${version}`;
    let handle = this.masterHandles.get(key);
    if (!handle) {
      for (const [oldKey, old] of this.masterHandles) {
        if (oldKey.startsWith(`${path}\n`)) {
          this.masterHandles.delete(oldKey);
          void old.then((h) => h.close()).catch(() => undefined);
        }
      }
      handle = open(path, 'r');
      handle.catch(() => this.masterHandles.delete(key));
      this.masterHandles.set(key, handle);
    }
    return handle;
  }

  /** Drops what was cut from a track's files (its original or a master was replaced). */
  forgetTrack(trackId: string): void {
    this.cache.deletePrefix(`${trackId}:`);
    for (const [path, handle] of this.masterHandles) {
      if (path.includes(trackId)) {
        this.masterHandles.delete(path);
        void handle.then((h) => h.close()).catch(() => undefined);
      }
    }
  }

  /** Closes stored masters' files that were deleted (master or track removed) and drops their chunks. */
  async closeUnlinked(): Promise<number> {
    let closed = 0;
    for (const [key, pending] of [...this.masterHandles]) {
      const handle = await pending.catch(() => null);
      const info = await handle?.stat().catch(() => null);
      if (!handle || !info || info.nlink > 0) continue;
      if (this.masterHandles.get(key) === pending) this.masterHandles.delete(key);
      await handle.close().catch(() => undefined);
      closed += 1;
    }
    return closed;
  }

  async closeAll(): Promise<void> {
    for (const handle of this.masterHandles.values()) await handle.then((h) => h.close()).catch(() => undefined);
    this.masterHandles.clear();
  }
}

export { chunkBytesOf };
