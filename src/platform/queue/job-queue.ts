import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { LeaseLostError } from './lease-lost-error.js';

/**
 * The durable job queue (sql/0080), the same SQL on PostgreSQL and PGlite. Delivery is at least
 * once: a job whose worker died (its lease ran out) is claimed again, so a handler makes its effect
 * either idempotent or transactional with its completion (`completeJobWith`), which is fenced by the
 * lease token: a worker that lost its lease can no longer complete, so the effect lands once.
 */

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** The user the work is for: fairness and per-user limits; omit for system work. */
  userId?: string | null;
  /** Higher first; fairness orders jobs of equal priority. */
  priority?: number;
  /** A second enqueue with the same key returns the first job (whatever its state) instead of a new one. */
  idempotencyKey?: string;
  maxAttempts?: number;
  /** The first retry waits this long, each further one twice the one before. */
  backoffMs?: number;
  runAfter?: Date;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  userId: string | null;
  attempts: number;
  maxAttempts: number;
  leaseToken: string;
}

/** Running caps of one kind of job, counted over every worker of every process. */
export interface JobLimits {
  global?: number;
  perUser?: number;
}

export interface ClaimOptions {
  kinds: readonly string[];
  leaseMs: number;
  limits?: Readonly<Record<string, JobLimits>>;
  /** The clock of the claim (tests move it); the database's now() when absent. */
  now?: Date;
}

export { LeaseLostError };

/** Any fixed number: all claims take this transaction-level advisory lock, so caps are counted and honoured atomically. */
const CLAIM_LOCK = 1_701_700_080;
/** 2^16 times the base is far beyond any useful wait; the cap keeps the interval finite. */
const MAX_BACKOFF_DOUBLINGS = 16;

const clock = (now: Date | undefined): RawBuilder<Date> => (now ? sql<Date>`${now}::timestamptz` : sql<Date>`now()`);

/** When a job that just failed its `attempts`-th try may run again: backoff_ms · 2^(attempts−1). */
const retryAt = (at: RawBuilder<Date>) =>
  sql<Date>`${at} + make_interval(secs => backoff_ms * power(2, least(greatest(attempts - 1, 0), ${MAX_BACKOFF_DOUBLINGS})) / 1000.0)`;

export async function enqueueJob(db: Database | Transaction<DB>, job: NewJob): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      user_id: job.userId ?? null,
      priority: job.priority ?? 0,
      idempotency_key: job.idempotencyKey ?? null,
      max_attempts: job.maxAttempts ?? 5,
      backoff_ms: job.backoffMs ?? 1000,
      run_after: job.runAfter ?? sql<Date>`now()`,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: String(inserted.id), created: true };
  const existing = await db.selectFrom('jobs').select('id').where('idempotency_key', '=', job.idempotencyKey ?? '').executeTakeFirstOrThrow();
  return { id: String(existing.id), created: false };
}

/**
 * The queue's one fairness rule, used by the claim and by a job's place in line. Users first, so
 * no user's jobs (of any kind or priority) hold back another user's: the user with the fewest
 * running jobs (over all kinds), then the user served least recently (never served first: round
 * robin, so one user's second job waits behind another user's first). Only then priority, which
 * orders one user's own jobs and the kinds within that user's share, then age. A user flooding
 * bounces therefore delays another user's first job by at most the jobs already running.
 */
const fairLine = (at: RawBuilder<Date>, kinds: readonly string[]) => sql`jobs j
      LEFT JOIN (SELECT user_id, count(*) AS n FROM jobs WHERE state = 'running' AND user_id IS NOT NULL GROUP BY user_id) r
        ON r.user_id = j.user_id
      LEFT JOIN (SELECT user_id, max(updated_at) AS at FROM jobs WHERE state IN ('running', 'done', 'failed') AND user_id IS NOT NULL GROUP BY user_id) s
        ON s.user_id = j.user_id
      WHERE j.state = 'queued' AND j.run_after <= ${at} AND j.kind IN (${sql.join(kinds)})`;
