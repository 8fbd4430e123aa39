import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { referenceOfUser, trackAccessFor } from '../masters/index.js';
import { claimJob, completeIfHeld, countJobWaiter, dropQueuedJob, enqueueJob, liveJobWithKey, queuedJobsOf, retireJobKey, extendLease, failJob, heldLeases, jobStatus, type ClaimedJob, type JobStatus, type NewJob } from '../../platform/queue/job-queue.js';
import * as repo from './streaming.repository.js';
import { bounceTopic, MEDIA_JOB_KINDS, MEDIA_QUEUED_TOPIC, prepareTopic, type MediaJobKind } from './streaming.constants.js';
import { amountsKeyOf, fullAmounts, isDefaultAmounts, MAX_FAILED_MASTERING_ATTEMPTS, type Amounts, type Intensity, type TBounceTicket, type TRecordMasteredInput, type ZStartBounceInput } from './streaming.schemas.js';
import { amountsOfFields, fieldsOfAmounts } from '../masters/index.js';
import type { z } from 'zod';
import { assertCanBounce, recordMastered, recordMasteringFailure, sameSteering, trackAudioInfo } from './streaming.service.js';

/**
 * The media processes' work on the durable queue: any media process claims it through
 * the internal API, and its progress and outcome go out as job events to whichever media process
 * holds a waiting socket. The web process owns the queue and the rules; media processes only work.
 */
export { albumTopic, bounceTopic, MEDIA_JOB_KINDS, MEDIA_QUEUED_TOPIC, prepareTopic, type MediaJobKind } from './streaming.constants.js';

/**
 * Priorities order one user's own media jobs (users themselves take turns first, see the queue's
 * fairLine): a finished master's downloads first (the user asked to download it, or will), then
 * bounces (the user waits at the screen), then preparations. An older master's downloads, made
 * because it was played, come last.
 */
const RENDITIONS_PRIORITY = 30;
const BOUNCE_PRIORITY = 20;
const PREPARE_PRIORITY = 10;
const BACKFILL_PRIORITY = 0;
/** Tries of a job whose media process died under it (a lost lease); a failure of the work itself is final. */
const MEDIA_JOB_ATTEMPTS = 4;
const MEDIA_JOB_BACKOFF_MS = 500;
/** How the queue marks a job whose every worker died (claimJob's requeue). */
const LEASE_EXPIRED = 'lease expired';
const RELEASED = 'released: its media process stopped';

/**
 * The security issue's cap on media work one user may have waiting (MEDIA_QUEUED_JOBS_PER_USER,
 * over every media process): a new job past it is refused; joining one already there is not.
 */
async function assertRoomInLine(ctx: Pick<ServiceContext, 'db' | 'platform'>, userId: string, key: string): Promise<void> {
  if (await liveJobWithKey(ctx.db, key)) return;
  // A master's downloads follow its bounce one to one: they are not asked for and not counted.
  if ((await queuedJobsOf(ctx.db, userId, [MEDIA_JOB_KINDS.bounce, MEDIA_JOB_KINDS.prepare])) >= ctx.platform.env.MEDIA_QUEUED_JOBS_PER_USER) {
    throw new AppError('TOO_MANY_REQUESTS', 'mastering.tooManyJobs');
  }
}

export interface MediaJobTicket {
  jobId: string;
  state: JobStatus['state'];
  /** Place in line while queued (1 = next). */
  position: number | null;
  /** A done bounce's master. */
  masterId: string | null;
  /** A failed job's translation key. */
  error: string | null;
  /**
   * Asked with `claim` (the asking media process has a free slot): the job that slot took in the
   * same call, by the queue's order (this job, or one that goes before it), so the process that
   * asked starts it without waiting for the queued event and a claim of its own.
   */
  claimed?: ClaimedJob | null;
}

/** A media process's free slot, offered with its ask: the kinds it does and its lease. */
export interface MediaClaim {
  kinds: MediaJobKind[];
  leaseMs: number;
}

/** The ticket, and with `claim` the job the asker's free slot takes now (its own shows as running). */
async function withClaim(ctx: Pick<ServiceContext, 'db' | 'platform'>, ticket: MediaJobTicket, claim: MediaClaim | undefined): Promise<MediaJobTicket> {
  if (!claim || ticket.state !== 'queued') return claim ? { ...ticket, claimed: null } : ticket;
  const claimed = await claimMediaJob(ctx, claim);
  return { ...ticket, ...(claimed?.id === ticket.jobId ? { state: 'running' as const, position: null } : {}), claimed };
}

