import type { Logger } from './log.js';

/**
 * Work a request starts and does not wait for (a receipt mail after a payment, a reset mail):
 * tracked, so a stopping process and a test's teardown wait for it instead of cutting it off
 * half-done (a temporary directory removed while a mail was still being written into it).
 */
export interface BackgroundTasks {
  /** Runs `task` without the caller waiting for it; a failure is logged, never thrown. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Settles when every task started so far, and every task those started, has settled. */
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
