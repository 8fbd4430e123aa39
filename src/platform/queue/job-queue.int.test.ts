import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, noticeIfOneConnection, type TestDatabase } from '../../test/test-database.js';
import { claimJob, completeJob, completeJobWith, enqueueJob, failJob, LeaseLostError, queueDepths, type NewJob } from './job-queue.js';
import { startJobWorker } from './job-worker.js';

let database: TestDatabase;
const db = () => database.db;
const log = pino({ level: 'silent' });
const LEASE_MS = 60_000;
const CHILD_WORKER = fileURLToPath(new URL('../../test/queue-worker-child.ts', import.meta.url));

beforeAll(async () => {
  database = await createTestDatabase();
  // What a handler does to the world, once per job if the queue keeps its promise.
  await sql`CREATE TABLE queue_test_effects (job_id bigint NOT NULL, worker text NOT NULL)`.execute(database.db);
});
afterAll(() => database.destroy());

/** Each test uses kinds of its own, so the jobs of one test never answer another's claim. */
const kindsOf = (...names: string[]) => {
  const tag = randomUUID().slice(0, 8);
  return names.map((name) => `${name}.${tag}`);
};
const add = (job: NewJob) => enqueueJob(db(), job);
const claim = (kinds: string[], extra: { now?: Date; limits?: Record<string, { global?: number; perUser?: number }> } = {}) =>
  claimJob(db(), { kinds, leaseMs: LEASE_MS, ...extra });
const effectsOf = async (jobId: string) =>
  (await sql<{ worker: string }>`SELECT worker FROM queue_test_effects WHERE job_id = ${jobId}`.execute(db())).rows.map((r) => r.worker);
const stateOf = (id: string) =>
  db().selectFrom('jobs').select(['state', 'attempts', 'run_after', 'last_error', 'payload']).where('id', '=', id).executeTakeFirstOrThrow();
const after = (ms: number) => new Date(Date.now() + ms);