async function ticketOf(
  ctx: Pick<ServiceContext, 'db'>,
  jobId: string,
  trackId: string,
  styleId?: number,
  intensity: Intensity = 'medium',
  amounts?: Amounts,
  referenceId: string | null = null,
): Promise<MediaJobTicket> {
  const status = await jobStatus(ctx.db, jobId, Object.values(MEDIA_JOB_KINDS));
  if (!status) throw new AppError('NOT_FOUND', 'global.error.notFound', { detail: 'job' });
  const masterId = status.state === 'done' && styleId !== undefined ? ((await repo.findMasterOfStyle(ctx.db, trackId, styleId, intensity, amounts, referenceId))?.id ?? null) : null;
  return { jobId, state: status.state, position: status.position, masterId, error: status.state === 'failed' ? (status.lastError ?? 'global.error.server') : null };
}

/**
 * Puts a bounce of the track's style on the queue, or answers the one already there: one job per
 * original version, current master file and failed-attempt count (a second asker, on any media
 * process, joins it; a bounce after a finished or failed one is a new job). Refused as before any
 * work when the mastering rules forbid it (assertCanBounce).
 */
export async function enqueueBounce(
  ctx: Pick<ServiceContext, 'db' | 'platform'>,
  input: { trackId: string; styleId: number; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined; claim?: MediaClaim | undefined },
): Promise<MediaJobTicket> {
  const intensity = input.intensity ?? 'medium';
  // The default amounts stay out of the payload and the key: a bounce queued before amounts is joined.
  const amounts = isDefaultAmounts(input.amounts) ? undefined : input.amounts;
  const referenceId = input.referenceId ?? null;
  const audio = await trackAudioInfo(ctx, { trackId: input.trackId });
  if (!audio) throw new AppError('NOT_FOUND', 'global.error.notFound', { detail: 'track' });
  await assertCanBounce(ctx, input);
  const original = await ctx.platform.storage.stat(audio.path);
  if (!original) throw new AppError('NOT_FOUND', 'binary.s3File.missing');
  const masters = await repo.findMastersOfTrack(ctx.db, input.trackId);
  const styled = masters.find((m) => m.style_id === input.styleId && sameSteering(m, intensity, amounts, referenceId));
  const attempts = styled?.failed_mastering_attempts ?? masters.find((m) => m.style_id === null)?.failed_mastering_attempts ?? 0;
  // Medium's key is the one it had before intensities, so a bounce queued then is joined, not doubled.
  const styleKey = `${intensity === 'medium' ? `${input.styleId}` : `${input.styleId}@${intensity}`}${amountsKeyOf(amounts)}${referenceId ? `~${referenceId}` : ''}`;
  const key = `${MEDIA_JOB_KINDS.bounce}:${input.trackId}:${styleKey}:${original.modifiedMs}:${styled?.checksum ?? 'none'}:${attempts}`;
  await assertRoomInLine(ctx, audio.ownerId, key);
  const { id, created } = await enqueueJob(ctx.db, {
    kind: MEDIA_JOB_KINDS.bounce,
    // Toward a reference: the media process asks for that reference by the track owner's id.
    payload: { trackId: input.trackId, styleId: input.styleId, intensity, ...(amounts ? { amounts } : {}), ...(referenceId ? { referenceId } : {}) },
    userId: audio.ownerId,
    priority: BOUNCE_PRIORITY,
    idempotencyKey: key,
    maxAttempts: MEDIA_JOB_ATTEMPTS,
    backoffMs: MEDIA_JOB_BACKOFF_MS,
  });
  if (created) await ctx.platform.events.publish({ topic: MEDIA_QUEUED_TOPIC, type: 'queued' });
  const ticket = await ticketOf(ctx, id, input.trackId, input.styleId, intensity, amounts, referenceId);
  // Every media process that tried it died under it: that counts as a failed attempt, and the
  // count (part of the key) lets a new try be queued, until the attempt limit refuses it.
  if (ticket.state === 'failed' && (ticket.error?.startsWith(LEASE_EXPIRED) || ticket.error === RELEASED)) {
    await recordMasteringFailure(ctx, input);
    return enqueueBounce(ctx, input);
  }
  return withClaim(ctx, ticket, input.claim);
}

