import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { Logger } from '../log.js';
import { claimJob, completeJobWith, extendLease, failJob, LeaseLostError, type ClaimedJob, type JobLimits } from './job-queue.js';

export interface JobLease {
  /** Aborted when the lease is lost (the job may already run elsewhere) or the worker stops. */
  signal: AbortSignal;
  /** Commits the handler's database effect together with the job's completion (see completeJobWith). */
  completeWith<T>(effect: (tx: Transaction<DB>) => Promise<T>): Promise<T>;
}

/** Does one job; a throw is a failed try (retried with back-off). Returning without completeWith completes the job. */
export type JobHandler = (job: ClaimedJob, lease: JobLease) => Promise<void>;

export interface JobWorkerOptions {
  handlers: Readonly<Record<string, JobHandler>>;
  /** Jobs this process runs at once. */
  concurrency?: number;
  pollMs?: number;
  /** A job whose worker stops heart-beating is taken again this long after the last beat. */
  leaseMs?: number;
  limits?: Readonly<Record<string, JobLimits>>;
}

export interface JobWorker {
  /** Looks for work now (after an enqueue in this process). */
  wake(): void;
  /**
   * Takes no more jobs, aborts the running ones' signals and waits for them up to `graceMs`; a job
   * still running then keeps its lease until it runs out and is taken up by another worker.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Polls the queue for the kinds it has handlers for and runs up to `concurrency` jobs, each under a
 * lease renewed every third of `leaseMs`. Timers are unref'd: the worker never keeps the process alive.
 */
export function startJobWorker(db: Database, log: Logger, options: JobWorkerOptions): JobWorker {
  const kinds = Object.keys(options.handlers);
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = () => {
    if (stopping.signal.aborted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void pump(), pollMs);
    timer.unref();
  };

  async function pump() {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopping.signal.aborted && running.size < concurrency) {
          const job = await claimJob(db, { kinds, leaseMs, ...(options.limits ? { limits: options.limits } : {}) });
          if (!job) break;
          const run = runJob(job).finally(() => {
            running.delete(run);
            void pump();
          });
          running.add(run);
        }
      } while (again && !stopping.signal.aborted);
    } catch (error) {
      log.error({ err: error }, 'job queue: claim failed');
    } finally {
      pumping = false;
      schedule();
    }
  }

  async function runJob(job: ClaimedJob) {
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, stopping.signal]);
    let completed = false;
    const beat = setInterval(() => {
      extendLease(db, job, leaseMs)
        .then((held) => {
          if (!held) lost.abort(new LeaseLostError(job.id));
        })
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'job queue: lease renewal failed'));
    }, Math.max(10, Math.floor(leaseMs / 3)));
    beat.unref();
    const lease: JobLease = {
      signal,
      async completeWith(effect) {
        const result = await completeJobWith(db, job, effect);
        completed = true;
        return result;
      },
    };
    try {
      await options.handlers[job.kind]!(job, lease);
      if (!completed) await lease.completeWith(async () => undefined);
    } catch (error) {
      if (error instanceof LeaseLostError || lost.signal.aborted) {
        log.warn({ jobId: job.id, kind: job.kind }, 'job queue: lease lost; the job is left to whoever holds it now');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(db, job, message).catch(() => 'unrecorded');
      log[outcome === 'failed' ? 'error' : 'warn']({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts, outcome }, 'job failed');
    } finally {
      clearInterval(beat);
    }
  }

  void pump();
  return {
    wake: () => void pump(),
    async stop(graceMs = 10_000) {
      stopping.abort();
      if (timer) clearTimeout(timer);
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
    },
  };
}
