import { describe, expect, it } from 'vitest';
import { FairShare } from './fair-share.js';

/** A task that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release = () => undefined as void;
  const done = new Promise<void>((resolve) => (release = () => resolve()));
  return { task: () => (log.push(name), done), release: () => release() };
}

describe('fair share of chunk work', () => {
  it("when one user queues many chunks and another one, then the other's runs next, not after the flood", async () => {
    const fair = new FairShare(2, 1);
    const started: string[] = [];
    const flood = Array.from({ length: 10 }, (_, i) => gate(started, `a${i}`));
    const runs = flood.map((g) => fair.run('a', g.task));
    const other = gate(started, 'b0');
    const otherRun = fair.run('b', other.task);
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
    expect(fair.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('when a task fails, then its slot is freed and the failure reaches its caller', async () => {
    const fair = new FairShare(1, 1);
    await expect(fair.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(fair.run('a', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