/**
 * A bounce asked for over the public API (tRPC, REST, GraphQL): the caller's own track only (anyone
 * else's answers not found, as every masters call does), then the same queue and rules as the
 * socket's end-mastering, whose listener joins the same job.
 */
export async function startBounce(ctx: Pick<ServiceContext, 'db' | 'platform' | 'actor'>, input: z.output<typeof ZStartBounceInput>): Promise<TBounceTicket> {
  if (!ctx.actor) throw unauthorized();
  const access = await trackAccessFor(ctx, { userId: ctx.actor.userId, trackId: input.trackId });
  if (access?.role !== 'owner') throw notFound('track');
  const amounts = amountsOfFields(input);
  // The caller's own reference only: anyone else's reads as not found.
  if (input.referenceId) await referenceOfUser(ctx, { userId: ctx.actor.userId, id: input.referenceId });
  const ticket = await enqueueBounce(ctx, { trackId: input.trackId, styleId: input.styleId, intensity: input.intensity, amounts, referenceId: input.referenceId });
  return { jobId: ticket.jobId, state: ticket.state, position: ticket.position, masterId: ticket.masterId, intensity: input.intensity, ...fieldsOfAmounts(amounts), referenceId: input.referenceId ?? null };
}

export function mediaJobTicket(
  ctx: Pick<ServiceContext, 'db'>,
  input: { jobId: string; trackId: string; styleId?: number | undefined; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined },
): Promise<MediaJobTicket> {
  return ticketOf(ctx, input.jobId, input.trackId, input.styleId, input.intensity, input.amounts, input.referenceId ?? null);
}

/** The next media job for a media process with a free slot, under the per-user caps of every process together. */
export function claimMediaJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: { kinds: MediaJobKind[]; leaseMs: number }): Promise<ClaimedJob | null> {
  const limits = {
    [MEDIA_JOB_KINDS.bounce]: { perUser: ctx.platform.env.MEDIA_BOUNCES_PER_USER },
    [MEDIA_JOB_KINDS.prepare]: { perUser: 1 },
    [MEDIA_JOB_KINDS.album]: { perUser: 1 },
    // A user's checks of several masters run one after another, not in every free slot.
    [MEDIA_JOB_KINDS.codecs]: { perUser: 1 },
  };
  return claimJob(ctx.db, { kinds: input.kinds, leaseMs: input.leaseMs, limits });
}

export interface MediaJobLease {
  jobId: string;
  leaseToken: string;
}

/** The worker is alive: the lease is extended and its progress told to the job's waiters. False: the lease is lost, stop. */
export async function beatMediaJob(
  ctx: Pick<ServiceContext, 'db' | 'platform'>,
  input: MediaJobLease & { leaseMs: number; topic: string; progress?: Record<string, unknown> | undefined },
): Promise<{ held: boolean }> {
  const held = await extendLease(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, input.leaseMs);
  if (held && input.progress) await ctx.platform.events.publish({ topic: input.topic, type: 'progress', data: input.progress });
  return { held };
}

/**
 * A finished bounce: the master recorded in the transaction that completes the job, so a worker
 * that lost its lease (another took the job) records nothing. Null: the lease was lost.
 */
export async function completeBounceJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: MediaJobLease & { master: TRecordMasteredInput }): Promise<{ masterId: string } | null> {
  const done = await completeIfHeld(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, async (tx) => {
    const master = await recordMastered({ db: tx }, input.master);
    // Chained: the downloads are made from the stored master by the next free media slot.
    const owner = await repo.findTrackOwner(tx, input.master.trackId);
    await enqueueJob(tx, renditionsJob({ path: input.master.path, checksum: input.master.checksum }, owner?.user_id ?? null, RENDITIONS_PRIORITY));
    return master;
  });
  if (!done.held) return null;
  await ctx.platform.events.publish({
    topic: bounceTopic(input.master.trackId, input.master.styleId, input.master.intensity, fullAmounts(input.master.amounts), input.master.referenceId),
    type: 'done',
    data: { masterId: done.result.masterId },
  });
  await ctx.platform.events.publish({ topic: MEDIA_QUEUED_TOPIC, type: 'queued' });
  return done.result;
}

/**
 * A bounce that failed for good: with `counts` (the engine failed or ran out of time; not a refusal)
 * one more failed attempt is recorded with the job's failure. The waiters hear the error's key, or
 * mastering.maxFailedAttemptsReached when that was the last allowed attempt.
 */
