import type { MediaJobTicket } from '../../src/modules/streaming/index.js';
import type { JobEventStream } from './job-event-stream.js';
import type { Waiter } from './jobs.js';

/** How long a waiter waits for the job event stream to open before asking anyway (its ticket polls cover a miss). */
const EVENTS_OPEN_WAIT_MS = 5_000;
/** A waiter looks at its job this often: its place in line, and an outcome whose event was missed. */
const TICKET_POLL_MS = 2_000;

/** The waiter left (its socket closed) before its job ended. */
export class JobAbortedError extends Error {
  constructor() {
    super('aborted');
  }
}

/** A queued job ended without its result (failed for good, or its outcome is unknown): the error's translation key. */
export class QueuedJobFailedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** A job's ticket as a waiter reads it (a job its own process took at once is the worker's business). */
export type WaitTicket = Omit<MediaJobTicket, 'claimed'>;

export interface JobWait {
  topic: string;
  /** Puts the job on the queue (or joins the one there) through the web process. */
  enqueue(): Promise<WaitTicket>;
  ticket(jobId: string): Promise<WaitTicket>;
  onProgress(data: Record<string, unknown>): void;
  onQueued(position: number): void;
  /** The waiter left before the job ended (the web process may drop a job nobody waits for). */
  onLeave?(jobId: string): void;
  /** The error key when the web process refuses to queue it (a rule says no). */
  refusalOf(error: unknown): string;
}

/**
 * Sockets waiting for jobs of the durable queue, wherever those run: each waits on its job's
 * events (JobEventStream), subscribed before the job is queued so a quick finish is not missed,
 * and looks at the job's ticket now and then and after a reconnect (events may be lost).
 */
export class JobWaits {
  private readonly waits = new Map<Waiter, Set<() => void>>();

  constructor(private readonly events: JobEventStream) {}

  /** Resolves with the done job's data (a bounce's masterId); rejects with QueuedJobFailedError, or JobAbortedError when the waiter leaves. */
  async wait(waiter: Waiter, job: JobWait): Promise<{ masterId: string | null }> {
    await Promise.race([this.events.opened(), new Promise((resolve) => setTimeout(resolve, EVENTS_OPEN_WAIT_MS).unref())]);
    return new Promise((resolve, reject) => {
      let jobId: string | null = null;
      let ended = false;
      const finish = (outcome: () => void) => {
        if (ended) return;
        ended = true;
        off();
        offReconnect();
        clearInterval(poll);
        this.waits.get(waiter)?.delete(cancel);
        outcome();
      };
      const settle = (ticket: WaitTicket) => {
        if (ticket.state === 'done') finish(() => resolve({ masterId: ticket.masterId }));
        else if (ticket.state === 'failed') finish(() => reject(new QueuedJobFailedError(ticket.error ?? 'global.error.server')));
        else if (ticket.position !== null) job.onQueued(ticket.position);
      };
      const off = this.events.on(job.topic, (event) => {
        if (event.type === 'progress') job.onProgress(event.data ?? {});
        else if (event.type === 'done') finish(() => resolve({ masterId: typeof event.data?.masterId === 'string' ? event.data.masterId : null }));
        else if (event.type === 'failed') finish(() => reject(new QueuedJobFailedError(String(event.data?.error ?? 'global.error.server'))));
      });
      const check = () => {
        if (jobId && !ended) job.ticket(jobId).then(settle, () => undefined);
      };
      const offReconnect = this.events.onReconnect(check);
      const poll = setInterval(check, TICKET_POLL_MS);
      poll.unref();
      const cancel = () =>
        finish(() => {
          if (jobId) job.onLeave?.(jobId);
          reject(new JobAbortedError());
        });
      let waits = this.waits.get(waiter);
      if (!waits) this.waits.set(waiter, (waits = new Set()));
      waits.add(cancel);
      job.enqueue().then(
        (ticket) => {
          jobId = ticket.jobId;
          // Left while the job was being queued: it is left now.
          if (ended) return job.onLeave?.(ticket.jobId);
          settle(ticket);
        },
        (error: unknown) => finish(() => reject(new QueuedJobFailedError(job.refusalOf(error)))),
      );
    });
  }

  /** The waiter (a closed socket) stops waiting for its jobs; the jobs themselves are the queue's. */
  leave(waiter: Waiter): void {
    for (const cancel of [...(this.waits.get(waiter) ?? [])]) cancel();
    this.waits.delete(waiter);
  }
}
