import type { InternalClient } from '../../src/internal/internal-client.js';
import { MEDIA_QUEUED_TOPIC, type MediaJobKind } from '../../src/modules/streaming/streaming.constants.js';
import type { Logger } from '../../src/platform/log.js';
import type { CpuSlots } from './cpu-slots.js';
import type { JobEventStream } from './job-event-stream.js';

/** A job as the queue's claim hands it over (the internal API's answer, not a type of its own). */
export type MediaJob = NonNullable<Awaited<ReturnType<InternalClient['mediaJobs']['claim']['mutate']>>>;

/** What a handler holds while it works on a job. */
export interface MediaJobLease {
  job: MediaJob;
  /** Aborted when the lease is lost (another process may have the job now) or this process stops. */
  signal: AbortSignal;
  /** Tells the job's waiters, wherever they are connected (sent at most every PROGRESS_MS, the latest wins). */
  progress(state: Record<string, unknown>): void;
  /** Renews the lease now: false when it is lost (nothing may be moved into place then). */
  renew(): Promise<boolean>;
}

export interface MediaJobHandler {
  /** The topic its waiters listen to. */
  topic(payload: unknown): string;
  /** Does the work and records its outcome (complete or fail) through the internal API. */
  run(lease: MediaJobLease): Promise<void>;
}

/**
 * A free slot held while this process asks the web process for a job: the ask takes the slot's
 * job in the same call (no queued event, no claim of its own), or gives the slot back.
 */
export interface SlotOffer {
  kinds: MediaJobKind[];
  leaseMs: number;
  /** The job the ask took for this slot (started here), or nothing (the slot is free again). */
  settle(job: MediaJob | null | undefined): void;
}

export interface MediaJobWorkerOptions {
  handlers: Partial<Record<MediaJobKind, MediaJobHandler>>;
  /** One job per free slot; a slot a player's decode holds is not claimed with. */
  cpu: CpuSlots;
  /** MEDIA_JOB_LEASE_S: renewed every third of it. */
  leaseMs: number;
  /** A look at the queue this often even when no event says work is queued (events may be missed). */
  pollMs?: number;
}

const PROGRESS_MS = 250;

/**
 * The media process's worker loop over the durable queue (through the web process's internal
 * API): claims one job per free CPU slot and no more, so a claimed job starts at once and the
 * queue's claim is the only place that decides whose job runs next; it keeps each lease alive while
 * the work runs, and stops the work when the lease is lost. A process that dies simply stops
 * renewing: its jobs are claimed again by another media process once their leases run out.
 */