describe('the job queue', () => {
  it('when a worker dies mid-job (its lease runs out), then the job is claimed again and its effect happens once', async () => {
    const [kind] = kindsOf('effect');
    const { id } = await add({ kind: kind!, backoffMs: 0 });
    const dead = (await claim([kind!]))!;
    expect(dead.id).toBe(id);
    // The first worker "dies": it never completes and never renews. Before the lease ends nobody else may take the job.
    expect(await claim([kind!], { now: after(LEASE_MS / 2) })).toBeNull();

    const second = (await claim([kind!], { now: after(LEASE_MS + 1000) }))!;
    expect(second.id).toBe(id);
    expect(second.attempts).toBe(2);
    await completeJobWith(db(), second, (tx) => sql`INSERT INTO queue_test_effects VALUES (${id}, 'second')`.execute(tx));

    // The first worker wakes up late and tries to finish: its lease token no longer holds, its effect is rolled back.
    await expect(completeJobWith(db(), dead, (tx) => sql`INSERT INTO queue_test_effects VALUES (${id}, 'dead')`.execute(tx))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await effectsOf(id)).toEqual(['second']);
    expect((await stateOf(id)).state).toBe('done');
    expect(await claim([kind!], { now: after(10 * LEASE_MS) })).toBeNull();
  });

  it('when the worker of a job\'s last attempt dies, then the job fails for good instead of running again', async () => {
    const [kind] = kindsOf('lastTry');
    const { id } = await add({ kind: kind!, maxAttempts: 1 });
    expect((await claim([kind!]))!.id).toBe(id);
    expect(await claim([kind!], { now: after(LEASE_MS + 1000) })).toBeNull();
    expect(await stateOf(id)).toMatchObject({ state: 'failed', attempts: 1, last_error: expect.stringMatching(/lease expired/) });
  });

  it('when a try fails, then the next waits backoff·2^(n−1) and the job fails for good after max attempts', async () => {
    const [kind] = kindsOf('flaky');
    const { id } = await add({ kind: kind!, backoffMs: 10_000, maxAttempts: 3 });
    // A second on: the job's run_after is the database's now() in microseconds, a JS date only has milliseconds.
    const waits: number[] = [];
    let now = after(1000);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = (await claim([kind!], { now }))!;
      expect(job.attempts).toBe(attempt);
      expect(await failJob(db(), job, `boom ${attempt}`, now)).toBe(attempt < 3 ? 'queued' : 'failed');
      const row = await stateOf(id);
      if (attempt === 3) break;
      const wait = row.run_after.getTime() - now.getTime();
      waits.push(wait);
      // Not a moment before its back-off.
      expect(await claim([kind!], { now: new Date(now.getTime() + wait - 1000) })).toBeNull();
      now = new Date(now.getTime() + wait);
    }
    expect(waits).toEqual([10_000, 20_000]);
    const row = await stateOf(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(await claim([kind!], { now: after(3_600_000) })).toBeNull();
  });

  it('when one user\'s jobs of several priorities wait, then the highest is taken first, and the oldest among equals', async () => {
    const [kind] = kindsOf('prio');
    const user = randomUUID();
    const low = await add({ kind: kind!, priority: 0, userId: user });
    const highOld = await add({ kind: kind!, priority: 5, userId: user });
    const highNew = await add({ kind: kind!, priority: 5, userId: user });
    const order = [];
    for (let i = 0; i < 3; i++) order.push((await claim([kind!]))!.id);
    expect(order).toEqual([highOld.id, highNew.id, low.id]);
  });

  it('when a user runs jobs of a high priority, then another user\'s low-priority job still goes before that user\'s next one', async () => {
    const [bounce, prepare] = kindsOf('bounce', 'prepare');
    const [flooder, other] = [randomUUID(), randomUUID()];
    await add({ kind: bounce!, userId: flooder, priority: 20 });
    await claim([bounce!, prepare!]);
    for (let i = 0; i < 3; i++) await add({ kind: bounce!, userId: flooder, priority: 20 });
    const preparation = await add({ kind: prepare!, userId: other, priority: 10 });
    expect((await claim([bounce!, prepare!]))!.id).toBe(preparation.id);
  });

  it('when several users wait, then the next job comes from the user with the fewest running jobs, oldest first', async () => {
    const [kind] = kindsOf('fair');
    const [busy, idle, other] = [randomUUID(), randomUUID(), randomUUID()];
    await add({ kind: kind!, userId: busy });
    // busy's album of uploads arrives first; idle and other come later.
    const busyQueued = [await add({ kind: kind!, userId: busy }), await add({ kind: kind!, userId: busy })];
    const idleJob = await add({ kind: kind!, userId: idle });
    const otherJob = await add({ kind: kind!, userId: other });

    expect((await claim([kind!]))!.userId).toBe(busy); // the only one running nothing yet with the oldest job
    // busy now runs one, idle and other none: idle (older than other) goes next, then other, then busy again.
    const next = [(await claim([kind!]))!.id, (await claim([kind!]))!.id, (await claim([kind!]))!.id];
    expect(next).toEqual([idleJob.id, otherJob.id, busyQueued[0]!.id]);
  });

  it('when a user is at a kind\'s per-user cap, then their jobs wait while other users\' run; the global cap stops every claim', async () => {
    const [bounce, mail] = kindsOf('bounce', 'mail');
    const limits = { [bounce!]: { perUser: 2, global: 3 } };
    const [a, b] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 4; i++) await add({ kind: bounce!, userId: a });
    const bJob = await add({ kind: bounce!, userId: b });
    const bJob2 = await add({ kind: bounce!, userId: b });
    const mailJob = await add({ kind: mail!, userId: a });

    const first = [(await claim([bounce!], { limits }))!, (await claim([bounce!], { limits }))!, (await claim([bounce!], { limits }))!];
    expect(first.map((j) => j.userId).sort()).toEqual([a, a, b].sort());
    expect(first.map((j) => j.id)).toContain(bJob.id);
    // Three running = the global cap: b's second bounce waits although b runs only one.
    expect(await claim([bounce!], { limits })).toBeNull();
    // Other kinds are not held by this kind's caps.
    expect((await claim([bounce!, mail!], { limits }))!.id).toBe(mailJob.id);

    await completeJob(db(), first.find((j) => j.userId === a)!);
    // A slot is free, but a still runs 2 bounces (its cap): b's job goes, though a's are older.
    expect((await claim([bounce!], { limits }))!.id).toBe(bJob2.id);
    expect(await claim([bounce!], { limits })).toBeNull();
  });

  it('when many workers claim at the same moment, then the caps still hold and no job is taken twice', async () => {
    noticeIfOneConnection(database, 'concurrent claims');
    const [kind] = kindsOf('race');
    const limits = { [kind!]: { global: 4, perUser: 2 } };
    const users = [randomUUID(), randomUUID(), randomUUID()];
    for (let i = 0; i < 12; i++) await add({ kind: kind!, userId: users[i % 3]! });
    const claimed = (await Promise.all(Array.from({ length: 10 }, () => claim([kind!], { limits })))).filter((job) => job !== null);
    expect(claimed).toHaveLength(4);
    expect(new Set(claimed.map((job) => job.id)).size).toBe(4);
    for (const user of users) expect(claimed.filter((job) => job.userId === user).length).toBeLessThanOrEqual(2);
  });

  it('when a job is enqueued twice with one key, then there is one job, and a finished one is not done again', async () => {
    const [kind] = kindsOf('once');
    const key = `renewal:${randomUUID()}`;
    const first = await add({ kind: kind!, idempotencyKey: key, payload: { n: 1 } });
    const again = await add({ kind: kind!, idempotencyKey: key, payload: { n: 2 } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    await completeJob(db(), (await claim([kind!]))!);
    expect(await add({ kind: kind!, idempotencyKey: key })).toEqual({ id: first.id, created: false });
    expect(await claim([kind!])).toBeNull();
    expect((await stateOf(first.id)).payload).toEqual({});
  });

  it('when jobs wait, then the depth and the oldest job\'s age are reported per kind', async () => {
    const [kind] = kindsOf('depth');
    await add({ kind: kind!, runAfter: new Date(Date.now() - 30_000) });
    await add({ kind: kind! });
    await claim([kind!]);
    const depth = (await queueDepths(db())).find((d) => d.kind === kind);
    expect(depth).toMatchObject({ queued: 1, running: 1 });
    expect(depth!.oldestAgeSeconds).toBeLessThan(30);
    await add({ kind: kind!, runAfter: new Date(Date.now() - 30_000) });
    expect((await queueDepths(db())).find((d) => d.kind === kind)!.oldestAgeSeconds).toBeGreaterThanOrEqual(29);
  });

  it('when a worker runs, then it does each job once, retries a failing one, and takes over a job whose worker died', async () => {
    const [kind] = kindsOf('worker');
    const orphan = await add({ kind: kind!, backoffMs: 0 });
    // The dead worker's claim, with a lease that ends at once.
    expect((await claimJob(db(), { kinds: [kind!], leaseMs: 1 }))!.id).toBe(orphan.id);
    const plain = await add({ kind: kind!, backoffMs: 0 });
    const flaky = await add({ kind: kind!, backoffMs: 0, payload: { failFirst: true } });
    const tries = new Map<string, number>();
    const worker = startJobWorker(db(), log, {
      pollMs: 20,
      leaseMs: 5_000,
      handlers: {
        [kind!]: async (job, lease) => {
          tries.set(job.id, (tries.get(job.id) ?? 0) + 1);
          if ((job.payload as { failFirst?: boolean }).failFirst && job.attempts === 1) throw new Error('transient');
          await lease.completeWith((tx) => sql`INSERT INTO queue_test_effects VALUES (${job.id}, 'worker')`.execute(tx));
        },
      },
    });
    try {
      await expect.poll(async () => Promise.all([orphan, plain, flaky].map(async (j) => (await stateOf(j.id)).state)), { timeout: 10_000 }).toEqual(['done', 'done', 'done']);
    } finally {
      await worker.stop();
    }
    for (const job of [orphan, plain, flaky]) expect(await effectsOf(job.id)).toEqual(['worker']);
    expect(tries.get(flaky.id)).toBe(2);
    expect((await stateOf(orphan.id)).attempts).toBe(2);
  });

  // Two processes cannot share one in-memory PGlite; CI runs this on PostgreSQL (TEST_DATABASE_URL).
  it.skipIf(!process.env.TEST_DATABASE_URL)('when a worker process is SIGKILLed inside its job\'s effect, then another worker does the job and the effect lands once', async () => {
    const [kind] = kindsOf('killed');
    const { id } = await add({ kind: kind!, backoffMs: 0 });
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD_WORKER], {
      env: { ...process.env, QUEUE_DATABASE_URL: process.env.TEST_DATABASE_URL, QUEUE_SCHEMA: database.schema, QUEUE_KIND: kind },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('in-effect') && resolve());
        child.once('exit', () => reject(new Error('the child worker exited before its effect')));
      });
      expect((await stateOf(id)).state).toBe('running');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }

    const worker = startJobWorker(db(), log, {
      pollMs: 50,
      handlers: {
        [kind!]: async (job, lease) => {
          await lease.completeWith((tx) => sql`INSERT INTO queue_test_effects VALUES (${job.id}, 'survivor')`.execute(tx));
        },
      },
    });
    try {
      // The child's lease (1 s) runs out, then the survivor takes the job.
      await expect.poll(async () => (await stateOf(id)).state, { timeout: 15_000 }).toBe('done');
    } finally {
      await worker.stop();
    }
    expect(await effectsOf(id)).toEqual(['survivor']);
    expect((await stateOf(id)).attempts).toBe(2);
  });
});