const FAIR_ORDER = sql`coalesce(r.n, 0), s.at NULLS FIRST, j.priority DESC, j.created_at, j.id`;

/**
 * Takes the next job for these kinds, or null, in the order of `fairLine`. A kind at its global
 * cap, and a user at a kind's per-user cap, are passed over. Expired leases are returned to the
 * queue first.
 */
export async function claimJob(db: Database, options: ClaimOptions): Promise<ClaimedJob | null> {
  if (options.kinds.length === 0) return null;
  const at = clock(options.now);
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(tx);
    await requeueExpiredLeases(tx, at);

    const running = await tx
      .selectFrom('jobs')
      .select(['kind', 'user_id', sql<number>`count(*)::int`.as('n')])
      .where('state', '=', 'running')
      .where('kind', 'in', options.kinds)
      .groupBy(['kind', 'user_id'])
      .execute();
    const blocked = blockedByLimits(options.kinds, running, options.limits ?? {});
    const open = options.kinds.filter((kind) => !blocked.kinds.has(kind));
    if (open.length === 0) return null;
    const pairs = blocked.userKinds.map(([kind, userId]) => sql`NOT (j.kind = ${kind} AND j.user_id = ${userId}::uuid)`);

    const candidate = await sql<{ id: string }>`
      SELECT j.id FROM ${fairLine(at, open)}
        ${pairs.length > 0 ? sql`AND ${sql.join(pairs, sql` AND `)}` : sql``}
      ORDER BY ${FAIR_ORDER}
      LIMIT 1
      FOR UPDATE OF j SKIP LOCKED`.execute(tx);
    const id = candidate.rows[0]?.id;
    if (id === undefined) return null;

    const leaseToken = randomUUID();
    const row = await tx
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: sql`attempts + 1`,
        lease_token: leaseToken,
        locked_until: sql`${at} + make_interval(secs => ${options.leaseMs / 1000})`,
        updated_at: at,
      })
      .where('id', '=', id)
      .returning(['id', 'kind', 'payload', 'user_id', 'attempts', 'max_attempts'])
      .executeTakeFirstOrThrow();
    return { id: String(row.id), kind: row.kind, payload: row.payload, userId: row.user_id, attempts: row.attempts, maxAttempts: row.max_attempts, leaseToken };
  });
}

function blockedByLimits(kinds: readonly string[], running: { kind: string; user_id: string | null; n: number }[], limits: Readonly<Record<string, JobLimits>>) {
  const blockedKinds = new Set<string>();
  const userKinds: [string, string][] = [];
  for (const kind of kinds) {
    const limit = limits[kind];
    if (!limit) continue;
    const ofKind = running.filter((r) => r.kind === kind);
    if (limit.global !== undefined && ofKind.reduce((sum, r) => sum + r.n, 0) >= limit.global) blockedKinds.add(kind);
    if (limit.perUser === undefined) continue;
    for (const r of ofKind) if (r.user_id !== null && r.n >= limit.perUser) userKinds.push([kind, r.user_id]);
  }
  return { kinds: blockedKinds, userKinds };
}

/** A running job whose lease ran out lost its worker: it goes back to the queue (after its back-off), or fails when out of attempts. */
async function requeueExpiredLeases(tx: Transaction<DB>, at: RawBuilder<Date>) {
  await tx
    .updateTable('jobs')
    .set({
      state: sql`CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END`,
      run_after: retryAt(at),
      finished_at: sql`CASE WHEN attempts >= max_attempts THEN ${at} END`,
      lease_token: null,
      locked_until: null,
      last_error: 'lease expired: the worker stopped without finishing',
      updated_at: at,
    })
    .where('state', '=', 'running')
    .where('locked_until', '<', at)
    .execute();
}

