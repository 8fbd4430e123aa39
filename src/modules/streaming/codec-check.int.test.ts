import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, createUploadedTrack, firstEnabledStyleId, type TestUser as User } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { claimMediaJob, completeCodecCheckJob, failCodecCheckJob, MEDIA_JOB_KINDS } from './index.js';

const FIGURES = [
  { codec: 'aac' as const, bitrateKbps: 256, truePeakDb: -0.62, lufs: -9.1 },
  { codec: 'opus' as const, bitrateKbps: 160, truePeakDb: 0.21, lufs: -9.05 },
];

/**
 * The codec check over tRPC, REST and GraphQL: one service, the master's owner only (a shared
 * recipient sees the stored figures with the master and nothing more), one job per master file,
 * its figures written with the job's completion. The media process's side is in
 * sidecar/media-codecs.int.test.ts.
 */
describe('the codec check of a master', () => {
  const suite = useTestApp();
  let owner: User;
  let stranger: User;
  let recipient: User;
  let masterId: string;
  let unmasteredId: string;

  beforeAll(async () => {
    const { db, secrets } = suite.platform;
    owner = await createTestUser(db, secrets.jwtSecret);
    stranger = await createTestUser(db, secrets.jwtSecret);
    recipient = await createTestUser(db, secrets.jwtSecret);
    const track = await createUploadedTrack(suite.platform, owner.id, { name: 'Loud', bitsPerSample: 24 });
    unmasteredId = track.masterId;
    const styleId = await firstEnabledStyleId(db);
    masterId = (
      await db
        .insertInto('masters')
        .values({
          track_id: track.trackId,
          user_id: owner.id,
          style_id: styleId,
          status: 'MASTERED',
          path: `tracks/${track.trackId}/masters/style-${styleId}.wav`,
          checksum: 'a'.repeat(64),
          measurements: JSON.stringify({ lufs: -9, truePeak: -1, frames: 250, channels: 2, sampleRate: 44100 }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('shares').values({ master_id: masterId, owner_user_id: owner.id, email: recipient.email }).execute();
  });
  beforeEach(async () => {
    await suite.platform.db.deleteFrom('jobs').execute();
    await suite.platform.db.updateTable('masters').set({ measurements: JSON.stringify({ lufs: -9, truePeak: -1, frames: 250, channels: 2, sampleRate: 44100 }), checksum: 'a'.repeat(64) }).where('id', '=', masterId).execute();
  });

  const codecJobs = () => suite.platform.db.selectFrom('jobs').select(['id', 'payload', 'user_id', 'state']).where('kind', '=', MEDIA_JOB_KINDS.codecs).orderBy('id').execute();
  const rest = (user: User, method: 'GET' | 'POST', id = masterId) =>
    fetch(`${suite.app.base}/api/masters/${id}/codec-check`, { method, headers: { authorization: `Bearer ${user.token}` } });
  const graphql = (user: User, query: string) => suite.graphql(user.id, query, { m: masterId });
  const START = 'mutation($m: ID!) { startCodecCheck(masterId: $m) { masterId state position error codecs { codec bitrateKbps truePeakDb lufs } } }';
  const READ = 'query($m: ID!) { codecCheck(masterId: $m) { state position codecs { codec truePeakDb } } }';

  /** The check's job, claimed as a media process claims it. */
  async function claimed() {
    const job = await claimMediaJob(suite.platform.contextFor(null), { kinds: [MEDIA_JOB_KINDS.codecs], leaseMs: 60_000 });
    if (!job) throw new Error('no codec check to claim');
    return { jobId: job.id, leaseToken: job.leaseToken, payload: job.payload as { masterId: string; checksum: string } };
  }

  it('when the owner asks on every adapter, then one job is queued for the master file and every later ask joins it', async () => {
    expect((await suite.callerAs(owner).mastering.codecCheck({ masterId })).state).toBe('none');
    const first = await suite.callerAs(owner).mastering.startCodecCheck({ masterId });
    expect(first).toEqual({ masterId, state: 'queued', position: 1, error: null, codecs: null });
    const viaRest = await rest(owner, 'POST');
    expect(viaRest.status).toBe(202);
    expect(await viaRest.json()).toMatchObject({ state: 'queued', position: 1 });
    const viaGraphql = await graphql(owner, START);
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.startCodecCheck).toMatchObject({ state: 'queued', position: 1, codecs: null });
    const jobs = await codecJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ user_id: owner.id, payload: { masterId, checksum: 'a'.repeat(64) } });
    await claimed();
    expect((await (await rest(owner, 'GET')).json()) as unknown).toMatchObject({ state: 'running', position: null });
    expect((await graphql(owner, READ)).data?.codecCheck).toMatchObject({ state: 'running' });
  });

  it('when someone else asks, also a user the master is shared with, then every adapter answers not found and nothing is queued; nobody logged in is refused', async () => {
    for (const user of [stranger, recipient]) {
      await expect(suite.callerAs(user).mastering.startCodecCheck({ masterId })).rejects.toThrow('global.error.notFound');
      await expect(suite.callerAs(user).mastering.codecCheck({ masterId })).rejects.toThrow('global.error.notFound');
      expect((await rest(user, 'POST')).status).toBe(404);
      expect((await rest(user, 'GET')).status).toBe(404);
      expect((await graphql(user, START)).errors?.[0]?.message).toBe('global.error.notFound');
      expect((await graphql(user, READ)).errors?.[0]?.message).toBe('global.error.notFound');
    }
    await expect(suite.callerAs(null).mastering.startCodecCheck({ masterId })).rejects.toThrow('global.error.unauthorized');
    expect(await codecJobs()).toEqual([]);
  });

  it('when the check completes, then its figures are in the master s measurements for the owner and for the recipient it is shared with, and asking again answers them without a new job', async () => {
    await suite.callerAs(owner).mastering.startCodecCheck({ masterId });
    const job = await claimed();
    expect(await completeCodecCheckJob(suite.platform.contextFor(null), { jobId: job.jobId, leaseToken: job.leaseToken, masterId, checksum: job.payload.checksum, codecs: FIGURES })).toEqual({ held: true, stored: true });
    expect(await suite.callerAs(owner).mastering.codecCheck({ masterId })).toEqual({ masterId, state: 'done', position: null, error: null, codecs: FIGURES });
    expect((await suite.callerAs(owner).masters.master({ id: masterId })).measurements).toMatchObject({ lufs: -9, truePeak: -1, codecs: FIGURES });
    expect((await suite.callerAs(recipient).sharing.sharedMaster({ id: masterId })).measurements?.codecs).toEqual(FIGURES);
    expect((await graphql(owner, START)).data?.startCodecCheck).toMatchObject({ state: 'done', codecs: [{ codec: 'aac', truePeakDb: -0.62 }, { codec: 'opus', truePeakDb: 0.21 }] });
    expect((await codecJobs()).map((j) => j.state)).toEqual(['done']);
  });

  it('when a worker lost its lease, or the master was bounced again meanwhile, then nothing is written and the check can be asked for anew', async () => {
    await suite.callerAs(owner).mastering.startCodecCheck({ masterId });
    const job = await claimed();
    expect(await completeCodecCheckJob(suite.platform.contextFor(null), { ...job, leaseToken: crypto.randomUUID(), masterId, checksum: job.payload.checksum, codecs: FIGURES })).toEqual({ held: false, stored: false });
    await suite.platform.db.updateTable('masters').set({ checksum: 'b'.repeat(64) }).where('id', '=', masterId).execute();
    expect(await completeCodecCheckJob(suite.platform.contextFor(null), { jobId: job.jobId, leaseToken: job.leaseToken, masterId, checksum: job.payload.checksum, codecs: FIGURES })).toEqual({ held: true, stored: false });
    const row = await suite.platform.db.selectFrom('masters').select('measurements').where('id', '=', masterId).executeTakeFirstOrThrow();
    expect(row.measurements).not.toHaveProperty('codecs');
    // The new file has a check of its own.
    expect(await suite.callerAs(owner).mastering.startCodecCheck({ masterId })).toMatchObject({ state: 'queued' });
    expect((await codecJobs()).map((j) => (j.payload as { checksum?: string }).checksum ?? j.state)).toEqual(['done', 'b'.repeat(64)]);
  });

  it('when the check fails, then the owner reads its error key, and asking again queues a new try', async () => {
    await suite.callerAs(owner).mastering.startCodecCheck({ masterId });
    const job = await claimed();
    expect(await failCodecCheckJob(suite.platform.contextFor(null), { jobId: job.jobId, leaseToken: job.leaseToken, masterId, error: 'codecs.failed' })).toEqual({ held: true });
    expect(await suite.callerAs(owner).mastering.codecCheck({ masterId })).toMatchObject({ state: 'failed', error: 'codecs.failed', codecs: null });
    const again = await suite.callerAs(owner).mastering.startCodecCheck({ masterId });
    expect(again).toMatchObject({ state: 'queued', error: null });
    expect((await codecJobs()).map((j) => j.state)).toEqual(['failed', 'queued']);
  });

  it('when the master has no file (the track s unmastered master) or the id is no uuid, then it is refused with a key and nothing is queued', async () => {
    await expect(suite.callerAs(owner).mastering.startCodecCheck({ masterId: unmasteredId })).rejects.toMatchObject({ code: 'CONFLICT', message: 'codecs.notMastered' });
    const bad = await rest(owner, 'POST', 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'global.error.invalidInput' });
    expect(await codecJobs()).toEqual([]);
  });
});
