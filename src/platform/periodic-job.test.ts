import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job.js';

describe('startPeriodicJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when a run takes longer than the interval, then the next tick is skipped rather than run beside it', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = startPeriodicJob(pino({ level: 'silent' }), {
      name: 'slow',
      intervalMs: 100,
      run: async () => {
        runs++;
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 250));
        running--;
      },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    job.stop();
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(4);
  });

  it('when a run fails, then it is logged and the next run still comes; stop ends the runs', async () => {
    const errors: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line)) });
    let runs = 0;
    const job = startPeriodicJob(log, {
      name: 'flaky',
      intervalMs: 100,
      firstDelayMs: 0,
      run: () => {
        runs++;
        return Promise.reject(new Error('boom'));
      },
    });
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toBe(3);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({ job: 'flaky', msg: 'flaky failed' });
    job.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(3);
  });
});
