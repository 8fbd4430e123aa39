import { Readable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { setEnabled } from '../catalogue/index.js';
import { createTestUser, type TestUser } from '../../test/factories.js';
import { noticeIfOneConnection } from '../../test/test-database.js';
import { useTestApp } from '../../test/test-app.js';
import { wavBytes } from '../../test/wav-bytes.js';
import { canCreateMaster, assertCanCreateMaster, styleHearing, trackAccessFor } from './masters.service.js';
import { receiveUpload, saveUpload } from './upload.service.js';

describe('masters and tracks', () => {
  const suite = useTestApp();
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  let styleIds: Map<string, number>;
  const callerFor = (user: TestUser | null) => createCallerFactory(appRouter)(suite.platform.contextFor(user ? { userId: user.id } : null));

  beforeAll(async () => {
    base = suite.app.base;
    alice = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    bob = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    const styles = await suite.platform.db
      .selectFrom('styles')
      .innerJoin('style_groups', 'style_groups.id', 'styles.style_group_id')
      .select(['styles.id', 'styles.name', 'style_groups.name as group'])
      .execute();
    styleIds = new Map(styles.map((s) => [`${s.group}/${s.name}`, s.id]));
  });

  const styleId = (name: string) => styleIds.get(name) ?? Number.NaN;

  /** An uploaded track, through the same service as POST /api/upload. */
  async function uploadFor(user: TestUser, fileName = 'Song.wav') {
    const ctx = suite.platform.contextFor({ userId: user.id });
    const received = await receiveUpload(ctx, { file: Readable.from([Buffer.from(wavBytes())]), fileName });
    const { id: masterId } = await saveUpload(ctx, { upload: received, isCustomMaster: false });
    return { trackId: received.trackId, masterId };
  }

  /** A styled master as the mastering flow will store it, with a file under the track's folder. */
  /** What the engine records for a bounced master (ZMasterMeasurements). */
  const MEASURED = { lufs: -10.1, truePeak: -1.2, frames: 44_100, channels: 2, sampleRate: 44_100 };

  async function masterFor(user: TestUser, trackId: string, style: string, options: { createdAt?: string; intensity?: 'low' | 'medium' | 'high'; toneAmount?: number } = {}) {
    const row = await suite.platform.db
      .insertInto('masters')
      .values({
        track_id: trackId,
        user_id: user.id,
        style_id: styleId(style),
        status: 'MASTERED',
        measurements: JSON.stringify(MEASURED),
        ...(options.createdAt ? { created_at: options.createdAt } : {}),
        ...(options.intensity ? { intensity: options.intensity } : {}),
        ...(options.toneAmount !== undefined ? { tone_amount: options.toneAmount } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = `tracks/${trackId}/masters/${row.id}/master.wav`;
    await suite.platform.storage.write(key, Readable.from([Buffer.from('master audio')]));
    await suite.platform.db.updateTable('masters').set({ path: key }).where('id', '=', row.id).execute();
    return { id: row.id, key };
  }

  const filesUnder = async (prefix: string) => (await suite.platform.storage.list(prefix)).length;

  async function graphql(user: TestUser | null, query: string, variables: Record<string, unknown> = {}) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: Record<string, unknown> | null; errors?: { message: string }[] };
  }

  async function expectNotFound(promise: Promise<unknown>) {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('NOT_FOUND');
    expect((error as TRPCError).message).toBe('global.error.notFound');
  }

  it('when a master is read, then it has the API shape with the list fields and measurements', async () => {
    const { trackId, masterId } = await uploadFor(alice, 'Shape Test.wav');
    const styled = await masterFor(alice, trackId, 'Pop/Bright');
    const caller = callerFor(alice);
    const unmastered = await caller.masters.master({ id: masterId });
    expect(unmastered).toMatchObject({
      id: masterId,
      // The same Track as myTracks answers, owner and audio format included.
      track: {
        id: trackId,
        name: 'Shape Test',
        path: 'Shape Test.wav',
        isCustomMaster: false,
        artist: null,
        bpm: null,
        user: { id: alice.id, email: alice.email },
        audio: { sampleRate: expect.any(Number), channels: expect.any(Number), frames: expect.any(Number) },
      },
      buyingOption: 0,
      style: null,
      toneAmount: 100,
      widthAmount: 100,
      dynamicsAmount: 100,
      user: { id: alice.id, email: alice.email },
      invoice: null,
      status: 'CREATED',
      failedMasteringAttempts: 0,
      shareCount: 0,
      measurements: null,
      track_name: 'Shape Test',
      custom_master: false,
      track_artist: null,
      style_name: null,
      styleGroup_name: null,
    });
    const mastered = await caller.masters.master({ id: styled.id });
    expect(mastered).toMatchObject({
      style: { id: styleId('Pop/Bright'), name: 'Bright', styleIndex: 0, styleGroup: { name: 'Pop' } },
      style_name: 'Bright',
      styleGroup_name: 'Pop',
      measurements: MEASURED,
      status: 'MASTERED',
    });
    expect((await caller.masters.unmasteredMaster({ trackId })).id).toBe(masterId);
    expect((await caller.masters.trackMasters({ trackId })).map((m) => m.id)).toEqual([masterId, styled.id]);
    // A master made at other amounts says so in the list.
    const toned = await masterFor(alice, trackId, 'Pop/Bright', { toneAmount: 120 });
    expect((await caller.masters.masters({})).find((m) => m.id === toned.id)).toMatchObject({ toneAmount: 120, widthAmount: 100, dynamicsAmount: 100 });
  });

  it('when the list is sorted, then date DESC is the default and title and style sort both ways', async () => {
    const carol = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    const a = await uploadFor(carol, 'alpha.wav');
    const b = await uploadFor(carol, 'Bravo.wav');
    const rock = await masterFor(carol, a.trackId, 'Rock/Raw', { createdAt: '2030-01-01T00:00:00Z' });
    const caller = callerFor(carol);
    const names = (list: { id: string }[]) => list.map((m) => m.id);
    expect(names(await caller.masters.masters())).toEqual([rock.id, b.masterId, a.masterId]);
    expect(names(await caller.masters.masters({ orderEntity: 'date', orderDirection: 'ASC' }))).toEqual([a.masterId, b.masterId, rock.id]);
    const byTitle = await caller.masters.masters({ orderEntity: 'title', orderDirection: 'ASC' });
    expect(byTitle.map((m) => m.track_name)).toEqual(['alpha', 'alpha', 'Bravo']);
    const byStyle = await caller.masters.masters({ orderEntity: 'style', orderDirection: 'DESC' });
    expect(byStyle[0]?.id).not.toBe(rock.id); // unmastered (no style) first when descending, as PostgreSQL orders NULLs
    expect(byStyle.at(-1)?.id).toBe(rock.id);
    const gql = await graphql(carol, '{ masters(orderEntity: "title", orderDirection: "desc") { track_name custom_master style_name styleGroup_name user { email } } }');
    expect((gql.data?.masters as { track_name: string }[]).map((m) => m.track_name)).toEqual(['Bravo', 'alpha', 'alpha']);
    await expect(caller.masters.masters({ orderEntity: 'price' as 'date' })).rejects.toThrow();
  });

  it("when one user asks for another's masters or tracks, then tRPC and GraphQL answer not found and change nothing", async () => {
    const { trackId, masterId } = await uploadFor(alice, 'Private.wav');
    const styled = await masterFor(alice, trackId, 'Pop/Warm');
    const asBob = callerFor(bob);
    await expectNotFound(asBob.masters.master({ id: masterId }));
    await expectNotFound(asBob.masters.master({ id: styled.id }));
    await expectNotFound(asBob.masters.trackMasters({ trackId }));
    await expectNotFound(asBob.masters.unmasteredMaster({ trackId }));
    await expectNotFound(asBob.masters.removeMaster({ id: styled.id }));
    await expectNotFound(asBob.masters.removeMaster({ id: masterId }));
    await expectNotFound(asBob.tracks.track({ id: trackId }));
    await expectNotFound(asBob.tracks.updateTrack({ id: trackId, name: 'Stolen' }));
    await expectNotFound(asBob.tracks.removeTrack({ id: trackId }));
    expect((await asBob.masters.masters()).map((m) => m.id)).not.toContain(masterId);
    expect((await asBob.tracks.myTracks()).map((t) => t.id)).not.toContain(trackId);

    for (const [query, variables] of [
      ['query($id: ID!) { master(id: $id) { id } }', { id: styled.id }],
      ['query($id: ID!) { trackMasters(trackId: $id) { id } }', { id: trackId }],
      ['query($id: ID!) { unmasteredMaster(trackId: $id) { id } }', { id: trackId }],
      ['mutation($id: ID!) { removeMaster(id: $id) }', { id: styled.id }],
      ['mutation($id: ID!) { removeTrack(id: $id) }', { id: trackId }],
      ['mutation($id: ID!) { updateTrack(id: $id, name: "Stolen") { id } }', { id: trackId }],
    ] as const) {
      const answer = await graphql(bob, query, variables);
      expect(answer.errors?.[0]?.message, query).toBe('global.error.notFound');
    }
    const asAlice = callerFor(alice);
    expect((await asAlice.masters.trackMasters({ trackId })).length).toBe(2);
    expect((await asAlice.tracks.track({ id: trackId })).name).toBe('Private');
    expect(await filesUnder(`tracks/${trackId}`)).toBe(2);
  });

  it('when nobody is signed in, then every call is unauthorized', async () => {
    await expect(callerFor(null).masters.masters()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(null).tracks.myTracks()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const answer = await graphql(null, '{ masters { id } }');
    expect(answer.errors?.[0]?.message).toBe('global.error.unauthorized');
  });

  it('when a styled master is removed, then true comes back and its row and file are gone, the rest stays', async () => {
    const { trackId, masterId } = await uploadFor(alice);
    const keep = await masterFor(alice, trackId, 'Rock/Modern');
    const drop = await masterFor(alice, trackId, 'Rock/Classic');
    const answer = await graphql(alice, 'mutation($id: ID!) { removeMaster(id: $id) }', { id: drop.id });
    expect(answer).toEqual({ data: { removeMaster: true } });
    expect(await suite.platform.storage.size(drop.key)).toBeNull();
    expect(await suite.platform.storage.size(keep.key)).not.toBeNull();
    const left = (await callerFor(alice).masters.trackMasters({ trackId })).map((m) => m.id).sort();
    expect(left).toEqual([masterId, keep.id].sort());
  });

  it('when a German user lists masters, then style and group names are German', async () => {
    const { trackId } = await uploadFor(alice);
    const styled = await masterFor(alice, trackId, 'Electronic/Deep');
    const german = createCallerFactory(appRouter)(suite.platform.contextFor({ userId: alice.id }, 'de'));
    const master = (await german.masters.trackMasters({ trackId })).find((m) => m.id === styled.id);
    expect(master?.style).toMatchObject({ name: 'Tief', styleGroup: { name: 'Elektronisch' } });
    expect(master?.style_name).toBe('Tief');
    const english = (await callerFor(alice).masters.trackMasters({ trackId })).find((m) => m.id === styled.id);
    expect(english?.style).toMatchObject({ name: 'Deep', styleGroup: { name: 'Electronic' } });
  });

  it('when the unmastered master is removed, then the whole track with all its masters and files goes', async () => {
    const { trackId, masterId } = await uploadFor(alice);
    const styled = await masterFor(alice, trackId, 'Acoustic/Open');
    expect(await callerFor(alice).masters.removeMaster({ id: masterId })).toBe(true);
    expect(await suite.platform.db.selectFrom('tracks').select('id').where('id', '=', trackId).execute()).toEqual([]);
    expect(await suite.platform.db.selectFrom('masters').select('id').where('id', 'in', [masterId, styled.id]).execute()).toEqual([]);
    expect(await filesUnder(`tracks/${trackId}`)).toBe(0);
  });

  it('when tracks are created, edited and removed, then myTracks follows and the rules of the EditTrack dialog hold', async () => {
    const caller = callerFor(alice);
    const created = await caller.tracks.createTrack({ name: '  Demo  ', isCustomMaster: true });
    expect(created).toMatchObject({ name: 'Demo', isCustomMaster: true, path: null, audio: null, user: { id: alice.id } });
    const edited = await caller.tracks.updateTrack({ id: created.id, artist: 'The Band', genre: 'Rock', album: 'First', bpm: 128 });
    expect(edited).toMatchObject({ name: 'Demo', artist: 'The Band', genre: 'Rock', album: 'First', bpm: 128 });
    const gql = await graphql(alice, 'mutation($id: ID!) { updateTrack(id: $id, name: "Demo 2", artist: "", bpm: null) { name artist bpm album } }', { id: created.id });
    expect(gql.data?.updateTrack).toEqual({ name: 'Demo 2', artist: null, bpm: null, album: 'First' });
    await expect(caller.tracks.updateTrack({ id: created.id, bpm: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.tracks.updateTrack({ id: created.id, bpm: 1.5 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.tracks.updateTrack({ id: created.id, name: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const badBpm = await graphql(alice, 'mutation($id: ID!) { updateTrack(id: $id, bpm: -5) { bpm } }', { id: created.id });
    expect(badBpm.errors?.[0]?.message).toBe('error.bpmInvalid');
    expect((await caller.tracks.myTracks()).map((t) => t.id)).toContain(created.id);
    const viaGql = await graphql(alice, 'mutation { createTrack(name: "From GraphQL") { id name isCustomMaster } }');
    expect(viaGql.data?.createTrack).toMatchObject({ name: 'From GraphQL', isCustomMaster: false });
    expect(await caller.tracks.removeTrack({ id: created.id })).toBe(true);
    expect((await caller.tracks.myTracks()).map((t) => t.id)).not.toContain(created.id);
    const uploaded = await uploadFor(alice);
    const track = await caller.tracks.track({ id: uploaded.trackId });
    expect(track.audio).toEqual({ sampleRate: 44100, channels: 2, bitsPerSample: 16, sampleFormat: 'int', frames: 4410, durationS: 0.1 });
    expect((await graphql(alice, 'mutation($id: ID!) { removeTrack(id: $id) }', { id: uploaded.trackId })).data).toEqual({ removeTrack: true });
    expect(await filesUnder(`tracks/${uploaded.trackId}`)).toBe(0);
  });

  it('when a new master is asked for, then the new-master rule decides', async () => {
    const { trackId } = await uploadFor(alice);
    expect(await canCreateMaster(suite.platform, { trackId, styleId: styleId('Pop/Bright') })).toEqual({ allowed: true });
    await masterFor(alice, trackId, 'Pop/Bright');
    await masterFor(alice, trackId, 'Electronic/Club');
    expect(await canCreateMaster(suite.platform, { trackId, styleId: styleId('Pop/Bright') })).toEqual({ allowed: false, reason: 'styleAlreadyMastered' });
    await expect(assertCanCreateMaster(suite.platform.contextFor({ userId: alice.id }), { trackId, styleId: styleId('Pop/Bright') })).rejects.toThrow('mastering.styleAlreadyMastered');
    await expect(assertCanCreateMaster(suite.platform.contextFor({ userId: bob.id }), { trackId, styleId: styleId('Pop/Warm') })).rejects.toThrow('global.error.notFound');
    // The same style at another intensity is another master.
    expect(await canCreateMaster(suite.platform, { trackId, styleId: styleId('Pop/Bright'), intensity: 'high' })).toEqual({ allowed: true });
    await masterFor(alice, trackId, 'Pop/Bright', { intensity: 'high' });
    expect(await canCreateMaster(suite.platform, { trackId, styleId: styleId('Pop/Bright'), intensity: 'high' })).toEqual({ allowed: false, reason: 'styleAlreadyMastered' });
    for (const [style, intensity] of [['Pop/Bright', 'low'], ['Electronic/Club', 'high'], ['Electronic/Club', 'low']] as const) await masterFor(alice, trackId, style, { intensity });

    // Only Pop/Bright and Pop/Warm stay enabled: two enabled styles at three intensities, and the track already has six styled masters.
    const others = ['Electronic', 'Hip-Hop', 'Rock', 'Acoustic'];
    for (const group of others) await setEnabled(suite.platform, { target: 'group', name: group, enabled: false });
    await setEnabled(suite.platform, { target: 'style', name: 'Pop/Punchy', enabled: false });
    try {
      expect(await canCreateMaster(suite.platform, { trackId, styleId: styleId('Pop/Warm') })).toEqual({ allowed: false, reason: 'noStylesLeft' });
      expect(await canCreateMaster(suite.platform, { trackId, styleId: styleId('Rock/Raw') })).toEqual({ allowed: false, reason: 'styleNotAvailable' });
      await expect(assertCanCreateMaster(suite.platform.contextFor({ userId: alice.id }), { trackId, styleId: styleId('Pop/Warm') })).rejects.toThrow('mastering.noStylesLeft');
    } finally {
      for (const group of others) await setEnabled(suite.platform, { target: 'group', name: group, enabled: true });
      await setEnabled(suite.platform, { target: 'style', name: 'Pop/Punchy', enabled: true });
    }
    expect(await canCreateMaster(suite.platform, { trackId, styleId: styleId('Pop/Warm') })).toEqual({ allowed: true });
  });

  it('when two uploads race into the same planned track, then exactly one wins and its file stays', async ({ task }) => {
    noticeIfOneConnection(suite.platform.database, task.name);
    const caller = callerFor(alice);
    const planned = await caller.tracks.createTrack({ name: 'Race', isCustomMaster: false });
    const ctx = suite.platform.contextFor({ userId: alice.id });
    const attempt = async () => {
      const received = await receiveUpload(ctx, { file: Readable.from([Buffer.from(wavBytes())]), fileName: 'race.wav', trackId: planned.id });
      return saveUpload(ctx, { upload: received, isCustomMaster: false });
    };
    const results = await Promise.allSettled([attempt(), attempt()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected');
    expect((loser as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: 'error.trackHasAudio' });
    expect((await caller.masters.trackMasters({ trackId: planned.id })).length).toBe(1);
    expect(await filesUnder(`tracks/${planned.id}`)).toBe(1);
    expect(await suite.platform.storage.size(`tracks/${planned.id}/original.wav`)).toBe(wavBytes().length);
  });

  it('when the sidecar asks who may hear a track, then the owner, the shared styles only, or nobody', async () => {
    const { trackId } = await uploadFor(alice);
    const styled = await masterFor(alice, trackId, 'Hip-Hop/Heavy');
    const unshared = await masterFor(alice, trackId, 'Rock/Modern');
    const carol = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    await suite.platform.db.insertInto('shares').values({ master_id: styled.id, owner_user_id: alice.id, email: bob.email }).execute();
    expect(await trackAccessFor(suite.platform, { userId: alice.id, trackId: trackId })).toEqual({ role: 'owner' });
    // Rock/Modern is mastered too but not shared: it is not among bob's styles.
    expect(unshared.id).not.toBe(styled.id);
    expect(await trackAccessFor(suite.platform, { userId: bob.id, trackId: trackId })).toEqual({ role: 'shared', styleIds: [styleId('Hip-Hop/Heavy')], masters: [{ styleId: styleId('Hip-Hop/Heavy'), intensity: 'medium', amounts: { tone: 100, width: 100, dynamics: 100 }, referenceId: null }] });
    expect(await trackAccessFor(suite.platform, { userId: carol.id, trackId: trackId })).toBeNull();
    expect(await trackAccessFor(suite.platform, { userId: alice.id, trackId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
    expect(await trackAccessFor(suite.platform, { userId: alice.id, trackId: 'nonsense' })).toBeNull();
    // How each may hear a style: the owner also live (before a bounce), bob only the shared master's.
    const hearing = (userId: string, style: string) => styleHearing(suite.platform, { userId, trackId, styleId: styleId(style) });
    expect(await hearing(alice.id, 'Rock/Modern')).toBe('live');
    expect(await hearing(bob.id, 'Hip-Hop/Heavy')).toBe('stored');
    // The shared master is the style as it is: the same style at other amounts is not shared.
    expect(await styleHearing(suite.platform, { userId: bob.id, trackId, styleId: styleId('Hip-Hop/Heavy'), amounts: { tone: 120, width: 100, dynamics: 100 } })).toBe('none');
    expect(await hearing(bob.id, 'Rock/Modern')).toBe('none');
    expect(await hearing(carol.id, 'Hip-Hop/Heavy')).toBe('none');
  });
});