/** Extends the lease; false when it was lost (the caller should stop: the job may run elsewhere). */
export async function extendLease(db: Database, job: Pick<ClaimedJob, 'id' | 'leaseToken'>, leaseMs: number, now?: Date): Promise<boolean> {
  const at = clock(now);
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: sql`${at} + make_interval(secs => ${leaseMs / 1000})`, updated_at: at })
    .where('id', '=', job.id)
    .where('lease_token', '=', job.leaseToken)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks the job done, in the transaction of the handler's own database effect: either both commit
 * or neither, and a worker that lost its lease gets LeaseLostError before the effect runs. The done
 * row drops its payload (mails, personal data); the idempotency key stays taken.
 */
export async function completeJobWith<T>(db: Database, job: Pick<ClaimedJob, 'id' | 'leaseToken'>, effect: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const held = await tx
      .selectFrom('jobs')
      .select('id')
      .where('id', '=', job.id)
      .where('lease_token', '=', job.leaseToken)
      .where('state', '=', 'running')
      .forUpdate()
      .executeTakeFirst();
    if (!held) throw new LeaseLostError(job.id);
    const result = await effect(tx);
    await tx
      .updateTable('jobs')
      .set({ state: 'done', payload: '{}', lease_token: null, locked_until: null, last_error: null, finished_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', job.id)
      .execute();
    return result;
  });
}

export const completeJob = (db: Database, job: ClaimedJob) => completeJobWith(db, job, async () => undefined);

/**
 * completeJobWith for a media process's answer, which may come after its lease was lost: then
 * nothing is written and the answer says it was not held, instead of throwing.
 */
export async function completeIfHeld<T>(db: Database, job: Pick<ClaimedJob, 'id' | 'leaseToken'>, effect: (tx: Transaction<DB>) => Promise<T>): Promise<{ held: true; result: T } | { held: false }> {
  try {
    return { held: true, result: await completeJobWith(db, job, effect) };
  } catch (error) {
    if (error instanceof LeaseLostError) return { held: false };
    throw error;
  }
}

/**
 * A failed try: back to the queue after its back-off, or failed for good when out of attempts (or
 * at once with `retry: false`, a failure another try would only repeat).
 */
export async function failJob(db: Database, job: Pick<ClaimedJob, 'id' | 'leaseToken'>, error: string, now?: Date, options: { retry?: boolean } = {}): Promise<'queued' | 'failed' | 'lease lost'> {
  const at = clock(now);
  const retry = options.retry ?? true;
  const row = await db
    .updateTable('jobs')
    .set({
      state: retry ? sql`CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END` : 'failed',
      run_after: retryAt(at),
      finished_at: retry ? sql`CASE WHEN attempts >= max_attempts THEN ${at} END` : at,
      lease_token: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: at,
    })
    .where('id', '=', job.id)
    .where('lease_token', '=', job.leaseToken)
    .where('state', '=', 'running')
    .returning('state')
    .executeTakeFirst();
  return row ? (row.state as 'queued' | 'failed') : 'lease lost';
}

export interface QueueDepth {
  kind: string;
  queued: number;
  running: number;
  /** Seconds the oldest due, unclaimed job has waited (0 when none waits). */
  oldestAgeSeconds: number;
}

/** What /metrics shows: per kind, jobs waiting and running and the age of the oldest waiting one. */
export async function queueDepths(db: Database): Promise<QueueDepth[]> {
  const rows = await sql<{ kind: string; queued: number; running: number; oldest: number | null }>`
    SELECT kind,
      count(*) FILTER (WHERE state = 'queued')::int AS queued,
      count(*) FILTER (WHERE state = 'running')::int AS running,
      extract(epoch FROM now() - min(run_after) FILTER (WHERE state = 'queued' AND run_after <= now()))::float8 AS oldest
    FROM jobs WHERE state IN ('queued', 'running') GROUP BY kind ORDER BY kind`.execute(db);
  return rows.rows.map((r) => ({ kind: r.kind, queued: r.queued, running: r.running, oldestAgeSeconds: Math.max(0, r.oldest ?? 0) }));
}

