import type { Database } from '../db/database.js';
import type { Logger } from '../log.js';
import { startPeriodicJob, type PeriodicJob } from '../periodic-job.js';
import { enqueueJob } from './job-queue.js';

/**
 * Puts one job of `kind` on the queue per time slot of `everyMs`. Every web process runs the same
 * schedule; the slot's idempotency key makes it one job, done by whichever worker claims it, and a
 * slot whose job is already done is not done again after a restart.
 */
export function startJobSchedule(
  db: Database,
  log: Logger,
  options: { kind: string; everyMs: number; firstDelayMs?: number; priority?: number; onEnqueued?: () => void },
): PeriodicJob {
  return startPeriodicJob(log, {
    name: `${options.kind} schedule`,
    intervalMs: options.everyMs,
    ...(options.firstDelayMs !== undefined ? { firstDelayMs: options.firstDelayMs } : {}),
    run: async () => {
      const slot = new Date(Math.floor(Date.now() / options.everyMs) * options.everyMs);
      // One try per slot is enough for a sweep: the next slot sweeps again.
      const { created } = await enqueueJob(db, { kind: options.kind, priority: options.priority ?? 0, idempotencyKey: `${options.kind}@${slot.toISOString()}`, maxAttempts: 1 });
      if (created) options.onEnqueued?.();
    },
  });
}
