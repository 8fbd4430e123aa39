import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { completeIfHeld, enqueueJob, failJob, jobStatus, queuedJobsOf, retireJobKey } from '../../platform/queue/job-queue.js';
import { isMastered, measurementsOf } from '../masters/index.js';
import * as repo from './streaming.repository.js';
import { codecsTopic, MEDIA_JOB_KINDS, MEDIA_QUEUED_TOPIC } from './streaming.constants.js';
import type { TCodecCheck, TCodecCheckInput, TCodecFigures } from './streaming.schemas.js';

/**
 * The codec check: a master encoded with the stores' lossy codecs and decoded again by a media
 * process (sidecar/media/codec-check.ts), its decoded true peak and loudness kept in the master's
 * measurements. Asked for by the master's owner (it costs CPU, so never at bounce); a user a master
 * is shared with sees the stored figures with the master and cannot start or follow a check.
 */

/**
 * After the user's bounces (20) and preparations (10), before the downloads of played older
 * masters (0): the user waits at the report card, but for a check, not for the master itself.
 */
const CODECS_PRIORITY = 5;
/** Tries of a check whose media process died under it; a failure of the work itself is final. */
const CODECS_ATTEMPTS = 4;
const CODECS_BACKOFF_MS = 1_000;
/** A job's last error that is a translation key (what the media process reports); anything else is the queue's own words. */
const ERROR_KEY = /^[a-z]+(\.[\w]+)+$/i;

/** One check per master file: a second ask, on any adapter, joins the one waiting or running. */
export const codecCheckJobKey = (master: { path: string; checksum: string }) => `${MEDIA_JOB_KINDS.codecs}:${master.path}:${master.checksum}`;

type OwnMaster = NonNullable<Awaited<ReturnType<typeof repo.findOwnMasterFile>>>;

/** The caller's own master; anyone else's (shared with the caller or not) is not found. */
async function ownMaster(ctx: Pick<ServiceContext, 'db' | 'actor'>, masterId: string): Promise<{ master: OwnMaster; userId: string }> {
  if (!ctx.actor) throw unauthorized();
  const master = await repo.findOwnMasterFile(ctx.db, masterId, ctx.actor.userId);
  if (!master) throw notFound('master');
  return { master, userId: ctx.actor.userId };
}

/** A master with a stored file to check: mastered, its file and checksum recorded. */
function checkedFileOf(master: OwnMaster): { path: string; checksum: string } | null {
  return master.path && master.checksum && isMastered(master.status, master.style_id) ? { path: master.path, checksum: master.checksum } : null;
}

async function ticketOf(ctx: Pick<ServiceContext, 'db'>, master: OwnMaster): Promise<TCodecCheck> {
  const codecs = measurementsOf(master.measurements)?.codecs ?? null;
  const file = checkedFileOf(master);
  const job = file ? await ctx.db.selectFrom('jobs').select('id').where('idempotency_key', '=', codecCheckJobKey(file)).executeTakeFirst() : undefined;
  const status = job ? await jobStatus(ctx.db, String(job.id), Object.values(MEDIA_JOB_KINDS)) : null;
  const base = { masterId: master.id, position: null, error: null, codecs };
  if (status?.state === 'queued' || status?.state === 'running') return { ...base, state: status.state, position: status.position };
  if (codecs) return { ...base, state: 'done' };
  if (status?.state === 'failed') return { ...base, state: 'failed', error: status.lastError && ERROR_KEY.test(status.lastError) ? status.lastError : 'global.error.server' };
  return { ...base, state: 'none' };
}

/** Where the check of one of the caller's masters stands, with its figures once done. */
export async function codecCheck(ctx: Pick<ServiceContext, 'db' | 'actor'>, input: TCodecCheckInput): Promise<TCodecCheck> {
  return ticketOf(ctx, (await ownMaster(ctx, input.masterId)).master);
}

/**
 * Starts the check of one of the caller's masters, or answers the one already there: done (its
 * figures are for the file as it is, so measuring again would repeat them), waiting or running (a
 * second ask joins it). A failed check, or a finished job whose figures are gone, is tried anew.
 */
export async function startCodecCheck(ctx: Pick<ServiceContext, 'db' | 'actor' | 'platform'>, input: TCodecCheckInput): Promise<TCodecCheck> {
  const { master, userId } = await ownMaster(ctx, input.masterId);
  const file = checkedFileOf(master);
  if (!file) throw new AppError('CONFLICT', 'codecs.notMastered');
  const current = await ticketOf(ctx, master);
  if (current.state !== 'none' && current.state !== 'failed') return current;
  const key = codecCheckJobKey(file);
  const finished = await ctx.db.selectFrom('jobs').select('id').where('idempotency_key', '=', key).where('state', 'in', ['done', 'failed']).executeTakeFirst();
  if (finished) await retireJobKey(ctx.db, String(finished.id));
  // The same cap on waiting work as bounces have, counted over the user's checks alone.
  if ((await queuedJobsOf(ctx.db, userId, [MEDIA_JOB_KINDS.codecs])) >= ctx.platform.env.MEDIA_QUEUED_JOBS_PER_USER) {
    throw new AppError('TOO_MANY_REQUESTS', 'mastering.tooManyJobs');
  }
  const { created } = await enqueueJob(ctx.db, {
    kind: MEDIA_JOB_KINDS.codecs,
    payload: { masterId: master.id, masterKey: file.path, checksum: file.checksum },
    userId,
    priority: CODECS_PRIORITY,
    idempotencyKey: key,
    maxAttempts: CODECS_ATTEMPTS,
    backoffMs: CODECS_BACKOFF_MS,
  });
  if (created) await ctx.platform.events.publish({ topic: MEDIA_QUEUED_TOPIC, type: 'queued' });
  return ticketOf(ctx, master);
}

interface CodecJobLease {
  jobId: string;
  leaseToken: string;
}

/**
 * A finished check: its figures written into the master's measurements in the transaction that
 * completes the job (a worker that lost its lease writes nothing), if the master is still the
 * file measured. `stored` false: it is not (bounced again meanwhile, or removed).
 */
export async function completeCodecCheckJob(
  ctx: Pick<ServiceContext, 'db' | 'platform'>,
  input: CodecJobLease & { masterId: string; checksum: string; codecs: TCodecFigures[] },
): Promise<{ held: boolean; stored: boolean }> {
  const done = await completeIfHeld(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, (tx) => repo.setMasterCodecs(tx, input.masterId, input.checksum, input.codecs));
  if (!done.held) return { held: false, stored: false };
  await ctx.platform.events.publish({ topic: codecsTopic(input.masterId), type: 'done' });
  return { held: true, stored: done.result };
}

/** A check that failed for good (ffmpeg or the meter failed, the master file is gone): its owner sees the error's key. */
export async function failCodecCheckJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: CodecJobLease & { masterId: string; error: string }): Promise<{ held: boolean }> {
  const state = await failJob(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, input.error, undefined, { retry: false });
  if (state === 'lease lost') return { held: false };
  await ctx.platform.events.publish({ topic: codecsTopic(input.masterId), type: 'failed', data: { error: input.error } });
  return { held: true };
}
