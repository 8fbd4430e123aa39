import { open, writeFile, type FileHandle } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { z } from 'zod';
import { withLocalFile, type FileStorage, type LocalFile } from '../../src/platform/storage/file-storage.js';
import type { Logger } from '../../src/platform/log.js';
import { amountsKeyOf, type Amounts, type TTrackAudioInfo } from '../../src/modules/streaming/streaming.schemas.js';
import { decodeToWorkFile } from '../engine/index.js';
import { appErrorOf } from './engine-errors.js';
import type { CpuSlots } from './cpu-slots.js';
import type { LiveShare } from './live-share.js';
import type { JobRegistry, Waiter } from './jobs.js';
import { SAMPLE_RATE } from '../../src/audio-core/constants.js';
import { PeakWaveform } from '../../src/audio-core/waveform.js';

/** Storage keys of a track's derived files (the original is `tracks/<id>/original.wav`, upload's key). */
export const trackKeys = (trackId: string) => ({
  work: `tracks/${trackId}/work.f32`,
  workInfo: `tracks/${trackId}/work.json`,
  preparation: `tracks/${trackId}/preparation.json`,
  /** A style fitted at another intensity or amounts (`steering`) from the preparation `version` (its original and enabled styles). */
  steeredFit: (version: string, styleId: number, steering: string) => `tracks/${trackId}/fits/${version.replace(/[^\w-]/g, '-')}/style-${styleId}-${steering}.json`,
  /** Medium at the default amounts and toward no reference keeps the name it had before intensities; the others are masters of their own. */
  master: (styleId: number, intensity: string = 'medium', amounts?: Amounts, referenceId?: string | null) =>
    `tracks/${trackId}/masters/style-${styleId}${intensity === 'medium' ? '' : `-${intensity}`}${amountsKeyOf(amounts).replace('~', '-')}${referenceId ? `-reference-${referenceId}` : ''}.wav`,
});

const ZWorkInfo = z.object({
  sampleRate: z.number().int(),
  channels: z.number().int().min(1).max(2),
  frames: z.number().int().min(0),
  peaks: z.array(z.number()),
  /** The original's size and mtime when it was decoded: a re-upload makes the work file stale. */
  originalSize: z.number(),
  originalMtimeMs: z.number(),
});
export type WorkInfo = z.infer<typeof ZWorkInfo>;

/** A decoded track: the raw f32le interleaved 44.1 kHz work file, read by frame ranges. */
export class TrackSource {
  lastUsed = Date.now();
  private handle: FileHandle | null = null;
  private opening: Promise<FileHandle> | null = null;

  readonly workPath: string;

  /** Holds `work` (the work file's local copy) until close(). */
  constructor(
    readonly trackId: string,
    private readonly work: LocalFile,
    readonly info: WorkInfo,
  ) {
    this.workPath = work.path;
  }

  get channels() {
    return this.info.channels;
  }
  get frames() {
    return this.info.frames;
  }

  private async fileHandle(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    this.opening ??= open(this.workPath, 'r').then((handle) => (this.handle = handle));
    return this.opening;
  }

  /** Interleaved float samples of frames [start, start + count). */
  async readFrames(start: number, count: number): Promise<Float32Array> {
    this.lastUsed = Date.now();
    const bytes = Math.max(0, Math.min(count, this.frames - start)) * this.channels * 4;
    const buffer = Buffer.allocUnsafe(bytes);
    if (bytes === 0) return new Float32Array(0);
    const handle = await this.fileHandle();
    let done = 0;
    while (done < bytes) {
      const { bytesRead } = await handle.read(buffer, done, bytes - done, start * this.channels * 4 + done);
      if (bytesRead === 0) throw new Error(`work file of track ${this.trackId} ended early`);
      done += bytesRead;
    }
    // allocUnsafe may hand out a slice of a shared pool: copy to an aligned buffer of our own.
    return new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytes));
  }

  /** Whether the open work file was deleted (its track removed): its disk space waits for the close. */
  async isUnlinked(): Promise<boolean> {
    const info = await this.handle?.stat().catch(() => null);
    return info !== undefined && info !== null && info.nlink === 0;
  }

  async close(): Promise<void> {
    const handle = this.handle ?? (this.opening ? await this.opening.catch(() => null) : null);
    this.handle = null;
    this.opening = null;
    await handle?.close().catch(() => undefined);
    this.work.release();
  }
}

