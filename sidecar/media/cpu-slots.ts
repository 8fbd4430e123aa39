/**
 * The media process's CPU slots (MEDIA_JOB_SLOTS, sized to the cores): how many heavy pieces of
 * work run here at once, a claimed queue job or a decode a player waits for. It counts, and
 * decides no order between users: queue jobs are ordered by the queue's claim (fairLine in
 * src/platform/queue/job-queue.ts), a player's decodes by their live share (live-share.ts).
 * Live work goes first: a freed slot is handed to a waiting decode before the worker may claim.
 */
export class CpuSlots {
  private used = 0;
  private readonly waiting: Array<(release: () => void) => void> = [];
  private readonly freed = new Set<() => void>();

  constructor(readonly size: number) {}

  get free(): number {
    return this.size - this.used;
  }

  /** A free slot nothing live waits for (the worker claims a job with it), or null. */
  take(): (() => void) | null {
    if (this.used >= this.size || this.waiting.length > 0) return null;
    this.used += 1;
    return this.releaser();
  }

  /** The next free slot, before any claim of the worker; rejects when `signal` aborts first. */
  whenFree(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.used < this.size && this.waiting.length === 0) {
      this.used += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = (release: () => void) => {
        signal.removeEventListener('abort', onAbort);
        resolve(release);
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  /** Called whenever a slot becomes free for a claim; the unsubscribe function. */
  onFreed(listener: () => void): () => void {
    this.freed.add(listener);
    return () => this.freed.delete(listener);
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // Handed over as it is: the slot stays taken, by the live work that waited for it.
      if (next) return next(this.releaser());
      this.used -= 1;
      for (const listener of this.freed) listener();
    };
  }
}
