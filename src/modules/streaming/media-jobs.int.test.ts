import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobEvent } from '../../platform/queue/job-events.js';
import { createTestUser, createUploadedTrack, firstEnabledStyleId } from '../../test/factories.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import {
  claimMediaJob,
  completeBounceJob,
  completePrepareJob,
  enqueueBounce,
  enqueuePreparation,
  failBounceJob,
  leavePreparation,
  MEDIA_JOB_KINDS,
} from './media-jobs.service.js';

/**
 * The web process's side of the media jobs: what the media processes ask of it through
 * the internal API, on the real queue (PGlite or PostgreSQL) with its events.
 */
describe('media jobs on the durable queue', () => {
  let platform: TestPlatform;
  const heard: JobEvent[] = [];

  beforeAll(async () => {
    platform = await createTestPlatform();
    platform.events.subscribe((event) => heard.push(event));
  });
  afterAll(() => platform.close());
  // Each test claims from an empty queue: another test's jobs never answer its claims.
  beforeEach(async () => void (await platform.db.deleteFrom('jobs').execute()));

  async function newTrack(ownerId?: string) {
    const userId = ownerId ?? (await createTestUser(platform.db, platform.secrets.jwtSecret)).id;
    return { trackId: (await createUploadedTrack(platform, userId)).trackId, userId };
  }
  const styleId = () => firstEnabledStyleId(platform.db);
  const ctx = () => platform.contextFor(null);
  const jobRow = (id: string) => platform.db.selectFrom('jobs').select(['state', 'attempts', 'payload']).where('id', '=', id).executeTakeFirst();
  const measurements = { lufs: -9, truePeak: -1, frames: 100, channels: 2, sampleRate: 44100 };

  it('when a bounce is asked twice, then it is one job; its completion records the master and tells the waiters, and a worker that lost its lease records nothing', async () => {
    const track = await newTrack();
    const style = await styleId();
    const first = await enqueueBounce(ctx(), { trackId: track.trackId, styleId: style });
    const again = await enqueueBounce(ctx(), { trackId: track.trackId, styleId: style });
    expect(again.jobId).toBe(first.jobId);
    expect(first).toMatchObject({ state: 'queued', position: 1 });
    // On PostgreSQL the event comes back through LISTEN, a moment later.
    await expect.poll(() => heard.some((e) => e.topic === 'media' && e.type === 'queued')).toBe(true);

    const dead = await claimMediaJob(ctx(), { kinds: [MEDIA_JOB_KINDS.bounce], leaseMs: 50 });
    expect(dead).toMatchObject({ id: first.jobId, userId: track.userId, payload: { trackId: track.trackId, styleId: style } });
    // The first worker's lease runs out: the job is taken again (after its short back-off).
    let taken = null;
    for (let tries = 0; !taken && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      taken = await claimMediaJob(ctx(), { kinds: [MEDIA_JOB_KINDS.bounce], leaseMs: 60_000 });
    }
    expect(taken?.id).toBe(first.jobId);

    const master = { trackId: track.trackId, styleId: style, path: `tracks/${track.trackId}/masters/style-${style}.wav`, checksum: 'a'.repeat(64), measurements, fileBytes: 10 };
    expect(await completeBounceJob(ctx(), { jobId: dead!.id, leaseToken: dead!.leaseToken, master })).toBeNull();
    expect(await platform.db.selectFrom('masters').select('id').where('track_id', '=', track.trackId).where('style_id', '=', style).executeTakeFirst()).toBeUndefined();

    const recorded = await completeBounceJob(ctx(), { jobId: taken!.id, leaseToken: taken!.leaseToken, master });
    expect(recorded?.masterId).toBeTruthy();
    expect(await jobRow(first.jobId)).toMatchObject({ state: 'done', attempts: 2 });
    await expect.poll(() => heard).toContainEqual({ topic: `bounce:${track.trackId}:${style}`, type: 'done', data: { masterId: recorded!.masterId } });
    // The master is ready at once; its downloads follow as a job chained to the completion, first
    // in its owner's line.
    const chained = await claimMediaJob(ctx(), { kinds: Object.values(MEDIA_JOB_KINDS), leaseMs: 60_000 });
    expect(chained).toMatchObject({ kind: MEDIA_JOB_KINDS.renditions, userId: track.userId, payload: { masterKey: master.path } });
    // A bounce asked after it is a new job (the master's file is part of its key).
    expect((await enqueueBounce(ctx(), { trackId: track.trackId, styleId: style })).jobId).not.toBe(first.jobId);
  });

  it('when a bounce fails, then the attempt is counted with the failure and the third is refused at once', async () => {
    const track = await newTrack();
    const style = await styleId();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const ticket = await enqueueBounce(ctx(), { trackId: track.trackId, styleId: style });
      const job = await claimMediaJob(ctx(), { kinds: [MEDIA_JOB_KINDS.bounce], leaseMs: 60_000 });
      expect(job?.id).toBe(ticket.jobId);
      const failed = await failBounceJob(ctx(), { jobId: job!.id, leaseToken: job!.leaseToken, trackId: track.trackId, styleId: style, error: 'binary.creation.timeout', counts: true });
      expect(failed.error).toBe(attempt < 3 ? 'binary.creation.timeout' : 'mastering.maxFailedAttemptsReached');
      expect(await jobRow(job!.id)).toMatchObject({ state: 'failed' });
    }
    await expect(enqueueBounce(ctx(), { trackId: track.trackId, styleId: style })).rejects.toThrow('mastering.maxFailedAttemptsReached');
  });

  it('when every waiter of a queued preparation leaves, then it is dropped; a running one stays and finishes', async () => {
    const track = await newTrack();
    const version = '1:abc';
    const first = await enqueuePreparation(ctx(), { trackId: track.trackId, version });
    const second = await enqueuePreparation(ctx(), { trackId: track.trackId, version });
    expect(second.jobId).toBe(first.jobId);
    expect(await leavePreparation(ctx(), { jobId: first.jobId })).toEqual({ cancelled: false });
    expect(await jobRow(first.jobId)).toMatchObject({ state: 'queued' });
    expect(await leavePreparation(ctx(), { jobId: first.jobId })).toEqual({ cancelled: true });
    expect(await jobRow(first.jobId)).toBeUndefined();

    // Asked again: a new job, claimed, then left by its only waiter: it runs on.
    const running = await enqueuePreparation(ctx(), { trackId: track.trackId, version });
    const job = await claimMediaJob(ctx(), { kinds: [MEDIA_JOB_KINDS.prepare], leaseMs: 60_000 });
    expect(job?.id).toBe(running.jobId);
    expect(await leavePreparation(ctx(), { jobId: running.jobId })).toEqual({ cancelled: false });
    expect(await jobRow(running.jobId)).toMatchObject({ state: 'running' });
  });

  it('when a preparation is asked for after its job is done (its stored result is gone), then a new one is queued and the old one kept', async () => {
    const track = await newTrack();
    const first = await enqueuePreparation(ctx(), { trackId: track.trackId, version: 'v1' });
    const job = await claimMediaJob(ctx(), { kinds: [MEDIA_JOB_KINDS.prepare], leaseMs: 60_000 });
    expect(await completePrepareJob(ctx(), { jobId: job!.id, leaseToken: job!.leaseToken, trackId: track.trackId })).toEqual({ held: true });
    const again = await enqueuePreparation(ctx(), { trackId: track.trackId, version: 'v1' });
    expect(again).toMatchObject({ state: 'queued' });
    expect(again.jobId).not.toBe(first.jobId);
    expect(await jobRow(first.jobId)).toMatchObject({ state: 'done' });
  });

  it('when one user asks for two preparations and another for one, then one of a user runs at a time and the other user is next', async () => {
    const a1 = await newTrack();
    const a2 = await newTrack(a1.userId);
    const b = await newTrack();
    const queued = [await enqueuePreparation(ctx(), { trackId: a1.trackId, version: 'v' }), await enqueuePreparation(ctx(), { trackId: a2.trackId, version: 'v' }), await enqueuePreparation(ctx(), { trackId: b.trackId, version: 'v' })];
    const kinds = [MEDIA_JOB_KINDS.prepare];
    const firstTwo = [await claimMediaJob(ctx(), { kinds, leaseMs: 60_000 }), await claimMediaJob(ctx(), { kinds, leaseMs: 60_000 })];
    expect(firstTwo.map((j) => j?.id)).toEqual([queued[0]!.jobId, queued[2]!.jobId]);
    // a2 waits for a1: one preparation per user at a time.
    expect(await claimMediaJob(ctx(), { kinds, leaseMs: 60_000 })).toBeNull();
  });

  it('when one user floods bounces (two running, eight waiting, topping up), then another user\'s preparation is next, taken as soon as one running job ends', async () => {
    const styles = (await platform.db.selectFrom('styles').select('id').where('enabled', '=', true).orderBy('style_index').execute()).map((s) => s.id);
    const flooder = await newTrack();
    const floodTracks = [flooder, await newTrack(flooder.userId), await newTrack(flooder.userId)];
    const asks = floodTracks.flatMap((track) => styles.map((style) => ({ trackId: track.trackId, styleId: style })));
    let asked = 0;
    const bounceAgain = () => enqueueBounce(ctx(), asks[asked++]!);
    const kinds = Object.values(MEDIA_JOB_KINDS);
    // Two media slots, both busy with the flooder's bounces (the per-user cap), eight more in line.
    for (let i = 0; i < 2; i++) await bounceAgain();
    const running = [await claimMediaJob(ctx(), { kinds, leaseMs: 60_000 }), await claimMediaJob(ctx(), { kinds, leaseMs: 60_000 })];
    expect(running.map((job) => job?.userId)).toEqual([flooder.userId, flooder.userId]);
    for (let i = 0; i < platform.env.MEDIA_QUEUED_JOBS_PER_USER; i++) await bounceAgain();

    const other = await newTrack();
    const preparation = await enqueuePreparation(ctx(), { trackId: other.trackId, version: 'v' });
    // Nobody is ahead of it: the flooder's waiting bounces come after it whatever their priority.
    expect(preparation).toMatchObject({ state: 'queued', position: 1 });

    // One running bounce ends; the flooder's newest bounce is younger than the preparation, but its
    // older ones are not, and all of them outrank a preparation.
    const ended = running[0]!;
    const payload = ended.payload as { trackId: string; styleId: number };
    const master = { ...payload, path: `tracks/${payload.trackId}/masters/style-${payload.styleId}.wav`, checksum: 'b'.repeat(64), measurements, fileBytes: 10 };
    expect(await completeBounceJob(ctx(), { jobId: ended.id, leaseToken: ended.leaseToken, master })).not.toBeNull();
    const next = await claimMediaJob(ctx(), { kinds, leaseMs: 60_000 });
    expect(next).toMatchObject({ id: preparation.jobId, userId: other.userId, kind: MEDIA_JOB_KINDS.prepare });
    // Nothing of the other user waits now: the flooder's work goes on
    await completeBounceJob(ctx(), { jobId: running[1]!.id, leaseToken: running[1]!.leaseToken, master: { ...master, styleId: (running[1]!.payload as { styleId: number }).styleId, trackId: (running[1]!.payload as { trackId: string }).trackId } });
    // (the downloads of the flooder's finished master first: its own priority orders its own line).
    expect(await claimMediaJob(ctx(), { kinds, leaseMs: 60_000 })).toMatchObject({ userId: flooder.userId, kind: MEDIA_JOB_KINDS.renditions });
    const late = await newTrack();
    expect(await enqueuePreparation(ctx(), { trackId: late.trackId, version: 'v' })).toMatchObject({ position: 1 });
  });

  it('when a media process asks with a free slot, then the slot takes the job in the same call, or the one the queue\'s order puts first', async () => {
    const kinds = Object.values(MEDIA_JOB_KINDS);
    const waiting = await newTrack();
    const asker = await newTrack();
    // Nothing waits: the asker's own preparation is taken at once, no queued event and claim needed.
    const own = await enqueuePreparation(ctx(), { trackId: asker.trackId, version: 'v', claim: { kinds, leaseMs: 60_000 } });
    expect(own).toMatchObject({ state: 'running', position: null, claimed: { id: own.jobId, kind: MEDIA_JOB_KINDS.prepare, userId: asker.userId } });
    // Another user's preparation waits, and the asker already runs one: the free slot takes the other user's.
    const other = await enqueuePreparation(ctx(), { trackId: waiting.trackId, version: 'v' });
    const bounce = await enqueueBounce(ctx(), { trackId: asker.trackId, styleId: await styleId(), claim: { kinds, leaseMs: 60_000 } });
    expect(bounce).toMatchObject({ state: 'queued', claimed: { id: other.jobId, userId: waiting.userId } });
  });

  it('when a user has as many media jobs in line as allowed, then a new one is refused and joining one there is not', async () => {
    const first = await newTrack();
    const tracks = [first];
    for (let i = 1; i <= platform.env.MEDIA_QUEUED_JOBS_PER_USER; i++) tracks.push(await newTrack(first.userId));
    for (const track of tracks.slice(0, -1)) await enqueuePreparation(ctx(), { trackId: track.trackId, version: 'v' });
    await expect(enqueuePreparation(ctx(), { trackId: tracks.at(-1)!.trackId, version: 'v' })).rejects.toThrow('mastering.tooManyJobs');
    await expect(enqueueBounce(ctx(), { trackId: first.trackId, styleId: await styleId() })).rejects.toThrow('mastering.tooManyJobs');
    expect((await enqueuePreparation(ctx(), { trackId: first.trackId, version: 'v' })).state).toBe('queued');
  });
});