/** Drops finished rows older than `before`; their idempotency keys become free again. */
export async function pruneFinishedJobs(db: Database, before: Date, state: 'done' | 'failed'): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', '=', state).where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface JobStatus {
  state: 'queued' | 'running' | 'done' | 'failed';
  lastError: string | null;
  /** For a queued job: how many jobs of its kinds the workers take before it (1 = next), by the claim's order. */
  position: number | null;
}

/** A job's state, and its place in line among queued jobs of `kinds` (null when the job is gone). */
export async function jobStatus(db: Database, id: string, kinds: readonly string[]): Promise<JobStatus | null> {
  const row = await db.selectFrom('jobs').select(['id', 'state', 'last_error', 'run_after']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const state = row.state as JobStatus['state'];
  if (state !== 'queued' || kinds.length === 0) return { state, lastError: row.last_error, position: null };
  // The claim's own order over the jobs due now (caps aside): the place it would be taken at.
  const ranked = await sql<{ position: number }>`
    SELECT position FROM (
      SELECT j.id, row_number() OVER (ORDER BY ${FAIR_ORDER})::int AS position FROM ${fairLine(sql<Date>`greatest(now(), ${row.run_after}::timestamptz)`, kinds)}
    ) line WHERE id = ${id}`.execute(db);
  return { state, lastError: row.last_error, position: ranked.rows[0]?.position ?? 1 };
}

/** Of these lease tokens, the ones a running job still holds (its worker may still be writing). */
export async function heldLeases(db: Database, tokens: readonly string[], now?: Date): Promise<string[]> {
  if (tokens.length === 0) return [];
  const rows = await db
    .selectFrom('jobs')
    .select('lease_token')
    .where('state', '=', 'running')
    .where('lease_token', 'in', tokens)
    .where('locked_until', '>=', clock(now))
    .execute();
  return rows.flatMap((r) => (r.lease_token ? [r.lease_token] : []));
}

/** Adds `delta` to a job's count of waiters (kept in its payload by whoever counts them); the count after, or null when the job is gone. */
export async function countJobWaiter(db: Database, jobId: string, delta: number): Promise<number | null> {
  const row = await db
    .updateTable('jobs')
    .set({ payload: sql`jsonb_set(payload, '{waiters}', to_jsonb(coalesce((payload->>'waiters')::int, 0) + ${delta}::int))` })
    .where('id', '=', jobId)
    .where('state', 'in', ['queued', 'running'])
    .returning(sql<number>`(payload->>'waiters')::int`.as('waiters'))
    .executeTakeFirst();
  return row ? row.waiters : null;
}

/** Drops a job still in line (never run: nothing of it to keep); false when it has started or is gone. */
export async function dropQueuedJob(db: Database, jobId: string): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', jobId).where('state', '=', 'queued').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Frees a finished job's idempotency key (it stays for inspection under a key of its own) so the work can be queued anew. */
export async function retireJobKey(db: Database, jobId: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ idempotency_key: sql`idempotency_key || ':retired:' || id::text` })
    .where('id', '=', jobId)
    .where('state', 'in', ['done', 'failed'])
    .execute();
}

/** Whether a job waits or runs under this key (an enqueue with it joins that job instead of adding one). */
export async function liveJobWithKey(db: Database, idempotencyKey: string): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('id').where('idempotency_key', '=', idempotencyKey).where('state', 'in', ['queued', 'running']).executeTakeFirst();
  return row !== undefined;
}

/** The user's jobs of these kinds still in line (not yet claimed). */
export async function queuedJobsOf(db: Database, userId: string, kinds: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'queued')
    .where('kind', 'in', kinds)
    .executeTakeFirstOrThrow();
  return row.n;
}