export async function failBounceJob(
  ctx: Pick<ServiceContext, 'db' | 'platform'>,
  input: MediaJobLease & { trackId: string; styleId: number; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined; error: string; counts: boolean },
): Promise<{ held: boolean; error: string }> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const state = await failJob(tx, { id: input.jobId, leaseToken: input.leaseToken }, input.error, undefined, { retry: false });
    if (state === 'lease lost' || !input.counts) return { held: state !== 'lease lost', error: input.error };
    const failure = await recordMasteringFailure({ db: tx }, input);
    return { held: true, error: failure.failedMasteringAttempts >= MAX_FAILED_MASTERING_ATTEMPTS ? 'mastering.maxFailedAttemptsReached' : input.error };
  });
  if (outcome.held) await ctx.platform.events.publish({ topic: bounceTopic(input.trackId, input.styleId, input.intensity, input.amounts, input.referenceId), type: 'failed', data: { error: outcome.error } });
  return outcome;
}

/** The worker stops (its process shuts down): the job goes back to the queue at once for another process. */
export async function releaseMediaJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: MediaJobLease): Promise<void> {
  const state = await failJob(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, RELEASED);
  if (state === 'queued') await ctx.platform.events.publish({ topic: MEDIA_QUEUED_TOPIC, type: 'queued' });
}

/** Of these lease tokens (named in half-written files), those whose job still runs: its files are not orphans. */
export async function liveMediaLeases(ctx: Pick<ServiceContext, 'db'>, input: { tokens: string[] }): Promise<string[]> {
  return heldLeases(ctx.db, input.tokens);
}

/**
 * Puts the track's preparation (for the enabled styles: `version` names the original and the
 * styles) on the queue, or joins the one there, counting its waiters. A media process asks only
 * when no current preparation is stored, so a finished job under the key means its result is gone
 * (or failed): it is kept for inspection under another key and a new one queued.
 */
export async function enqueuePreparation(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: { trackId: string; version: string; claim?: MediaClaim | undefined }): Promise<MediaJobTicket> {
  const audio = await trackAudioInfo(ctx, { trackId: input.trackId });
  if (!audio) throw new AppError('NOT_FOUND', 'global.error.notFound', { detail: 'track' });
  const key = `${MEDIA_JOB_KINDS.prepare}:${input.trackId}:${input.version}`;
  await assertRoomInLine(ctx, audio.ownerId, key);
  const { id, created } = await enqueueJob(ctx.db, {
    kind: MEDIA_JOB_KINDS.prepare,
    payload: { trackId: input.trackId, version: input.version, waiters: 1 },
    userId: audio.ownerId,
    priority: PREPARE_PRIORITY,
    idempotencyKey: key,
    maxAttempts: MEDIA_JOB_ATTEMPTS,
    backoffMs: MEDIA_JOB_BACKOFF_MS,
  });
  if (created) await ctx.platform.events.publish({ topic: MEDIA_QUEUED_TOPIC, type: 'queued' });
  else await countJobWaiter(ctx.db, id, 1);
  const ticket = await ticketOf(ctx, id, input.trackId);
  if (ticket.state === 'queued' || ticket.state === 'running') return withClaim(ctx, ticket, input.claim);
  await retireJobKey(ctx.db, id);
  return enqueuePreparation(ctx, input);
}

/**
 * A waiter of a preparation left (its socket closed). The last one gone, a preparation still in
 * line is dropped (nobody waits for its work); one already running finishes, since its
 * result is stored for the next asker.
 */
export async function leavePreparation(ctx: Pick<ServiceContext, 'db'>, input: { jobId: string }): Promise<{ cancelled: boolean }> {
  const waiters = await countJobWaiter(ctx.db, input.jobId, -1);
  if (waiters === null || waiters > 0) return { cancelled: false };
  return { cancelled: await dropQueuedJob(ctx.db, input.jobId) };
}

/** A finished preparation (its fitted parameters are in storage, tracks/<id>/preparation.json): the waiters load them. */
export async function completePrepareJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: MediaJobLease & { trackId: string }): Promise<{ held: boolean }> {
  const { held } = await completeIfHeld(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, async () => undefined);
  if (held) await ctx.platform.events.publish({ topic: prepareTopic(input.trackId), type: 'done' });
  return { held };
}

