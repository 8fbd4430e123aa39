/**
 * Admission of the media process's heavy jobs (decodes, preparations and bounces). Without it any signed-in
 * user could start unlimited jobs: four tracks and fifteen bounces took the process from 14 to 74
 * threads and 1.37 GB for 154 s of both cores. Now at most `slots` jobs run at once (sized to the
 * cores), each user has at most `perUser[kind]` of a kind running, and the rest wait in a fair queue:
 * when a slot frees, the user served least recently goes first (round robin over users), so one
 * user's fifteen bounces wait behind another user's one. A user may keep at most `maxQueuedPerUser` jobs waiting; more are refused.
 */
/** decode: an original decoded to its work file and scanned for peaks (ffmpeg and a full read). */
export type JobKind = 'decode' | 'prepare' | 'bounce';

export class QueueFullError extends Error {
  constructor() {
    super('mastering.tooManyJobs');
  }
}

export class JobAbortedError extends Error {
  constructor() {
    super('aborted');
  }
}

interface Entry {
  userId: string;
  kind: JobKind;
  grant: () => void;
  reject: (error: Error) => void;
  onPosition: (position: number) => void;
  lastPosition: number;
}

export interface SchedulerLimits {
  slots: number;
  perUser: Record<JobKind, number>;
  maxQueuedPerUser: number;
}

export class JobScheduler {
  private readonly queues = new Map<string, Entry[]>();
  /** Users with waiting jobs, in order of arrival. */
  private turns: string[] = [];
  /**
   * When each user was last granted a slot of each kind (a counter, keyed `kind:user`); never
   * served goes first. Per kind, so that a user's short decodes do not put their preparation
   * behind another user's (round robin holds for each kind of work).
   */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private readonly running = new Map<string, Record<JobKind, number>>();
  private runningTotal = 0;

  constructor(readonly limits: SchedulerLimits) {}

  /**
   * Waits for a slot, reporting the place in line (1 = next) while waiting. Resolves with a
   * release function that must be called when the job ends; rejects when `signal` aborts first.
   */
  acquire(userId: string, kind: JobKind, signal: AbortSignal, onPosition: (position: number) => void = () => undefined): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new JobAbortedError());
    const queue = this.queues.get(userId) ?? [];
    if (queue.length >= this.limits.maxQueuedPerUser) return Promise.reject(new QueueFullError());
    return new Promise((resolve, reject) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.finish(userId, kind);
      };
      const entry: Entry = {
        userId,
        kind,
        lastPosition: 0,
        onPosition,
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(release);
        },
        reject,
      };
      const onAbort = () => {
        if (this.remove(entry)) {
          reject(new JobAbortedError());
          this.reportPositions();
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      queue.push(entry);
      this.queues.set(userId, queue);
      if (!this.turns.includes(userId)) this.turns.push(userId);
      this.dispatch();
    });
  }

  /** Jobs running and waiting, for logs and tests. */
  get stats(): { running: number; queued: number } {
    let queued = 0;
    for (const queue of this.queues.values()) queued += queue.length;
    return { running: this.runningTotal, queued };
  }

  private runningOf(userId: string): Record<JobKind, number> {
    let counts = this.running.get(userId);
    if (!counts) {
      counts = { decode: 0, prepare: 0, bounce: 0 };
      this.running.set(userId, counts);
    }
    return counts;
  }

  private finish(userId: string, kind: JobKind): void {
    const counts = this.runningOf(userId);
    counts[kind] -= 1;
    this.runningTotal -= 1;
    if (counts.decode === 0 && counts.prepare === 0 && counts.bounce === 0) this.running.delete(userId);
    if (!this.running.has(userId) && !this.queues.has(userId) && this.lastServed.size > 3000) {
      for (const each of ['decode', 'prepare', 'bounce'] as const) this.lastServed.delete(`${each}:${userId}`);
    }
    this.dispatch();
  }

  private remove(entry: Entry): boolean {
    const queue = this.queues.get(entry.userId);
    const index = queue?.indexOf(entry) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) {
      this.queues.delete(entry.userId);
      this.turns = this.turns.filter((user) => user !== entry.userId);
    }
    return true;
  }

  /** The first waiting job of a user that its per-user limits let run now. */
  private runnableOf(userId: string): Entry | undefined {
    const counts = this.running.get(userId);
    return this.queues.get(userId)?.find((entry) => (counts?.[entry.kind] ?? 0) < this.limits.perUser[entry.kind]);
  }

  /** When the user was last served the kind of `entry` (-1: never). */
  private servedAt(userId: string, entry: Entry | undefined): number {
    return entry ? (this.lastServed.get(`${entry.kind}:${userId}`) ?? -1) : -1;
  }

  /** Waiting users, least recently served (for the kind of their next job) first; ties: who came first. */
  private usersInTurn(): string[] {
    const next = (user: string) => this.servedAt(user, this.runnableOf(user) ?? this.queues.get(user)?.[0]);
    return [...this.turns].sort((x, y) => next(x) - next(y));
  }

  private dispatch(): void {
    while (this.runningTotal < this.limits.slots) {
      const userId = this.usersInTurn().find((user) => this.runnableOf(user));
      if (!userId) break;
      const entry = this.runnableOf(userId)!;
      this.remove(entry);
      this.lastServed.set(`${entry.kind}:${userId}`, ++this.served);
      this.runningOf(userId)[entry.kind] += 1;
      this.runningTotal += 1;
      entry.grant();
    }
    this.reportPositions();
  }

  /**
   * Places in line as round robin will serve them: the first job of each user in turn order, then
   * the second of each, and so on. Only changed places are reported.
   */
  private reportPositions(): void {
    const queues = this.usersInTurn().map((user) => this.queues.get(user) ?? []);
    let position = 0;
    for (let round = 0; queues.some((queue) => queue.length > round); round++) {
      for (const queue of queues) {
        const entry = queue[round];
        if (!entry) continue;
        position += 1;
        if (entry.lastPosition !== position) {
          entry.lastPosition = position;
          entry.onPosition(position);
        }
      }
    }
  }
}