const SOURCE_IDLE_MS = 60_000;
const PEAK_SCAN_BYTES = 4 * 1024 * 1024;

/**
 * Decoded originals by track id. The decode runs once per track (a job every asker joins) into
 * `tracks/<id>/work.f32` through a temporary name and a rename, and is reused until the original
 * changes.
 */
export class TrackSources {
  private readonly sources = new Map<string, TrackSource>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly storage: FileStorage,
    private readonly jobs: JobRegistry,
    private readonly log: Logger,
    private readonly cpu: CpuSlots,
    /** Turns of the decodes players wait for (a job's decode runs in its job's slot). */
    private readonly liveDecodes: LiveShare,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SOURCE_IDLE_MS / 2);
    this.sweeper.unref();
  }

  /**
   * The decoded source of a track, decoding it first if needed (the waiter joins that decode).
   * `inJob`: asked by a claimed queue job, whose CPU slot the decode runs in.
   */
  async get(audio: TTrackAudioInfo, waiter: Waiter, options: { inJob?: boolean } = {}): Promise<TrackSource> {
    const existing = this.sources.get(audio.trackId);
    const original = await this.storage.stat(audio.path);
    if (!original) throw new MissingOriginalError(audio.trackId);
    if (existing && existing.info.originalSize === original.size && existing.info.originalMtimeMs === original.modifiedMs) {
      existing.lastUsed = Date.now();
      return existing;
    }
    if (existing) {
      this.sources.delete(audio.trackId);
      void existing.close();
    }
    const keys = trackKeys(audio.trackId);
    const info = await this.readWorkInfo(keys.workInfo, keys.work, original.size, original.modifiedMs);
    const ready = info ?? (await this.decoded(audio, original.size, original.modifiedMs, waiter, options.inJob ?? false));
    const current = this.sources.get(audio.trackId);
    if (current) return current;
    const work = await this.storage.openLocal(keys.work);
    // Another asker may have opened the same source while this one fetched its local copy.
    const raced = this.sources.get(audio.trackId);
    if (raced) {
      work.release();
      return raced;
    }
    const source = new TrackSource(audio.trackId, work, ready);
    this.sources.set(audio.trackId, source);
    return source;
  }

  private async readWorkInfo(infoKey: string, workKey: string, size: number, mtimeMs: number): Promise<WorkInfo | null> {
    try {
      const info = ZWorkInfo.parse(JSON.parse(await text(this.storage.read(infoKey))));
      const workSize = await this.storage.size(workKey);
      const fresh = info.originalSize === size && info.originalMtimeMs === mtimeMs;
      return fresh && workSize === info.frames * info.channels * 4 ? info : null;
    } catch {
      return null;
    }
  }

  /**
   * The decode every asker joins. A decode is ffmpeg plus a full read of the work file: for a
   * player it takes a CPU slot, in its owner's turn of live work, so a flood of first plays cannot
   * run unbounded decodes; it is joined only once it runs, so a job never waits on a decode that
   * waits for the job's own slot.
   */
  private decoded(audio: TTrackAudioInfo, size: number, mtimeMs: number, waiter: Waiter, inJob: boolean): Promise<WorkInfo> {
    const key = `decode:${audio.trackId}`;
    const join = () => this.jobs.join<WorkInfo>(key, waiter, (signal) => this.decode(audio, size, mtimeMs, signal));
    if (inJob || this.jobs.has(key)) return join();
    const gone = this.jobs.departure(waiter);
    return this.liveDecodes.run(
      audio.ownerId,
      async () => {
        const release = await this.cpu.whenFree(gone);
        try {
          // Decoded meanwhile (by a job, in its slot): that work file is used, or its decode joined without a slot.
          const keys = trackKeys(audio.trackId);
          const done = await this.readWorkInfo(keys.workInfo, keys.work, size, mtimeMs);
          if (done) return done;
          if (this.jobs.has(key)) release();
          return await join();
        } finally {
          release();
        }
      },
      gone,
    );
  }

  private async decode(audio: TTrackAudioInfo, size: number, mtimeMs: number, signal: AbortSignal): Promise<WorkInfo> {
    const keys = trackKeys(audio.trackId);
    let staged: Awaited<ReturnType<FileStorage['stage']>> | null = null;
    const started = Date.now();
    try {
      staged = await this.storage.stage(keys.work);
      const work = staged;
      const decoded = await withLocalFile(this.storage, audio.path, (originalPath) => decodeToWorkFile(originalPath, work.tempPath, signal));
      // Scanned before commit, while the file is surely local (on S3, commit uploads it).
      const peaks = await this.scanPeaks(staged.tempPath, decoded.frames, decoded.channels, signal);
      await staged.commit();
      const info: WorkInfo = {
        sampleRate: SAMPLE_RATE,
        channels: decoded.channels,
        frames: decoded.frames,
        peaks,
        originalSize: size,
        originalMtimeMs: mtimeMs,
      };
      const infoStage = await this.storage.stage(keys.workInfo);
      await writeFile(infoStage.tempPath, JSON.stringify(info));
      await infoStage.commit();
      this.log.info({ trackId: audio.trackId, frames: info.frames, ms: Date.now() - started }, 'original decoded');
      return info;
    } catch (error) {
      await staged?.discard();
      throw appErrorOf(error);
    }
  }

  private async scanPeaks(workPath: string, frames: number, channels: number, signal: AbortSignal): Promise<number[]> {
    const waveform = new PeakWaveform(frames);
    const handle = await open(workPath, 'r');
    try {
      const piece = Math.floor(PEAK_SCAN_BYTES / (channels * 4)) * channels * 4;
      const buffer = new ArrayBuffer(piece);
      const bytes = new Uint8Array(buffer);
      for (let position = 0; position < frames * channels * 4; ) {
        if (signal.aborted) throw new Error('aborted');
        const { bytesRead } = await handle.read(bytes, 0, piece, position);
        if (bytesRead === 0) break;
        const count = Math.floor(bytesRead / (channels * 4));
        waveform.add(new Float32Array(buffer, 0, count * channels), channels, position / (channels * 4), count);
        position += bytesRead;
      }
    } finally {
      await handle.close();
    }
    return waveform.result();
  }

  /** Forget a track's decoded source (its original was replaced or removed). */
  forget(trackId: string): void {
    const source = this.sources.get(trackId);
    this.sources.delete(trackId);
    void source?.close();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [trackId, source] of this.sources) {
      if (now - source.lastUsed > SOURCE_IDLE_MS) {
        this.sources.delete(trackId);
        void source.close();
      }
    }
  }

  /** Closes the sources whose files were deleted, so their disk space is freed now, not at restart. */
  async closeUnlinked(): Promise<number> {
    let closed = 0;
    for (const [trackId, source] of [...this.sources]) {
      if (!(await source.isUnlinked())) continue;
      if (this.sources.get(trackId) === source) this.sources.delete(trackId);
      await source.close();
      closed += 1;
    }
    return closed;
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sources.values()].map((source) => source.close()));
    this.sources.clear();
  }
}

/** The original's file is not in storage (binary.s3File.missing). */
export class MissingOriginalError extends Error {
  constructor(readonly trackId: string) {
    super(`original of track ${trackId} is missing`);
  }
}
