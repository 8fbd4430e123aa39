import { sql } from 'kysely';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { signAccessToken } from '../../platform/access-token.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { coverImage, createDistributor, createMasterWithAudio } from '../../test/release-factories.js';
import { startTestSftpServer, type TestSftpServer } from '../../test/sftp-server.js';
import { createStandInStore } from '../../test/stand-in-store.js';
import { listenTestApp, type TestApp } from '../../test/test-app.js';
import { runQueuedJobs } from '../../test/queued-jobs.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { DELIVERY_JOB_KINDS, deliveryJobHandlers, readAcknowledgements, STORE_REASONS, takeDownReleasesOfEndedSubscriptions } from './index.js';

/** Real SSH handshakes and uploads on a shared, slow machine: generous, never a speed assertion. */
const TIMEOUT_MS = 300_000;
const SENDER = 'PADPIDA2026112701M';
const AGGREGATOR = 'PADPIDA2011072101T';
const APPLE = 'PADPIDA2007040502I';

describe('releases: delivery to the stores over SFTP, with acknowledgements', () => {
  let server: TestSftpServer;
  let platform: TestPlatform;
  let app: TestApp;
  // Spotify (1) through the aggregator's folders, Apple Music (2) at a server folder of its own.
  let aggregator: ReturnType<typeof createStandInStore>;
  let apple: ReturnType<typeof createStandInStore>;
  const callerFor = (userId: string) => createCallerFactory(appRouter)(platform.contextFor({ userId }));

  beforeAll(async () => {
    server = await startTestSftpServer();
    platform = await createTestPlatform({
      DISTRIBUTION_PROVIDER: 'sftp',
      DDEX_SENDER_DPID: SENDER,
      DELIVERY_SFTP_HOST: '127.0.0.1',
      DELIVERY_SFTP_PORT: String(server.port),
      DELIVERY_SFTP_USER: server.user,
      DELIVERY_SFTP_KEY_FILE: server.keyFile,
      DELIVERY_SFTP_REMOTE_DIR: 'aggregator/inbox',
      DELIVERY_SFTP_ACK_DIR: 'aggregator/acks',
      DELIVERY_SFTP_RECIPIENT_DPID: AGGREGATOR,
      DELIVERY_SFTP_STORE_2_REMOTE_DIR: 'apple/inbox',
      DELIVERY_SFTP_STORE_2_ACK_DIR: 'apple/acks',
      DELIVERY_SFTP_STORE_2_DPID: APPLE,
      DELIVERY_ACK_POLL_S: '0',
    });
    app = await listenTestApp(platform);
    aggregator = createStandInStore({ root: server.root, inbox: 'aggregator/inbox', ackDir: 'aggregator/acks', dpid: AGGREGATOR });
    apple = createStandInStore({ root: server.root, inbox: 'apple/inbox', ackDir: 'apple/acks', dpid: APPLE });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.close();
    await server?.close();
  });

  /** Runs the queued deliveries as the web process's worker would; a failed try goes back to the queue. */
  async function runDeliveries(now?: Date) {
    const { [DELIVERY_JOB_KINDS.deliver]: deliver } = deliveryJobHandlers(platform);
    return (await runQueuedJobs(platform, { [DELIVERY_JOB_KINDS.deliver]: deliver! }, now ? { now } : {})).failures;
  }

  async function distributedRelease(storeIds: number[], trackName = 'Sunrise') {
    const account = await createDistributor(platform);
    const caller = callerFor(account.userId);
    const { albumId } = await caller.releases.start();
    await caller.releases.updateAlbum({ albumId, name: 'Morning Songs' });
    const { masterId } = await createMasterWithAudio(platform, account.userId, { trackName, amplitude: 0.5, seconds: 3 });
    const track = await caller.releases.addTrack({ masterId, albumId });
    await caller.releases.updateTrack({ trackId: track.track_id, genre: [8], language: 'en' });
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 3000 }))]), 'cover.jpg');
    const cover = await fetch(`${app.base}/api/distribution/albums/${albumId}/cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signAccessToken(platform.secrets.jwtSecret, account.userId).token}` },
      body: form,
    });
    expect(cover.status).toBe(200);
    await caller.releases.distribute({ albumId, outletDetails: { globalReleaseDate: '2099-01-15', outlets: storeIds.map((store_id) => ({ store_id })) } });
    return { ...account, caller, albumId, masterId, trackId: track.track_id };
  }

  const states = async (caller: ReturnType<typeof callerFor>, albumId: number) =>
    (await caller.releases.outlets({ albumId })).map((o) => ({ store: o.store_name, state: o.delivery_state, code: o.outlet_status.status_code, reason: o.disapprove_message, text: o.store_text }));

  it('when a release goes to two stores and one accepts while the other rejects, then each batch arrives whole and the statuses follow the answers with the store reason', async () => {
    const { caller, albumId } = await distributedRelease([1, 2]);
    expect((await states(caller, albumId)).map((s) => s.state)).toEqual(['queued', 'queued']);

    expect(await runDeliveries()).toEqual([]);
    expect((await states(caller, albumId)).map((s) => s.state)).toEqual(['uploaded', 'uploaded']);
    expect((await caller.releases.list()).find((r) => r.release_id === albumId)?.album_status.status_name).toBe('LOCAL_DELIVERED');

    const [atAggregator] = aggregator.receive();
    const [atApple] = apple.receive();
    const icpn = atAggregator!.icpn;
    // Audio, cover, message and manifest; nothing half-written is left.
    expect(atAggregator).toMatchObject({ kind: 'NewReleaseDelivery', damaged: [] });
    expect(atAggregator!.files).toHaveLength(5);
    expect(atAggregator!.files).toEqual(expect.arrayContaining([`BatchComplete_${atAggregator!.batch}.xml`, `${icpn}.xml`, 'resources', expect.stringMatching(/^resources\/01_DEMDK\d{7}\.wav$/), `resources/${icpn}_cover.jpg`]));
    expect(atApple).toMatchObject({ icpn, damaged: [] });

    aggregator.answer(atAggregator!, { status: 'SuccessfullyIngestedByReleaseDistributor' });
    apple.answer(atApple!, { status: 'ProcessingError', code: 'ContentNotAccepted', text: 'The artist name does not match the artwork.' });
    expect(await readAcknowledgements(platform)).toEqual({ read: 2 });
    expect(await states(caller, albumId)).toEqual([
      { store: 'Spotify', state: 'acknowledged', code: 1100, reason: null, text: null },
      { store: 'Apple Music', state: 'rejected', code: 1034, reason: STORE_REASONS.refused, text: 'The artist name does not match the artwork.' },
    ]);

    aggregator.answer(atAggregator!, { status: 'ReleaseLive' });
    expect(await readAcknowledgements(platform)).toEqual({ read: 1 });
    expect((await states(caller, albumId))[0]).toMatchObject({ state: 'live', code: 1202 });
    // Each answer is read once: the folder's files moved to processed/.
    expect(await readAcknowledgements(platform)).toEqual({ read: 0 });
    expect(readdirSync(path.join(server.root, 'aggregator/acks/processed')).length).toBeGreaterThanOrEqual(2);
  }, TIMEOUT_MS);

  it('when a store answers something that is not an acknowledgement, then it is kept, and the status says the store answered something we could not read', async () => {
    const { caller, albumId } = await distributedRelease([1]);
    expect(await runDeliveries()).toEqual([]);
    const [batch] = aggregator.receive();
    aggregator.answer(batch!, { unreadable: 'Thank you for your delivery! <b>We will look at it' });
    await readAcknowledgements(platform);
    expect((await states(caller, albumId))[0]).toMatchObject({ state: 'unreadable', reason: STORE_REASONS.unreadable });
    const kept = await platform.db.selectFrom('release_acknowledgements').select(['readable', 'body', 'file_name']).where('file_name', 'like', `%${batch!.batch}%`).execute();
    expect(kept).toEqual([expect.objectContaining({ readable: false, body: 'Thank you for your delivery! <b>We will look at it' })]);

    // A readable answer afterwards moves it on.
    aggregator.answer(batch!, { status: 'ReleaseLive' });
    await readAcknowledgements(platform);
    expect((await states(caller, albumId))[0]).toMatchObject({ state: 'live', reason: null });
  }, TIMEOUT_MS);

  it('when the connection drops in the middle of an audio file, then the next try continues that file and the batch completes without a byte sent twice', async () => {
    const { caller, albumId } = await distributedRelease([1], 'Dropped');
    // The audio file goes first; the line drops 100 kB into it.
    server.dropAfter(100_000);
    const failures = await runDeliveries();
    expect(failures).toHaveLength(1);
    expect((await states(caller, albumId))[0]!.state).toBe('queued');
    expect(aggregator.receive()).toEqual([]);

    // The retry waits for its back-off; the clock is moved past it.
    expect(await runDeliveries(new Date(Date.now() + 10 * 60_000))).toEqual([]);
    expect((await states(caller, albumId))[0]!.state).toBe('uploaded');
    const [batch] = aggregator.receive();
    expect(batch).toMatchObject({ damaged: [] });
    expect(batch!.files.some((file) => file.endsWith('.part'))).toBe(false);
    for (const [written, bytes] of server.written) {
      if (!written.includes(batch!.batch)) continue;
      const final = path.join(server.root, written.replace(/\.part$/, ''));
      // Every byte of every file crossed the line exactly once.
      expect({ written, bytes }).toEqual({ written, bytes: statSync(final).size });
    }
    aggregator.answer(batch!, { status: 'ReleaseLive' });
  }, TIMEOUT_MS);

  it('when the owner takes a live release down, then each store gets a purge message and the status says taken down once the store confirms; an ended subscription does the same', async () => {
    const { caller, albumId } = await distributedRelease([1, 2], 'Goodbye');
    expect(await runDeliveries()).toEqual([]);
    const [first] = aggregator.receive();
    aggregator.answer(first!, { status: 'ReleaseLive' });
    const [atApple] = apple.receive();
    apple.answer(atApple!, { status: 'ReleaseLive' });
    await readAcknowledgements(platform);
    expect((await states(caller, albumId)).map((s) => s.state)).toEqual(['live', 'live']);

    expect((await caller.releases.takeDown({ albumId })).map((o) => o.delivery_state)).toEqual(['takedown_requested', 'takedown_requested']);
    await caller.releases.takeDown({ albumId });
    expect(await runDeliveries()).toEqual([]);
    // Asked twice, one purge per store.
    const purges = aggregator.receive();
    expect(purges).toHaveLength(1);
    const [purge] = purges;
    expect(purge).toMatchObject({ kind: 'TakedownReleaseDelivery', icpn: first!.icpn, damaged: [] });
    expect(purge!.files).toEqual(expect.arrayContaining([`${first!.icpn}.xml`, `BatchComplete_${purge!.batch}.xml`]));
    aggregator.answer(purge!, { status: 'SuccessfullyIngestedByReleaseDistributor' });
    await readAcknowledgements(platform);
    expect((await states(caller, albumId)).map((s) => s.state)).toEqual(['taken_down', 'takedown_requested']);
    const applePurges = apple.receive();
    expect(applePurges).toHaveLength(1);
    const [applePurge] = applePurges;
    apple.answer(applePurge!, { status: 'TakenDown' });
    await readAcknowledgements(platform);
    expect((await states(caller, albumId)).map((s) => s.state)).toEqual(['taken_down', 'taken_down']);

    // Another release of the same user, then the subscription ends: it is taken down as well.
    const other = await distributedRelease([1], 'Second');
    expect(await runDeliveries()).toEqual([]);
    const [secondBatch] = aggregator.receive();
    aggregator.answer(secondBatch!, { status: 'ReleaseLive' });
    await readAcknowledgements(platform);
    await platform.db.updateTable('distribution_subscriptions').set({ status: 'ended' }).where('user_id', '=', other.userId).execute();
    expect(await takeDownReleasesOfEndedSubscriptions(platform.contextFor({ userId: other.userId }))).toBe(1);
    expect(await runDeliveries()).toEqual([]);
    expect(aggregator.receive()).toEqual([expect.objectContaining({ kind: 'TakedownReleaseDelivery', icpn: secondBatch!.icpn })]);
  }, TIMEOUT_MS);

  it('when a user with a delivered release deletes the account, then a purge is queued for each store and sent after the data is gone, and nothing of the release is left behind', async () => {
    const { userId, albumId, trackId } = await distributedRelease([1, 2], 'Farewell');
    expect(await runDeliveries()).toEqual([]);
    const { product_code: icpn } = await platform.db.selectFrom('distribution_albums').select('product_code').where('id', '=', albumId).executeTakeFirstOrThrow();
    // The stores' unanswered batches of this release (earlier tests leave theirs).
    const batchesOf = (store: typeof aggregator) => store.receive().filter((batch) => batch.icpn === icpn);
    const [atAggregator] = batchesOf(aggregator);
    const [atApple] = batchesOf(apple);
    aggregator.answer(atAggregator!, { status: 'ReleaseLive' });
    apple.answer(atApple!, { status: 'ReleaseLive' });
    await readAcknowledgements(platform);
    const deliveryIds = (await platform.db.selectFrom('release_deliveries').select('id').where('album_id', '=', albumId).execute()).map((row) => row.id);
    expect(deliveryIds).toHaveLength(2);

    const deleted = await fetch(`${app.base}/api/auth/delete-account`, { method: 'POST', headers: { authorization: `Bearer ${signAccessToken(platform.secrets.jwtSecret, userId).token}` } });
    expect(deleted.status).toBeLessThan(300);

    // The takedowns wait on the queue, one per store, carrying all their message needs.
    const takedowns = () => platform.db.selectFrom('jobs').select(['id', 'state', 'payload']).where('kind', '=', DELIVERY_JOB_KINDS.detachedTakedown).where(sql<string>`payload->>'icpn'`, '=', icpn).orderBy('id').execute();
    const queued = await takedowns();
    expect(queued).toEqual([
      { id: expect.anything(), state: 'queued', payload: expect.objectContaining({ storeId: 1, icpn, title: 'Morning Songs' }) },
      { id: expect.anything(), state: 'queued', payload: expect.objectContaining({ storeId: 2, icpn, title: 'Morning Songs' }) },
    ]);
    // The account's data is gone meanwhile: no row of the release, its deliveries or their answers, no file.
    const left = async () => ({
      distributionUser: await platform.db.selectFrom('distribution_users').select('id').where('user_id', '=', userId).execute(),
      album: await platform.db.selectFrom('distribution_albums').select('id').where('id', '=', albumId).execute(),
      tracks: await platform.db.selectFrom('distribution_tracks').select('id').where('id', '=', trackId).execute(),
      outlets: await platform.db.selectFrom('distribution_album_outlets').select('store_id').where('album_id', '=', albumId).execute(),
      deliveries: await platform.db.selectFrom('release_deliveries').select('id').where('album_id', '=', albumId).execute(),
      answers: await platform.db.selectFrom('release_acknowledgements').select('id').where('delivery_id', 'in', deliveryIds).execute(),
      files: await platform.storage.list(`releases/${albumId}`),
    });
    const nothing = { distributionUser: [], album: [], tracks: [], outlets: [], deliveries: [], answers: [], files: [] };
    expect(await left()).toEqual(nothing);

    const { [DELIVERY_JOB_KINDS.detachedTakedown]: takeDown } = deliveryJobHandlers(platform);
    expect((await runQueuedJobs(platform, { [DELIVERY_JOB_KINDS.detachedTakedown]: takeDown! })).failures).toEqual([]);
    expect(batchesOf(aggregator)).toEqual([expect.objectContaining({ kind: 'TakedownReleaseDelivery', damaged: [] })]);
    expect(batchesOf(apple)).toEqual([expect.objectContaining({ kind: 'TakedownReleaseDelivery', damaged: [] })]);
    // Done, the jobs keep no payload: the queue holds nothing of the release either.
    const done = await platform.db.selectFrom('jobs').select(['state', 'payload']).where('id', 'in', queued.map((job) => job.id)).orderBy('id').execute();
    expect(done).toEqual([
      { state: 'done', payload: {} },
      { state: 'done', payload: {} },
    ]);
    expect(await left()).toEqual(nothing);
  }, TIMEOUT_MS);
});
