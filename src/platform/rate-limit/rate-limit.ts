import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';

/** A named budget: at most `max` hits per fixed window of `windowS` seconds. */
export interface RateLimitRule {
  name: string;
  max: number;
  windowS: number;
}

export const TOO_MANY_REQUESTS = 'global.error.tooManyRequests';

/**
 * Counts one hit against every (rule, key) pair and refuses with 429 if any budget is spent.
 *
 * Why the database and not memory: the counters must survive a restart (or an attacker gets a
 * fresh budget with every deploy) and be shared by all web instances; the database is the one
 * store every instance already has, embedded or not (sql/0004). Every pair is counted even when
 * an earlier one is over its budget, so hammering one address also spends the IP's budget.
 * Keys are hashed: the table never holds an e-mail address or an IP.
 */
export async function enforceRateLimits(db: Database, hits: Array<{ rule: RateLimitRule; key: string }>, now = new Date()): Promise<void> {
  let exceeded = false;
  for (const { rule, key } of hits) {
    const count = await hit(db, rule, key, now);
    if (count > rule.max) exceeded = true;
  }
  if (exceeded) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_REQUESTS);
}

/**
 * Counts one hit and answers whether the budget is now spent, without refusing: for budgets that
 * change how a request is treated (a stricter rule applies) rather than refuse it.
 */
export async function countRateLimitHit(db: Database, rule: RateLimitRule, key: string, now = new Date()): Promise<{ exceeded: boolean }> {
  return { exceeded: (await hit(db, rule, key, now)) > rule.max };
}

async function hit(db: Database, rule: RateLimitRule, key: string, now: Date): Promise<number> {
  const windowMs = rule.windowS * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const bucket = bucketOf(rule.name, key);
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ bucket, window_start: windowStart, hits: 1, expires_at: new Date(windowStart.getTime() + windowMs) })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  // Spent windows are useless; sweeping them here keeps the table as small as the live traffic.
  await db.deleteFrom('rate_limit_counters').where('expires_at', '<', now).execute();
  return row.hits;
}

/**
 * Takes back one hit of the current window: for budgets that count attempts but should only
 * spend on failures, where the outcome is known after the check (a sign-in's password).
 */
export async function refundRateLimitHit(db: Database, rule: RateLimitRule, key: string, now = new Date()): Promise<void> {
  const windowMs = rule.windowS * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const bucket = bucketOf(rule.name, key);
  // A counter row holds at least one hit: the last one given back removes the row.
  await db.deleteFrom('rate_limit_counters').where('bucket', '=', bucket).where('window_start', '=', windowStart).where('hits', '<=', 1).execute();
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql<number>`hits - 1` })
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .execute();
}

const bucketOf = (name: string, key: string) => `${name}:${createHash('sha256').update(key).digest('hex')}`;

/**
 * Remembers a key for `ttlS` seconds (a client that proved it knows the password, for example), in
 * the same table and under the same hashing as the counters.
 */
export async function rememberKey(db: Database, name: string, key: string, ttlS: number, now = new Date()): Promise<void> {
  const bucket = bucketOf(name, key);
  const expiresAt = new Date(now.getTime() + ttlS * 1000);
  await db.deleteFrom('rate_limit_counters').where('bucket', '=', bucket).execute();
  await db.insertInto('rate_limit_counters').values({ bucket, window_start: now, hits: 1, expires_at: expiresAt }).execute();
}

export async function isKeyRemembered(db: Database, name: string, key: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('bucket')
    .where('bucket', '=', bucketOf(name, key))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}
