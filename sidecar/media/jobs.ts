/**
 * Long media jobs (decode, preparation, bounce) shared by everyone who waits for them: a second
 * client asking for the same work joins the running job, and a job no one waits for any
 * more is aborted, which kills its ffmpeg child or terminates its worker thread.
 */
export type Waiter = object;

interface SharedRun<T, P> {
  key: string;
  controller: AbortController;
  promise: Promise<T>;
  waiters: Map<Waiter, ((progress: P) => void) | undefined>;
  lastProgress: P | undefined;
  /** Jobs started for the server itself (e.g. a preview render) that no client should abort. */
  pinned: boolean;
}

export type JobRunner<T, P> = (signal: AbortSignal, progress: (value: P) => void) => Promise<T>;

export class JobRegistry {
  private readonly jobs = new Map<string, SharedRun<unknown, unknown>>();
  private readonly departures = new WeakMap<Waiter, AbortController>();

  /**
   * Aborted when the waiter leaves everything (its socket closed): for what it waits for before it
   * joins a job (a turn of live work, a CPU slot).
   */
  departure(waiter: Waiter): AbortSignal {
    return this.departureOf(waiter).signal;
  }

  private departureOf(waiter: Waiter): AbortController {
    let controller = this.departures.get(waiter);
    if (!controller) this.departures.set(waiter, (controller = new AbortController()));
    return controller;
  }

  /**
   * Runs `run` under `key`, or joins the job already running under it. `onProgress` receives the
   * latest progress at once when joining, then every update. The promise rejects for this waiter
   * when the job fails or is aborted.
   */
  join<T, P = never>(key: string, waiter: Waiter, run: JobRunner<T, P>, onProgress?: (value: P) => void): Promise<T> {
    let job = this.jobs.get(key) as SharedRun<T, P> | undefined;
    if (!job) {
      const controller = new AbortController();
      const created: SharedRun<T, P> = {
        key,
        controller,
        waiters: new Map(),
        lastProgress: undefined,
        pinned: false,
        promise: Promise.resolve() as unknown as Promise<T>,
      };
      const emit = (value: P) => {
        created.lastProgress = value;
        for (const listener of created.waiters.values()) listener?.(value);
      };
      created.promise = (async () => {
        try {
          return await run(controller.signal, emit);
        } finally {
          if (this.jobs.get(key) === (created as SharedRun<unknown, unknown>)) this.jobs.delete(key);
        }
      })();
      // A job whose every waiter left still settles; nobody must see an unhandled rejection.
      created.promise.catch(() => undefined);
      job = created;
      this.jobs.set(key, job as SharedRun<unknown, unknown>);
    } else if (onProgress && job.lastProgress !== undefined) {
      onProgress(job.lastProgress);
    }
    job.waiters.set(waiter, onProgress);
    return job.promise;
  }

  /** The waiter stops waiting for one job (or all when key is omitted); orphaned jobs are aborted. */
  leave(waiter: Waiter, key?: string): void {
    // Kept aborted (a weak key): a wait begun after the socket closed ends at once.
    // Kept aborted under its weak key: a wait begun after the socket closed ends at once.
    if (key === undefined) this.departureOf(waiter).abort(new Error('aborted'));
    for (const job of this.jobs.values()) {
      if (key !== undefined && job.key !== key) continue;
      if (!job.waiters.delete(waiter)) continue;
      if (job.waiters.size === 0 && !job.pinned) {
        job.controller.abort();
        this.jobs.delete(job.key);
      }
    }
  }

  has(key: string): boolean {
    return this.jobs.has(key);
  }

  get running(): string[] {
    return [...this.jobs.keys()];
  }

  abortAll(): void {
    for (const job of this.jobs.values()) job.controller.abort();
    this.jobs.clear();
  }
}
