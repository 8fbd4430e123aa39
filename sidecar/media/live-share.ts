/**
 * Turns between users for live work: what a playing user needs for the next seconds (chunk renders
 * of previews, reads of originals and masters) and the decode of a track someone opens. This is
 * not job work: jobs wait in the durable queue and are ordered by its claim (`fairLine` in
 * src/platform/queue/job-queue.ts); live work cannot wait a job's time and never goes there.
 * Per-connection and per-user message budgets bound how much one user asks for, but not how long
 * another waits: twenty connections of one user kept twenty renders in the render worker's queue
 * ahead of anyone else's chunk. Here at most `slots` tasks run at once, one user at most `perUser`
 * of them, and the users waiting take turns (round robin), so another user's task waits behind at
 * most a slot's worth of work, however many connections flood.
 */
interface Waiting {
  start: () => void;
}

export class LiveShare {
  private readonly queues = new Map<string, Waiting[]>();
  /** Users with waiting work, in turn order: a served user goes to the back. */
  private turns: string[] = [];
  private readonly running = new Map<string, number>();
  private runningTotal = 0;

  constructor(
    readonly slots: number,
    readonly perUser: number,
  ) {}

  /** Runs `task` when the user's turn comes; resolves or rejects with it, or rejects when `signal` aborts while it waits. */
  run<T>(userId: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<T>((resolve, reject) => {
      const queue = this.queues.get(userId) ?? [];
      const onAbort = () => {
        if (this.remove(userId, waiting)) reject(signal!.reason as Error);
      };
      const waiting: Waiting = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          void task()
            .then(resolve, reject)
            .finally(() => this.finish(userId));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiting);
      this.queues.set(userId, queue);
      if (!this.turns.includes(userId)) this.turns.push(userId);
      this.dispatch();
    });
  }

  get stats(): { running: number; waiting: number } {
    let waiting = 0;
    for (const queue of this.queues.values()) waiting += queue.length;
    return { running: this.runningTotal, waiting };
  }

  private remove(userId: string, waiting: Waiting): boolean {
    const queue = this.queues.get(userId);
    const index = queue?.indexOf(waiting) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) {
      this.queues.delete(userId);
      this.turns = this.turns.filter((user) => user !== userId);
    }
    return true;
  }

  private finish(userId: string): void {
    const count = (this.running.get(userId) ?? 1) - 1;
    if (count > 0) this.running.set(userId, count);
    else this.running.delete(userId);
    this.runningTotal -= 1;
    this.dispatch();
  }

  private dispatch(): void {
    while (this.runningTotal < this.slots) {
      const userId = this.turns.find((user) => (this.running.get(user) ?? 0) < this.perUser);
      if (userId === undefined) return;
      const queue = this.queues.get(userId)!;
      const next = queue.shift()!;
      // Served: to the back of the line, or out of it when nothing of theirs waits.
      this.turns = this.turns.filter((user) => user !== userId);
      if (queue.length > 0) this.turns.push(userId);
      else this.queues.delete(userId);
      this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
      this.runningTotal += 1;
      next.start();
    }
  }
}
