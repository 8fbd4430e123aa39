import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { InternalClient } from '../../src/internal/internal-client.js';
import { MEDIA_JOB_KINDS } from '../../src/modules/streaming/index.js';
import { CpuSlots } from './cpu-slots.js';
import type { JobEventStream } from './job-event-stream.js';
import { MediaJobWorker, type MediaJob } from './media-job-worker.js';

/**
 * The worker's side of the claim: a stand-in for the web process's internal API that hands out
 * waiting jobs in order (the order itself is the queue's, tested on the database in
 * media-jobs.int.test.ts). Each job runs until the test ends it.
 */
function harness(slots: number, waiting: number) {
  const queue = Array.from({ length: waiting }, (_, i): MediaJob => ({ id: `j${i}`, kind: MEDIA_JOB_KINDS.bounce, payload: {}, userId: 'u', attempts: 1, maxAttempts: 4, leaseToken: `t${i}` }));
  let claims = 0;
  const client = {
    mediaJobs: {
      claim: { mutate: async () => (claims++, queue.shift() ?? null) },
      beat: { mutate: async () => ({ held: true }) },
      release: { mutate: async () => undefined },
    },
  } as unknown as InternalClient;
  const events = { on: () => () => undefined } as unknown as JobEventStream;
  const running = new Map<string, () => void>();
  const cpu = new CpuSlots(slots);
  const worker = new MediaJobWorker(client, events, pino({ level: 'silent' }), {
    cpu,
    leaseMs: 60_000,
    pollMs: 60_000,
    handlers: {
      [MEDIA_JOB_KINDS.bounce]: {
        topic: () => 'bounce',
        run: (lease) =>
          new Promise<void>((resolve) => {
            running.set(lease.job.id, resolve);
            lease.signal.addEventListener('abort', () => resolve());
          }),
      },
    },
  });
  // The stand-in answers at once: a few turns of the event loop let every answer land.
  const settled = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { cpu, worker, running, settled, queue, claims: () => claims };
}

describe('media job worker', () => {
  it('when jobs wait, then it claims one per free CPU slot and no more, and the next as soon as one ends', async () => {
    const h = harness(2, 5);
    await h.settled();
    expect([...h.running.keys()]).toEqual(['j0', 'j1']);
    expect(h.worker.offer()).toBeNull();
    h.running.get('j0')!();
    await h.settled();
    expect([...h.running.keys()]).toEqual(['j0', 'j1', 'j2']);
    expect(h.worker.activeJobs).toBe(2);
    await h.worker.stop();
  });

  it('when a player decode waits for a slot, then the slot a job frees is the decode\'s and nothing is claimed with it', async () => {
    const h = harness(1, 3);
    await h.settled();
    const claimsBefore = h.claims();
    const decode = h.cpu.whenFree(new AbortController().signal);
    h.running.get('j0')!();
    const release = await decode;
    await h.settled();
    expect(h.claims()).toBe(claimsBefore);
    expect(h.worker.activeJobs).toBe(0);
    release();
    await h.settled();
    expect([...h.running.keys()]).toEqual(['j0', 'j1']);
    await h.worker.stop();
  });

  it('when it asks with a free slot and the ask takes no job, then the slot is free again and nothing runs twice', async () => {
    const h = harness(1, 0);
    await h.settled();
    const offer = h.worker.offer()!;
    expect(h.cpu.free).toBe(0);
    offer.settle(null);
    offer.settle(null);
    await h.settled();
    expect(h.cpu.free).toBe(1);
    expect(h.running.size).toBe(0);
    await h.worker.stop();
  });
});
