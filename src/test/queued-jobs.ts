import type { Platform } from '../platform/context.js';
import { claimJob, completeJobWith, failJob } from '../platform/queue/job-queue.js';
import type { JobHandler } from '../platform/queue/job-worker.js';

export interface QueuedJobsRun {
  /** Jobs that completed, in the order they ran. */
  done: string[];
  /** The error of each try that failed (the job went back to the queue, or failed for good). */
  failures: string[];
}

/**
 * Runs the queued jobs of these handlers' kinds one after another, as the web process's worker
 * does (the handler's completeWith commits with the job, a throw is a failed try), until none is
 * due or `limit` jobs have run. `now` is the claim's clock: a test moves it past a lease or back-off.
 */
export async function runQueuedJobs(platform: Pick<Platform, 'db'>, handlers: Readonly<Record<string, JobHandler>>, options: { now?: Date; limit?: number } = {}): Promise<QueuedJobsRun> {
  const run: QueuedJobsRun = { done: [], failures: [] };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  while (run.done.length + run.failures.length < limit) {
    const job = await claimJob(platform.db, { kinds: Object.keys(handlers), leaseMs: 120_000, ...(options.now ? { now: options.now } : {}) });
    if (!job) break;
    let completed = false;
    try {
      await handlers[job.kind]!(job, {
        signal: new AbortController().signal,
        completeWith: async (effect) => {
          const result = await completeJobWith(platform.db, job, effect);
          completed = true;
          return result;
        },
      });
      if (!completed) await completeJobWith(platform.db, job, async () => undefined);
      run.done.push(job.kind);
    } catch (error) {
      run.failures.push((error as Error).message);
      await failJob(platform.db, job, (error as Error).message, options.now);
    }
  }
  return run;
}
