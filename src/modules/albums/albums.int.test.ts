import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createTestUser, createUploadedTrack, firstEnabledStyleId, type TestUser } from '../../test/factories.js';
import { listenTestApp, type TestApp } from '../../test/test-app.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { claimJob } from '../../platform/queue/job-queue.js';
import { MEDIA_JOB_KINDS } from '../streaming/index.js';
import { beginAlbumJob, completeAlbumJob, failAlbumJob } from './album-jobs.service.js';

/** Album mode over tRPC, REST and GraphQL: one rule each, the owner's tracks and albums only, bad input writes nothing. */
describe('albums', () => {
  let platform: TestPlatform;
  let app: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let styleId: number;
  const ownTracks: string[] = [];
  let strangersTrack: string;
  const callerFor = (user: TestUser | null) => createCallerFactory(appRouter)(platform.contextFor(user ? { userId: user.id } : null));

  const trackOf = async (user: TestUser, name: string) => (await createUploadedTrack(platform, user.id, { name })).trackId;

  beforeAll(async () => {
    platform = await createTestPlatform();
    app = await listenTestApp(platform);
    owner = await createTestUser(platform.db, platform.secrets.jwtSecret);
    stranger = await createTestUser(platform.db, platform.secrets.jwtSecret);
    for (const name of ['Intro', 'Single', 'Outro']) ownTracks.push(await trackOf(owner, name));
    strangersTrack = await trackOf(stranger, 'Theirs');
    styleId = await firstEnabledStyleId(platform.db);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.close();
  });
  beforeEach(async () => {
    await platform.db.deleteFrom('jobs').execute();
    await platform.db.deleteFrom('mastering_albums').execute();
  });

  const albumJobs = () => platform.db.selectFrom('jobs').select(['payload', 'user_id']).where('kind', '=', MEDIA_JOB_KINDS.album).execute();
  const albumCount = async () => (await platform.db.selectFrom('mastering_albums').select('id').execute()).length;
  const rest = (user: TestUser, method: string, url: string, body?: unknown) =>
    fetch(`${app.base}/api${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  async function graphql(user: TestUser, query: string, variables: Record<string, unknown>) {
    const response = await fetch(`${app.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: Record<string, { id: string; tracks: { name: string }[] } | null> | null; errors?: { message: string }[] };
  }
  const CREATE = 'mutation($t: [ID!]!, $s: Int!, $i: MasterIntensity) { createAlbum(trackIds: $t, styleId: $s, intensity: $i) { id state intensity tracks { position name } } }';
  const READ = 'query($id: ID!) { album(id: $id) { id tracks { name } } }';

  it('when the owner makes an album of three tracks over tRPC, then they keep the order given, and one album job of the owner is queued', async () => {
    const order = [ownTracks[2]!, ownTracks[0]!, ownTracks[1]!];
    const album = await callerFor(owner).albums.create({ trackIds: order, styleId, intensity: 'high' });
    expect(album).toMatchObject({ state: 'queued', intensity: 'high', styleId, spreadInLu: null, spreadOutLu: null });
    expect(album.tracks.map((t) => [t.position, t.name, t.masterId])).toEqual([
      [0, 'Outro', null],
      [1, 'Intro', null],
      [2, 'Single', null],
    ]);
    expect(await albumJobs()).toEqual([{ payload: { albumId: album.id }, user_id: owner.id }]);
    expect((await callerFor(owner).albums.list()).map((a) => a.id)).toEqual([album.id]);
  });

  it('when REST and GraphQL make an album, then it is the same rule: created, readable by its owner, and a second one waits until the first is mastered', async () => {
    const made = await rest(owner, 'POST', '/albums', { trackIds: ownTracks.slice(0, 2), styleId });
    expect(made.status).toBe(201);
    const album = (await made.json()) as { id: string; intensity: string };
    expect(album.intensity).toBe('medium');
    const read = await rest(owner, 'GET', `/albums/${album.id}`);
    expect(((await read.json()) as { tracks: unknown[] }).tracks).toHaveLength(2);
    const second = await graphql(owner, CREATE, { t: ownTracks, s: styleId });
    expect(second.errors?.[0]?.message).toBe('album.stillMastering');
    await platform.db.updateTable('mastering_albums').set({ state: 'done' }).execute();
    const third = await graphql(owner, CREATE, { t: ownTracks, s: styleId, i: 'low' });
    expect(third.errors).toBeUndefined();
    expect(third.data?.createAlbum?.tracks.map((t) => t.name)).toEqual(['Intro', 'Single', 'Outro']);
    expect((await graphql(owner, READ, { id: third.data!.createAlbum!.id })).data?.album?.tracks).toHaveLength(3);
  });

  it('when another user s track is put in my album, then every adapter answers not found and nothing is written', async () => {
    const trackIds = [ownTracks[0]!, strangersTrack];
    await expect(callerFor(owner).albums.create({ trackIds, styleId })).rejects.toThrow('global.error.notFound');
    expect((await rest(owner, 'POST', '/albums', { trackIds, styleId })).status).toBe(404);
    expect((await graphql(owner, CREATE, { t: trackIds, s: styleId })).errors?.[0]?.message).toBe('global.error.notFound');
    expect(await albumCount()).toBe(0);
    expect(await albumJobs()).toEqual([]);
  });

  it('when someone else asks for my album, then every adapter answers not found and their list stays empty', async () => {
    const album = await callerFor(owner).albums.create({ trackIds: ownTracks, styleId });
    await expect(callerFor(stranger).albums.album({ id: album.id })).rejects.toThrow('global.error.notFound');
    expect((await rest(stranger, 'GET', `/albums/${album.id}`)).status).toBe(404);
    expect((await graphql(stranger, READ, { id: album.id })).errors?.[0]?.message).toBe('global.error.notFound');
    expect(await callerFor(stranger).albums.list()).toEqual([]);
    await expect(callerFor(null).albums.album({ id: album.id })).rejects.toThrow('global.error.unauthorized');
  });

  it('when an album has one track, a track twice or more than 30, then it is refused with its key and nothing is written', async () => {
    const refused = async (trackIds: string[], key: string) => {
      const answer = await rest(owner, 'POST', '/albums', { trackIds, styleId });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ message: key });
    };
    await refused([ownTracks[0]!], 'album.tooFewTracks');
    await refused([ownTracks[0]!, ownTracks[0]!], 'album.trackTwice');
    await refused(Array.from({ length: 31 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`), 'album.tooManyTracks');
    expect(await albumCount()).toBe(0);
    expect(await albumJobs()).toEqual([]);
  });

  const measured = (trackId: string, lufs: number) => ({
    trackId,
    styleId,
    intensity: 'medium' as const,
    path: `tracks/${trackId}/masters/style-${styleId}.wav`,
    checksum: 'a'.repeat(64),
    measurements: { lufs, truePeak: -1.2, lra: 5, frames: 44100, channels: 2, sampleRate: 44100 },
    fileBytes: 1000,
  });

  it('when the album job completes under its lease, then each track gets its master and figures at once; a worker that lost the lease records nothing', async () => {
    const album = await callerFor(owner).albums.create({ trackIds: ownTracks.slice(0, 2), styleId });
    const job = (await claimJob(platform.db, { kinds: [MEDIA_JOB_KINDS.album], leaseMs: 30_000 }))!;
    const plan = await beginAlbumJob(platform.contextFor(null), { albumId: album.id });
    expect(plan?.tracks).toEqual([
      { position: 0, trackId: ownTracks[0] },
      { position: 1, trackId: ownTracks[1] },
    ]);
    expect((await callerFor(owner).albums.album({ id: album.id })).state).toBe('mastering');
    const tracks = [
      { position: 0, mixLufs: -20, targetLufs: -17, master: measured(ownTracks[0]!, -17.1) },
      { position: 1, mixLufs: -13, targetLufs: -10, master: measured(ownTracks[1]!, -10.2) },
    ];
    expect(await completeAlbumJob(platform.contextFor(null), { jobId: job.id, leaseToken: '00000000-0000-4000-8000-000000000000', albumId: album.id, tracks })).toEqual({ held: false });
    expect((await callerFor(owner).albums.album({ id: album.id })).tracks.map((t) => t.masterId)).toEqual([null, null]);
    expect(await completeAlbumJob(platform.contextFor(null), { jobId: job.id, leaseToken: job.leaseToken, albumId: album.id, tracks })).toEqual({ held: true });
    const done = await callerFor(owner).albums.album({ id: album.id });
    expect(done).toMatchObject({ state: 'done', spreadInLu: 7, spreadOutLu: 6.9 });
    const masters = await platform.db.selectFrom('masters').select(['id', 'track_id', 'style_id']).where('style_id', '=', styleId).where('user_id', '=', owner.id).execute();
    expect(done.tracks.map((t) => t.masterId)).toEqual(ownTracks.slice(0, 2).map((trackId) => masters.find((m) => m.track_id === trackId)?.id));
    // Each master's downloads are chained with it.
    expect(await platform.db.selectFrom('jobs').select('id').where('kind', '=', MEDIA_JOB_KINDS.renditions).execute()).toHaveLength(2);
  });

  it('when the album job fails, then the album says so with the error key', async () => {
    const album = await callerFor(owner).albums.create({ trackIds: ownTracks.slice(1), styleId });
    const job = (await claimJob(platform.db, { kinds: [MEDIA_JOB_KINDS.album], leaseMs: 30_000 }))!;
    expect(await failAlbumJob(platform.contextFor(null), { jobId: job.id, leaseToken: job.leaseToken, albumId: album.id, error: 'binary.creation.timeout' })).toEqual({ held: true });
    expect(await callerFor(owner).albums.album({ id: album.id })).toMatchObject({ state: 'failed', error: 'binary.creation.timeout' });
  });
});
