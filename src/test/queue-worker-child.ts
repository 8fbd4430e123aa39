/**
 * A worker process for the job queue's crash test (job-queue.int.test.ts): it claims the job of
 * QUEUE_KIND with a short lease, begins the job's effect inside the completion transaction, says
 * `in-effect` on stdout and then hangs, so the test can SIGKILL it in the middle.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import type { DB } from '../platform/db/schema.js';
import { startJobWorker } from '../platform/queue/job-worker.js';

const { QUEUE_DATABASE_URL, QUEUE_SCHEMA, QUEUE_KIND } = process.env;
if (!QUEUE_DATABASE_URL || !QUEUE_SCHEMA || !QUEUE_KIND) throw new Error('QUEUE_DATABASE_URL, QUEUE_SCHEMA and QUEUE_KIND are required');

const pool = new pg.Pool({ connectionString: QUEUE_DATABASE_URL, max: 3, options: `-c search_path=${QUEUE_SCHEMA}` });
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
startJobWorker(db, pino({ level: 'silent' }), {
  pollMs: 50,
  leaseMs: 1_000,
  handlers: {
    [QUEUE_KIND]: async (job, lease) => {
      await lease.completeWith(async (tx) => {
        await sql`INSERT INTO queue_test_effects VALUES (${job.id}, 'child')`.execute(tx);
        process.stdout.write('in-effect\n');
        await new Promise(() => undefined);
      });
    },
  },
});
// The worker's timers are unref'd; this keeps the process up until it is killed.
setInterval(() => undefined, 60_000);
