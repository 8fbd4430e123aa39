import { describe, expect, it } from 'vitest';
import { JobAbortedError, JobScheduler, QueueFullError } from './job-scheduler.js';

const limits = { slots: 2, perUser: { decode: 2, prepare: 1, bounce: 2 }, maxQueuedPerUser: 4 };

describe('JobScheduler', () => {
  it('when more jobs ask than there are slots, then only `slots` run and the rest learn their place', async () => {
    const scheduler = new JobScheduler(limits);
    const never = new AbortController().signal;
    const positions: Record<string, number[]> = { a: [], b: [], c: [] };
    const a = await scheduler.acquire('a', 'bounce', never);
    const b = await scheduler.acquire('b', 'bounce', never);
    let cGranted = false;
    const c = scheduler.acquire('c', 'bounce', never, (p) => positions.c!.push(p)).then((release) => {
      cGranted = true;
      return release;
    });
    await Promise.resolve();
    expect(cGranted).toBe(false);
    expect(positions.c).toEqual([1]);
    expect(scheduler.stats).toEqual({ running: 2, queued: 1 });
    a();
    (await c)();
    b();
    expect(scheduler.stats).toEqual({ running: 0, queued: 0 });
  });

  it('when one user queues many jobs and others one each, then the least recently served goes first (round robin)', async () => {
    const scheduler = new JobScheduler({ ...limits, slots: 1 });
    const never = new AbortController().signal;
    const order: string[] = [];
    const first = await scheduler.acquire('greedy', 'bounce', never);
    const waits = [
      scheduler.acquire('greedy', 'bounce', never).then((release) => ({ who: 'greedy-2', release })),
      scheduler.acquire('greedy', 'bounce', never).then((release) => ({ who: 'greedy-3', release })),
      scheduler.acquire('modest', 'bounce', never).then((release) => ({ who: 'modest-1', release })),
    ];
    const positions: number[] = [];
    const late = scheduler.acquire('late', 'bounce', never, (p) => positions.push(p)).then((release) => ({ who: 'late-1', release }));
    // Greedy was served last: modest and late, never served yet, go before its second job.
    expect(positions).toEqual([2]);
    first();
    for (const wait of [...waits, late]) {
      void wait.then(({ who, release }) => {
        order.push(who);
        setTimeout(release, 0);
      });
    }
    await Promise.all([...waits, late]);
    expect(order).toEqual(['modest-1', 'late-1', 'greedy-2', 'greedy-3']);
  });

  it('when a user already runs a preparation, then the next one waits even with a slot free', async () => {
    const scheduler = new JobScheduler(limits);
    const never = new AbortController().signal;
    const first = await scheduler.acquire('a', 'prepare', never);
    let second = false;
    const next = scheduler.acquire('a', 'prepare', never).then((release) => {
      second = true;
      return release;
    });
    const other = await scheduler.acquire('b', 'prepare', never);
    expect(second).toBe(false);
    first();
    (await next)();
    other();
  });

  it('when a user already runs as many bounces as allowed, then the next waits with slots free and another user is served', async () => {
    const scheduler = new JobScheduler({ ...limits, slots: 4 });
    const never = new AbortController().signal;
    const running = [await scheduler.acquire('a', 'bounce', never), await scheduler.acquire('a', 'bounce', never)];
    let third = false;
    const positions: number[] = [];
    const next = scheduler.acquire('a', 'bounce', never, (p) => positions.push(p)).then((release) => {
      third = true;
      return release;
    });
    const other = await scheduler.acquire('b', 'bounce', never);
    await Promise.resolve();
    expect(third).toBe(false);
    expect(positions).toEqual([1]);
    expect(scheduler.stats).toEqual({ running: 3, queued: 1 });
    running[0]!();
    (await next)();
    running[1]!();
    other();
    expect(scheduler.stats).toEqual({ running: 0, queued: 0 });
  });

  it('when a waiting job is aborted, then it leaves the line and the others move up', async () => {
    const scheduler = new JobScheduler({ ...limits, slots: 1 });
    const never = new AbortController().signal;
    const running = await scheduler.acquire('a', 'bounce', never);
    const controller = new AbortController();
    const aborted = scheduler.acquire('b', 'bounce', controller.signal);
    const positions: number[] = [];
    const waiting = scheduler.acquire('c', 'bounce', never, (p) => positions.push(p));
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(JobAbortedError);
    expect(positions).toEqual([2, 1]);
    running();
    (await waiting)();
    expect(scheduler.stats).toEqual({ running: 0, queued: 0 });
  });

  it('when a user has too many jobs waiting, then the next is refused with a translation key', async () => {
    const scheduler = new JobScheduler({ ...limits, slots: 1, maxQueuedPerUser: 2 });
    const never = new AbortController().signal;
    await scheduler.acquire('a', 'bounce', never);
    void scheduler.acquire('a', 'bounce', never);
    void scheduler.acquire('a', 'bounce', never);
    await expect(scheduler.acquire('a', 'bounce', never)).rejects.toBeInstanceOf(QueueFullError);
    await expect(scheduler.acquire('a', 'bounce', never)).rejects.toThrow('mastering.tooManyJobs');
  });
});
