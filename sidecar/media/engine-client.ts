import type { Worker } from 'node:worker_threads';
import type { TEngineStyle } from '../../src/modules/catalogue/index.js';
import type { BounceProgress, FittedStyle, KeptAnalysis, MasterReport, Preparation, PreparationProgress, WorkFile } from '../engine/index.js';
import type { SteeredFit } from '../engine/steered-master.js';
import type { Amounts, Intensity } from '../engine/steer.js';
import type { ReferenceAnalysis } from '../engine/reference.js';
import type { ReferenceBounceJob, ReferenceBounceReport } from './reference-bounce.js';
import type { EngineReply, EngineRequest } from './engine-worker.js';
import { startWorker } from '../worker-entry.js';


type EngineCall = EngineRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; onProgress?: (progress: unknown) => void };

/** One worker thread and its pending requests. */
class EngineWorker {
  readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  dead = false;

  constructor() {
    this.worker = startWorker('./media/engine-worker');
    this.worker.unref();
    this.worker.on('message', (reply: EngineReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      if (reply.kind === 'progress') return pending.onProgress?.(reply.progress);
      this.pending.delete(reply.id);
      if (reply.kind === 'result') pending.resolve(reply.result);
      else pending.reject(new Error(reply.message));
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`engine worker exited (${code})`)));
  }

  get load(): number {
    return this.pending.size;
  }

  call<T>(request: EngineCall, onProgress?: (progress: unknown) => void): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, ...(onProgress ? { onProgress } : {}) });
      this.worker.postMessage({ ...request, id } as EngineRequest);
    });
  }

  terminate(): Promise<number> {
    this.dead = true;
    return this.worker.terminate();
  }
}

/**
 * The engine behind worker threads: a small pool renders preview chunks; preparations and bounces
 * run in a second pool of at most `jobWorkers` threads (the scheduler's slots), reused from job to
 * job instead of a thread per job. A worker whose job is aborted (nobody waits for it any more) is
 * terminated, since the engine's loops cannot be interrupted otherwise, and replaced when needed.
 */
export class EngineClient {
  private pool: EngineWorker[] = [];
  private idleJobWorkers: EngineWorker[] = [];

  constructor(
    private readonly renderWorkers: number,
    private readonly jobWorkers = 2,
  ) {}

  private renderWorker(key: string): EngineWorker {
    this.pool = this.pool.filter((w) => !w.dead);
    while (this.pool.length < this.renderWorkers) this.pool.push(new EngineWorker());
    // The same (track, style) goes to the same worker, where its renderer keeps its state.
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
    return this.pool[Math.abs(hash) % this.pool.length]!;
  }

  /** 16-bit PCM of frames [startFrame, startFrame + frameCount) of a prepared style. */
  render(key: string, workFile: WorkFile, fitted: FittedStyle, startFrame: number, frameCount: number): Promise<Uint8Array> {
    return this.renderWorker(key).call<Uint8Array>({ op: 'render', key, workFile, fitted, startFrame, frameCount });
  }

  /**
   * A style fitted at another intensity or amounts from a preparation's kept analysis. It takes a fraction of
   * a second, so it runs on a render thread (warm, unlike a new job thread) picked by `key`.
   */
  refit(key: string, workFile: WorkFile, kept: KeptAnalysis, style: TEngineStyle, medium: FittedStyle, intensity: Intensity, amounts: Amounts): Promise<SteeredFit> {
    return this.renderWorker(key).call<SteeredFit>({ op: 'refit', workFile, kept, style, medium, intensity, amounts });
  }

  private async job<T>(request: EngineCall, signal: AbortSignal, onProgress: (progress: unknown) => void): Promise<T> {
    if (signal.aborted) throw new Error('aborted');
    const worker = this.idleJobWorkers.pop() ?? new EngineWorker();
    const onAbort = () => void worker.terminate();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await worker.call<T>(request, onProgress);
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (!worker.dead && this.idleJobWorkers.length < this.jobWorkers) this.idleJobWorkers.push(worker);
      else void worker.terminate();
    }
  }

  prepare(workFile: WorkFile, styles: TEngineStyle[], signal: AbortSignal, onProgress: (progress: PreparationProgress) => void): Promise<Preparation> {
    return this.job<Preparation>({ op: 'prepare', workFile, styles }, signal, onProgress as (progress: unknown) => void);
  }

  bounce(workFile: WorkFile, fitted: FittedStyle, outPath: string, signal: AbortSignal, onProgress: (progress: BounceProgress) => void): Promise<MasterReport> {
    return this.job<MasterReport>({ op: 'bounce', workFile, fitted, outPath }, signal, onProgress as (progress: unknown) => void);
  }

  /** A reference track decoded (to `workPath`, removed after) and measured; a silent one is refused. */
  analyseReference(referencePath: string, workPath: string, signal: AbortSignal): Promise<ReferenceAnalysis> {
    return this.job<ReferenceAnalysis>({ op: 'analyseReference', referencePath, workPath }, signal, () => undefined);
  }

  /** A style steered toward a reference, fitted and bounced, with the tonal distances before and after. */
  bounceToReference(job: ReferenceBounceJob, signal: AbortSignal, onProgress: (progress: BounceProgress) => void): Promise<ReferenceBounceReport> {
    return this.job<ReferenceBounceReport>({ op: 'bounceToReference', ...job }, signal, onProgress as (progress: unknown) => void);
  }

  /** A raw float file's integrated loudness and true peak (the engine's meter, as on a master), off the event loop. */
  measure(workFile: WorkFile, signal: AbortSignal): Promise<{ lufs: number | null; truePeak: number | null }> {
    return this.job({ op: 'measure', workFile }, signal, () => undefined);
  }

  /** The master's 16-bit 44.1 kHz download (resampled if need be, noise-shaped dither), written off the event loop. */
  async dither16(masterPath: string, outPath: string, signal: AbortSignal = new AbortController().signal): Promise<void> {
    await this.job<unknown>({ op: 'dither16', masterPath, outPath }, signal, () => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.pool, ...this.idleJobWorkers].map((w) => w.terminate()));
    this.pool = [];
    this.idleJobWorkers = [];
  }
}