/** A preparation that failed for good (the engine failed or ran out of time): its waiters hear the error's key. */
export async function failPrepareJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: MediaJobLease & { trackId: string; error: string }): Promise<{ held: boolean }> {
  const state = await failJob(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, input.error, undefined, { retry: false });
  if (state === 'lease lost') return { held: false };
  await ctx.platform.events.publish({ topic: prepareTopic(input.trackId), type: 'failed', data: { error: input.error } });
  return { held: true };
}

/** The key of a master file's downloads job: one per file (path and checksum), whoever asks. */
export const renditionsJobKey = (master: { path: string; checksum: string }) => `${MEDIA_JOB_KINDS.renditions}:${master.path}:${master.checksum}`;

function renditionsJob(master: { path: string; checksum: string }, userId: string | null, priority: number): NewJob {
  return {
    kind: MEDIA_JOB_KINDS.renditions,
    payload: { masterKey: master.path },
    userId,
    priority,
    idempotencyKey: renditionsJobKey(master),
    maxAttempts: MEDIA_JOB_ATTEMPTS,
    backoffMs: 5_000,
  };
}

/**
 * The downloads (MP3, 16-bit) of a master whose files are missing (bounced before downloads were
 * made at all, or their job failed): one job per master file, done by any media process. `first`:
 * a user asked to download it, so it goes with a fresh bounce's downloads, not behind every other
 * job of theirs. Null when there is nothing to make them from.
 */
export async function enqueueRenditions(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: { masterId: string; first?: boolean | undefined }): Promise<{ jobId: string } | null> {
  const master = await repo.findMasterById(ctx.db, input.masterId);
  if (!master?.path || !master.checksum) return null;
  const owner = await repo.findTrackOwner(ctx.db, master.track_id);
  const key = renditionsJobKey({ path: master.path, checksum: master.checksum });
  // A failed job of the file is kept for inspection; a new ask is a new try.
  const earlier = await ctx.db.selectFrom('jobs').select(['id', 'state']).where('idempotency_key', '=', key).executeTakeFirst();
  if (earlier && (earlier.state === 'failed' || earlier.state === 'done')) await retireJobKey(ctx.db, String(earlier.id));
  const job = renditionsJob({ path: master.path, checksum: master.checksum }, owner?.user_id ?? null, input.first ? RENDITIONS_PRIORITY : BACKFILL_PRIORITY);
  const { id, created } = await enqueueJob(ctx.db, job);
  if (created) await ctx.platform.events.publish({ topic: MEDIA_QUEUED_TOPIC, type: 'queued' });
  return { jobId: id };
}

/** Where a master file's downloads job stands: waiting (with its place in line), running, or none live. */
export async function renditionsProgress(ctx: Pick<ServiceContext, 'db'>, master: { path: string; checksum: string }): Promise<{ state: 'queued' | 'running'; position: number | null } | null> {
  const row = await ctx.db.selectFrom('jobs').select(['id', 'state']).where('idempotency_key', '=', renditionsJobKey(master)).where('state', 'in', ['queued', 'running']).executeTakeFirst();
  if (!row) return null;
  const status = await jobStatus(ctx.db, String(row.id), Object.values(MEDIA_JOB_KINDS));
  if (!status || (status.state !== 'queued' && status.state !== 'running')) return null;
  return { state: status.state, position: status.position };
}

/** Downloads made (nobody waits on them: no event). */
export async function completeMediaJob(ctx: Pick<ServiceContext, 'db'>, input: MediaJobLease): Promise<{ held: boolean }> {
  const { held } = await completeIfHeld(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, async () => undefined);
  return { held };
}

/** A try of background media work failed: tried again after its back-off, failed for good after its attempts. */
export async function retryMediaJob(ctx: Pick<ServiceContext, 'db'>, input: MediaJobLease & { error: string }): Promise<{ state: string }> {
  return { state: await failJob(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, input.error) };
}

/**
 * A master made by other media work than a bounce (an album's job): recorded like a bounce's, with
 * its downloads chained, on the caller's transaction (the one completing that job).
 */
export async function recordMasterWithDownloads(tx: Database, master: TRecordMasteredInput): Promise<{ masterId: string }> {
  const recorded = await recordMastered({ db: tx }, master);
  const owner = await repo.findTrackOwner(tx, master.trackId);
  await enqueueJob(tx, renditionsJob({ path: master.path, checksum: master.checksum }, owner?.user_id ?? null, RENDITIONS_PRIORITY));
  return recorded;
}
