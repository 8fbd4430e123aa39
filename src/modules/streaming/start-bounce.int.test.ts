import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, createUploadedTrack, firstEnabledStyleId, type TestUser as User } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { MEDIA_JOB_KINDS } from './media-jobs.service.js';

/** Starting a bounce at an intensity over tRPC, REST and GraphQL: one rule, and bad input changes nothing. */
describe('a bounce started at an intensity', () => {
  const suite = useTestApp();
  let owner: User;
  let stranger: User;
  let trackId: string;
  let styleId: number;

  beforeAll(async () => {
    const { db, secrets } = suite.platform;
    owner = await createTestUser(db, secrets.jwtSecret);
    stranger = await createTestUser(db, secrets.jwtSecret);
    trackId = (await createUploadedTrack(suite.platform, owner.id)).trackId;
    styleId = await firstEnabledStyleId(db);
  });
  beforeEach(async () => void (await suite.platform.db.deleteFrom('jobs').execute()));

  const bounceJobs = () => suite.platform.db.selectFrom('jobs').select(['payload', 'idempotency_key']).where('kind', '=', MEDIA_JOB_KINDS.bounce).orderBy('id').execute();
  const rest = (user: User, body: unknown) =>
    fetch(`${suite.app.base}/api/masters/bounce`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, body: JSON.stringify(body) });
  async function graphql(user: User, query: string, variables: Record<string, unknown>) {
    const response = await fetch(`${suite.app.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data: { startBounce?: { intensity?: string; state?: string; referenceId?: string | null; jobId?: string; toneAmount?: number; widthAmount?: number } } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
  }
  const START = 'mutation($t: ID!, $s: Int!, $i: MasterIntensity) { startBounce(trackId: $t, styleId: $s, intensity: $i) { jobId state intensity } }';

  it('when the owner starts a bounce at High over tRPC, then it is a job of its own beside Medium, and leaving the intensity out means Medium', async () => {
    const high = await suite.callerAs(owner).mastering.startBounce({ trackId, styleId, intensity: 'high' });
    expect(high).toMatchObject({ state: 'queued', intensity: 'high' });
    const medium = await suite.callerAs(owner).mastering.startBounce({ trackId, styleId });
    expect(medium).toMatchObject({ state: 'queued', intensity: 'medium' });
    expect(medium.jobId).not.toBe(high.jobId);
    expect((await bounceJobs()).map((job) => job.payload)).toEqual([
      { trackId, styleId, intensity: 'high' },
      { trackId, styleId, intensity: 'medium' },
    ]);
    // Asked again, the same intensity joins its job.
    expect((await suite.callerAs(owner).mastering.startBounce({ trackId, styleId, intensity: 'high' })).jobId).toBe(high.jobId);
  });

  it('when the intensity is not one of low, medium and high, then tRPC refuses it with its key and no job is written', async () => {
    await expect(suite.callerAs(owner).mastering.startBounce({ trackId, styleId, intensity: 'loud' as 'low' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { issues: expect.arrayContaining([expect.objectContaining({ message: 'error.intensityInvalid' })]) as unknown },
    });
    expect(await bounceJobs()).toEqual([]);
  });

  it('when REST is sent a bad intensity, then it answers 400 with the translated key and writes nothing; a good one is queued', async () => {
    const bad = await rest(owner, { trackId, styleId, intensity: 'LOUDER' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, message: 'error.intensityInvalid' });
    expect(await bounceJobs()).toEqual([]);
    const good = await rest(owner, { trackId, styleId, intensity: 'low' });
    expect(good.status).toBe(202);
    expect(await good.json()).toMatchObject({ state: 'queued', intensity: 'low' });
    expect((await bounceJobs()).map((job) => job.payload)).toEqual([{ trackId, styleId, intensity: 'low' }]);
  });

  it('when GraphQL is sent the enum, then the bounce is queued at it; a value outside the enum is refused with 400 and the invalid-input key, and writes nothing', async () => {
    const bad = await graphql(owner, START, { t: trackId, s: styleId, i: 'loud' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'global.error.invalidInput', extensions: { detail: expect.stringMatching(/MasterIntensity/) as unknown } });
    expect(await bounceJobs()).toEqual([]);
    const good = await graphql(owner, START, { t: trackId, s: styleId, i: 'high' });
    expect(good.body.errors).toBeUndefined();
    expect(good.body.data?.startBounce).toMatchObject({ state: 'queued', intensity: 'high' });
    expect((await bounceJobs()).map((job) => job.payload)).toEqual([{ trackId, styleId, intensity: 'high' }]);
  });

  it('when the owner starts bounces at other amounts, then each is a job of its own on every adapter, answered with its amounts; the default amounts join the plain bounce', async () => {
    const viaTrpc = await suite.callerAs(owner).mastering.startBounce({ trackId, styleId, intensity: 'high', toneAmount: 120, widthAmount: 80 });
    expect(viaTrpc).toMatchObject({ state: 'queued', intensity: 'high', toneAmount: 120, widthAmount: 80, dynamicsAmount: 100 });
    const plain = await suite.callerAs(owner).mastering.startBounce({ trackId, styleId, intensity: 'high', toneAmount: 100, widthAmount: 100, dynamicsAmount: 100 });
    expect(plain.jobId).not.toBe(viaTrpc.jobId);
    const viaRest = await rest(owner, { trackId, styleId, dynamicsAmount: 0 });
    expect(viaRest.status).toBe(202);
    expect(await viaRest.json()).toMatchObject({ intensity: 'medium', toneAmount: 100, widthAmount: 100, dynamicsAmount: 0 });
    const viaGraphql = await graphql(owner, 'mutation($t: ID!, $s: Int!) { startBounce(trackId: $t, styleId: $s, toneAmount: 150) { jobId intensity toneAmount widthAmount dynamicsAmount } }', { t: trackId, s: styleId });
    expect(viaGraphql.body.errors).toBeUndefined();
    expect(viaGraphql.body.data?.startBounce).toMatchObject({ intensity: 'medium', toneAmount: 150, widthAmount: 100, dynamicsAmount: 100 });
    expect((await bounceJobs()).map((job) => job.payload)).toEqual([
      { trackId, styleId, intensity: 'high', amounts: { tone: 120, width: 80, dynamics: 100 } },
      { trackId, styleId, intensity: 'high' },
      { trackId, styleId, intensity: 'medium', amounts: { tone: 100, width: 100, dynamics: 0 } },
      { trackId, styleId, intensity: 'medium', amounts: { tone: 150, width: 100, dynamics: 100 } },
    ]);
    // Asked again with the same amounts, it joins its job.
    expect((await suite.callerAs(owner).mastering.startBounce({ trackId, styleId, intensity: 'high', widthAmount: 80, toneAmount: 120 })).jobId).toBe(viaTrpc.jobId);
  });

  it('when an amount is outside 0-150 or not a step of 10, then tRPC and REST refuse it with its key, GraphQL with the invalid-input key, and nothing is queued', async () => {
    await expect(suite.callerAs(owner).mastering.startBounce({ trackId, styleId, toneAmount: 160 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { issues: expect.arrayContaining([expect.objectContaining({ message: 'error.amountInvalid' })]) as unknown },
    });
    const bad = await rest(owner, { trackId, styleId, widthAmount: 85 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, message: 'error.amountInvalid' });
    const viaGraphql = await graphql(owner, 'mutation($t: ID!, $s: Int!) { startBounce(trackId: $t, styleId: $s, dynamicsAmount: -10) { jobId } }', { t: trackId, s: styleId });
    expect(viaGraphql.body.errors?.[0]?.message).toBe('error.amountInvalid');
    expect(await bounceJobs()).toEqual([]);
  });

  it('when GraphQL is asked to bounce toward a reference, then the owner s own is queued with it and someone else s answers not found and queues nothing', async () => {
    const referenceOf = async (user: User) =>
      (
        await suite.platform.db
          .insertInto('reference_tracks')
          .values({ user_id: user.id, name: 'R', path: `users/${user.id}/references/${crypto.randomUUID()}.wav`, sample_rate: 44100, channels: 2, number_of_samples: 250, byte_length: 1044 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const mine = await referenceOf(owner);
    const theirs = await referenceOf(stranger);
    const TOWARD = 'mutation($t: ID!, $s: Int!, $r: ID) { startBounce(trackId: $t, styleId: $s, referenceId: $r) { jobId state referenceId } }';
    const refused = await graphql(owner, TOWARD, { t: trackId, s: styleId, r: theirs });
    expect(refused.body.errors?.[0]?.message).toBe('global.error.notFound');
    expect(await bounceJobs()).toEqual([]);
    const queued = await graphql(owner, TOWARD, { t: trackId, s: styleId, r: mine });
    expect(queued.body.errors).toBeUndefined();
    expect(queued.body.data?.startBounce).toMatchObject({ state: 'queued', referenceId: mine });
    expect((await bounceJobs()).map((job) => job.payload)).toEqual([{ trackId, styleId, intensity: 'medium', referenceId: mine }]);
    // Toward the same reference at other amounts: a job of its own, carrying both; the same again joins it.
    const AT = 'mutation($t: ID!, $s: Int!, $r: ID) { startBounce(trackId: $t, styleId: $s, referenceId: $r, toneAmount: 50) { jobId referenceId toneAmount widthAmount } }';
    const atAmounts = await graphql(owner, AT, { t: trackId, s: styleId, r: mine });
    expect(atAmounts.body.data?.startBounce).toMatchObject({ referenceId: mine, toneAmount: 50, widthAmount: 100 });
    expect((await graphql(owner, AT, { t: trackId, s: styleId, r: mine })).body.data?.startBounce).toMatchObject({ jobId: atAmounts.body.data?.startBounce?.jobId });
    const viaTrpc = await suite.callerAs(owner).mastering.startBounce({ trackId, styleId, referenceId: mine, toneAmount: 50 });
    expect(viaTrpc).toMatchObject({ referenceId: mine, toneAmount: 50 });
    expect((await bounceJobs()).map((job) => job.payload)).toEqual([
      { trackId, styleId, intensity: 'medium', referenceId: mine },
      { trackId, styleId, intensity: 'medium', amounts: { tone: 50, width: 100, dynamics: 100 }, referenceId: mine },
    ]);
  });

  it("when someone else asks for a bounce of the track, at any intensity, then every adapter answers not found and nothing is queued", async () => {
    await expect(suite.callerAs(stranger).mastering.startBounce({ trackId, styleId, intensity: 'high' })).rejects.toThrow('global.error.notFound');
    const viaRest = await rest(stranger, { trackId, styleId, intensity: 'low' });
    expect(viaRest.status).toBe(404);
    expect((await graphql(stranger, START, { t: trackId, s: styleId, i: 'medium' })).body.errors?.[0]?.message).toBe('global.error.notFound');
    await expect(suite.callerAs(null).mastering.startBounce({ trackId, styleId })).rejects.toThrow('global.error.unauthorized');
    expect(await bounceJobs()).toEqual([]);
  });
});
