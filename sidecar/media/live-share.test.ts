import { describe, expect, it } from 'vitest';
import { LiveShare } from './live-share.js';

/** A task that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release = () => undefined as void;
  const done = new Promise<void>((resolve) => (release = () => resolve()));
  return { task: () => (log.push(name), done), release: () => release() };
}

describe('live share of chunk work and decodes', () => {
  it("when one user queues many chunks and another one, then the other's runs next, not after the flood", async () => {
    const live = new LiveShare(2, 1);
    const started: string[] = [];
    const flood = Array.from({ length: 10 }, (_, i) => gate(started, `a${i}`));
    const runs = flood.map((g) => live.run('a', g.task));
    const other = gate(started, 'b0');
    const otherRun = live.run('b', other.task);
    // One slot each: a0 and b0 run; the flood's second waits although a slot would have been free.
    expect(started).toEqual(['a0', 'b0']);
    flood[0]!.release();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a0', 'b0', 'a1']);
    other.release();
    await otherRun;
    for (const g of flood) g.release();
    await Promise.all(runs);
    expect(started).toHaveLength(11);
    expect(live.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('when a task fails, then its slot is freed and the failure reaches its caller', async () => {
    const live = new LiveShare(1, 1);
    await expect(live.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(live.run('a', () => Promise.resolve(7))).resolves.toBe(7);
  });

  it('when a waiting task is aborted (its socket closed), then it never runs and leaves the line', async () => {
    const live = new LiveShare(1, 1);
    const started: string[] = [];
    const first = gate(started, 'a0');
    const running = live.run('a', first.task);
    const controller = new AbortController();
    const gone = live.run('b', gate(started, 'b0').task, controller.signal);
    expect(live.stats).toEqual({ running: 1, waiting: 1 });
    controller.abort(new Error('left'));
    await expect(gone).rejects.toThrow('left');
    first.release();
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a0']);
    expect(live.stats).toEqual({ running: 0, waiting: 0 });
  });
});
