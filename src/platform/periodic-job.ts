import type { Logger } from 'pino';

export interface PeriodicJob {
  stop(): void;
  /** Runs the job now (unless a run is under way). */
  wake(): void;
}

/**
 * Runs `run` every `intervalMs` inside this process, first after `firstDelayMs`; runs never overlap
 * and a failed run is logged, not thrown, so the next one still comes. The timers do not keep the
 * process alive. The jobs are plain service calls: a durable job queue can call the same functions.
 */
export function startPeriodicJob(
  log: Logger,
  options: { name: string; intervalMs: number; firstDelayMs?: number; run: () => Promise<unknown> },
): PeriodicJob {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await options.run();
    } catch (error) {
      log.error({ err: error, job: options.name }, `${options.name} failed`);
    } finally {
      running = false;
    }
  };
  const first = options.firstDelayMs === undefined ? null : setTimeout(() => void tick(), options.firstDelayMs);
  const timer = setInterval(() => void tick(), options.intervalMs);
  first?.unref();
  timer.unref();
  return {
    stop() {
      if (first) clearTimeout(first);
      clearInterval(timer);
    },
    wake: () => void tick(),
  };
}
