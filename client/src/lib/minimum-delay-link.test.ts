import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { initTRPC } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { minimumDelayLink } from './minimum-delay-link.js';

const t = initTRPC.create();
const router = t.router({
  ping: t.procedure.query(() => 'pong'),
  save: t.procedure.input(z.string()).mutation(({ input }) => input),
});
type Router = typeof router;

/** Answers at once (after `latencyMs`) from the router itself, without HTTP. */
function answerLink(latencyMs: number): TRPCLink<Router> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const timer = setTimeout(() => {
          const caller = router.createCaller({});
          const call = op.path === 'save' ? caller.save(op.input as string) : caller.ping();
          void call.then((data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          });
        }, latencyMs);
        return () => clearTimeout(timer);
      });
}

describe('minimum fetch delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledAt = async (promise: Promise<unknown>) => {
    let settled: number | null = null;
    void promise.then(() => (settled = Date.now()));
    const start = Date.now();
    for (let step = 0; step < 60 && settled === null; step += 1) await vi.advanceTimersByTimeAsync(10);
    return settled === null ? null : (settled as number) - start;
  };

  it('when a query answers in 20 ms, then its data arrives only after 200 ms', async () => {
    const client = createTRPCClient<Router>({ links: [minimumDelayLink<Router>(200), answerLink(20)] });
    const elapsed = await settledAt(client.ping.query());
    expect(elapsed).toBeGreaterThanOrEqual(200);
    expect(elapsed).toBeLessThan(220);
  });

  it('when a query takes 350 ms, then nothing is added', async () => {
    const client = createTRPCClient<Router>({ links: [minimumDelayLink<Router>(200), answerLink(350)] });
    const elapsed = await settledAt(client.ping.query());
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(370);
  });

  it('when the user saves something, then the mutation is not held back', async () => {
    const client = createTRPCClient<Router>({ links: [minimumDelayLink<Router>(200), answerLink(20)] });
    const elapsed = await settledAt(client.save.mutate('x'));
    expect(elapsed).toBeLessThan(40);
  });

  it('when the answer comes at the due moment, then its data still arrives before its end', async () => {
    // The clock reads: sent at 0; the data a millisecond before the due 200; the end at 200 itself.
    const readings = [0, 199];
    const clock = () => readings.shift() ?? 200;
    const client = createTRPCClient<Router>({ links: [minimumDelayLink<Router>(200, clock), answerLink(20)] });
    const answer = client.ping.query();
    const outcome = answer.then(
      (data) => ({ data }),
      (error: unknown) => ({ error: String(error) }),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(await outcome).toEqual({ data: 'pong' });
  });
});
