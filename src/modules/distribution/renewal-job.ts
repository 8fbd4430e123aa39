import { serviceContextOf, type Platform } from '../../platform/context.js';
import { renewDueSubscriptions } from './subscription.service.js';

/**
 * Runs the renewal service on a timer inside the web process. Deliberately only a timer around a
 * plain service call: a durable job queue can run `renewDueSubscriptions` instead without change.
 * Runs do not overlap; `clock` is injectable for tests.
 */
export function startRenewalJob(platform: Platform, options: { intervalMs: number; clock?: () => Date }): { stop(): void } {
  const clock = options.clock ?? (() => new Date());
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await renewDueSubscriptions(serviceContextOf(platform, null, 'en'), clock());
    } catch (error) {
      platform.log.error({ err: error }, 'renewal job failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 5_000);
  const timer = setInterval(() => void run(), options.intervalMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