export class MediaJobWorker {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void>; job: MediaJob }>();
  private readonly stopping = new AbortController();
  private pumping = false;
  private again = false;
  /** The loop gives back a slot it found nothing for: that must not start the loop again. */
  private givingBack = false;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeFreed: () => void;

  constructor(
    private readonly client: InternalClient,
    events: JobEventStream,
    private readonly log: Logger,
    private readonly options: MediaJobWorkerOptions,
  ) {
    this.unsubscribe = events.on(MEDIA_QUEUED_TOPIC, () => this.wake());
    this.unsubscribeFreed = options.cpu.onFreed(() => !this.givingBack && this.wake());
    this.timer = setInterval(() => this.wake(), options.pollMs ?? 2_000);
    this.timer.unref();
    this.wake();
  }

  get activeJobs(): number {
    return this.running.size;
  }

  wake(): void {
    void this.pump();
  }

  /** A free slot for an ask of this process, or null when every slot is busy (the ask then only queues). */
  offer(): SlotOffer | null {
    const kinds = Object.keys(this.options.handlers) as MediaJobKind[];
    if (this.stopping.signal.aborted || kinds.length === 0) return null;
    const slot = this.options.cpu.take();
    if (!slot) return null;
    let settled = false;
    return {
      kinds,
      leaseMs: this.options.leaseMs,
      settle: (job) => {
        if (settled) return;
        settled = true;
        if (!job) return slot();
        // Stopping meanwhile: the job goes back to the queue at once, as the running ones do.
        if (this.stopping.signal.aborted) {
          slot();
          return void this.client.mediaJobs.release.mutate({ jobId: job.id, leaseToken: job.leaseToken }).catch(() => undefined);
        }
        this.start(job, slot);
      },
    };
  }

  /**
   * Takes no more work; running jobs are aborted and handed back to the queue at once (another
   * process takes them without waiting for the lease to run out).
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearInterval(this.timer);
    this.unsubscribe();
    this.unsubscribeFreed();
    const jobs = [...this.running.values()];
    for (const { controller } of jobs) controller.abort();
    await Promise.allSettled(jobs.map(({ done }) => done));
    await Promise.allSettled(jobs.map(({ job }) => this.client.mediaJobs.release.mutate({ jobId: job.id, leaseToken: job.leaseToken })));
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        const kinds = Object.keys(this.options.handlers) as MediaJobKind[];
        while (!this.stopping.signal.aborted && kinds.length > 0) {
          const slot = this.options.cpu.take();
          if (!slot) break;
          const job = await this.client.mediaJobs.claim.mutate({ kinds, leaseMs: this.options.leaseMs }).catch((error: unknown) => {
            this.giveBack(slot);
            throw error;
          });
          if (!job) {
            this.giveBack(slot);
            break;
          }
          this.start(job, slot);
        }
      } while (this.again && !this.stopping.signal.aborted);
    } catch (error) {
      this.log.warn({ err: error }, 'media jobs: claim failed');
    } finally {
      this.pumping = false;
    }
  }

  private giveBack(slot: () => void): void {
    this.givingBack = true;
    try {
      slot();
    } finally {
      this.givingBack = false;
    }
  }

  /** Runs the job in `slot`, released when the job ends. */
  private start(job: MediaJob, slot: () => void): void {
    const handler = this.options.handlers[job.kind as MediaJobKind]!;
    const controller = new AbortController();
    const topic = handler.topic(job.payload);
    const lease = { jobId: job.id, leaseToken: job.leaseToken, leaseMs: this.options.leaseMs, topic };
    let pending: Record<string, unknown> | null = null;
    let progressTimer: NodeJS.Timeout | null = null;
    const beat = async (progress?: Record<string, unknown>) => {
      try {
        const { held } = await this.client.mediaJobs.beat.mutate({ ...lease, ...(progress ? { progress } : {}) });
        if (!held) controller.abort(new Error('lease lost'));
        return held;
      } catch (error) {
        // The web process may be restarting: the next beat tries again; the lease outlasts two misses.
        this.log.warn({ err: error, jobId: job.id }, 'media jobs: lease renewal failed');
        return !controller.signal.aborted;
      }
    };
    const heartbeat = setInterval(() => void beat(), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    heartbeat.unref();
    const flush = () => {
      progressTimer = null;
      const state = pending;
      pending = null;
      if (state && !controller.signal.aborted) void beat(state);
    };
    const handle: MediaJobLease = {
      job,
      signal: controller.signal,
      progress(state) {
        pending = state;
        progressTimer ??= setTimeout(flush, PROGRESS_MS);
      },
      renew: () => beat(),
    };
    const done = (async () => {
      try {
        await handler.run(handle);
      } catch (error) {
        // The handler records its own outcomes; an error here (the web process unreachable) hands the job back.
        this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'media job failed unrecorded; handing it back');
        await this.client.mediaJobs.release.mutate({ jobId: job.id, leaseToken: job.leaseToken }).catch(() => undefined);
      } finally {
        clearInterval(heartbeat);
        if (progressTimer) clearTimeout(progressTimer);
        this.running.delete(job.id);
        // Freeing the slot wakes the loop (onFreed) unless a player's decode takes it over.
        slot();
      }
    })();
    this.running.set(job.id, { controller, done, job });
  }
}
