import { describe, expect, it } from 'vitest';
import { coverImage, createDistributor, createMasterWithAudio, runCoverJobs } from '../../test/release-factories.js';
import { useTestApp } from '../../test/test-app.js';
import { DELIVERY_JOB_KINDS } from './index.js';

describe('releases: one user never reads or changes another user\'s albums, tracks, artwork or outlets', () => {
  const suite = useTestApp();
  const { callerFor, bearer } = suite;

  /** Everything of the album that any call could change. */
  const snapshot = async (albumId: number) => ({
    album: await suite.platform.db.selectFrom('distribution_albums').selectAll().where('id', '=', albumId).executeTakeFirst(),
    tracks: await suite.platform.db.selectFrom('distribution_tracks').selectAll().where('album_id', '=', albumId).orderBy('id').execute(),
    outlets: await suite.platform.db.selectFrom('distribution_album_outlets').selectAll().where('album_id', '=', albumId).orderBy('store_id').execute(),
    jobs: await suite.platform.db.selectFrom('jobs').selectAll().where('idempotency_key', 'like', `${DELIVERY_JOB_KINDS.local}:${albumId}:%`).execute(),
  });

  it('when Bob calls any release path with Alice\'s ids over tRPC, REST and GraphQL, then every answer is "not found" and nothing of hers changes', async () => {
    const alice = await createDistributor(suite.platform);
    const aliceCaller = callerFor(alice.userId);
    const { albumId } = await aliceCaller.releases.start();
    await aliceCaller.releases.updateAlbum({ albumId, name: 'Alice Album' });
    const { masterId } = await createMasterWithAudio(suite.platform, alice.userId, { trackName: 'Alice Song', seconds: 1 });
    const track = await aliceCaller.releases.addTrack({ masterId, albumId });
    await aliceCaller.releases.updateTrack({ trackId: track.track_id, genre: [8], language: 'en' });
    await aliceCaller.releases.setOutlets({ albumId, globalReleaseDate: null, outlets: [{ store_id: 1, release_start_date: null }] });
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 3000 }))]), 'cover.jpg');
    const coverAnswer = await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/cover`, { method: 'POST', headers: bearer(alice.userId), body: form });
    expect(coverAnswer.status).toBe(200);
    await runCoverJobs(suite.platform);
    const coverUrl = (await aliceCaller.releases.draft())!.cover_image!.large.url;
    const before = await snapshot(albumId);

    const bob = await createDistributor(suite.platform);
    const bobCaller = callerFor(bob.userId);
    const { albumId: bobAlbumId } = await bobCaller.releases.start();

    // tRPC
    const trpcCalls: [string, () => Promise<unknown>][] = [
      ['release', () => bobCaller.releases.release({ albumId })],
      ['outlets', () => bobCaller.releases.outlets({ albumId })],
      ['validate', () => bobCaller.releases.validate({ albumId })],
      ['updateAlbum', () => bobCaller.releases.updateAlbum({ albumId, name: 'Taken' })],
      ['addTrack to her album', () => bobCaller.releases.addTrack({ masterId, albumId })],
      ['addTrack of her master', () => bobCaller.releases.addTrack({ masterId, albumId: bobAlbumId })],
      ['updateTrack', () => bobCaller.releases.updateTrack({ trackId: track.track_id, name: 'Taken' })],
      ['removeTrack', () => bobCaller.releases.removeTrack({ trackId: track.track_id })],
      ['reorderTracks', () => bobCaller.releases.reorderTracks({ albumId, trackIds: [track.track_id] })],
      ['markVisited', () => bobCaller.releases.markVisited({ albumId, section: 'artwork' })],
      ['setOutlets', () => bobCaller.releases.setOutlets({ albumId, globalReleaseDate: null, outlets: [] })],
      ['distribute', () => bobCaller.releases.distribute({ albumId })],
      ['cancel', () => bobCaller.releases.cancel({ albumId })],
    ];
    for (const [name, call] of trpcCalls) {
      await expect(call(), name).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'global.error.notFound' });
    }

    // REST
    const json = { ...bearer(bob.userId), 'content-type': 'application/json' };
    const bobForm = new FormData();
    bobForm.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 1500 }))]), 'mine.jpg');
    const restCalls: [string, string, RequestInit][] = [
      ['PUT album', `/api/distribution/albums/${albumId}`, { method: 'PUT', headers: json, body: JSON.stringify({ name: 'Taken' }) }],
      ['DELETE album', `/api/distribution/albums/${albumId}`, { method: 'DELETE', headers: bearer(bob.userId) }],
      ['validate', `/api/distribution/albums/${albumId}/validate`, { headers: bearer(bob.userId) }],
      ['cover', `/api/distribution/albums/${albumId}/cover`, { method: 'POST', headers: bearer(bob.userId), body: bobForm }],
      ['outlets', `/api/distribution/outlets/${albumId}`, { headers: bearer(bob.userId) }],
      ['distribute', '/api/distribution/outlets/distribute', { method: 'PATCH', headers: json, body: JSON.stringify({ albumId }) }],
      ['POST track', '/api/distribution/tracks', { method: 'POST', headers: json, body: JSON.stringify({ masterId }) }],
      ['PUT track', `/api/distribution/tracks/${track.track_id}`, { method: 'PUT', headers: json, body: JSON.stringify({ name: 'Taken' }) }],
      ['DELETE track', `/api/distribution/tracks/${track.track_id}`, { method: 'DELETE', headers: bearer(bob.userId) }],
    ];
    for (const [name, url, init] of restCalls) {
      const response = await fetch(`${suite.app.base}${url}`, init);
      expect({ name, status: response.status, body: await response.json() }).toEqual({ name, status: 404, body: expect.objectContaining({ statusCode: 404, message: 'global.error.notFound' }) });
    }
    expect((await (await fetch(`${suite.app.base}/api/distribution/albums`, { headers: bearer(bob.userId) })).json()).map((album: { release_id: number }) => album.release_id)).toEqual([bobAlbumId]);

    // GraphQL
    const graphql = async (query: string) => {
      const response = await fetch(`${suite.app.base}/graphql`, { method: 'POST', headers: json, body: JSON.stringify({ query }) });
      return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    };
    for (const query of [
      `{ release(albumId: ${albumId}) { albumId } }`,
      `{ releaseOutlets(albumId: ${albumId}) { store_id } }`,
      `{ releaseCheck(albumId: ${albumId}) { passed } }`,
      `mutation { updateRelease(albumId: ${albumId}, name: "Taken") { albumId } }`,
      `mutation { updateReleaseTrack(trackId: ${track.track_id}, name: "Taken") { track_id } }`,
      `mutation { removeReleaseTrack(trackId: ${track.track_id}) { albumId } }`,
      `mutation { setReleaseOutlets(albumId: ${albumId}, outlets: []) { albumId } }`,
      `mutation { distributeRelease(albumId: ${albumId}) { release_id } }`,
      `mutation { cancelRelease(albumId: ${albumId}) }`,
      `mutation { addReleaseTrack(masterId: "${masterId}") { track_id } }`,
    ]) {
      const answer = await graphql(query);
      expect({ query, errors: answer.errors?.map((error) => error.message) }).toEqual({ query, errors: ['global.error.notFound'] });
    }
    expect(await graphql('{ releases { release_id } }')).toEqual({ data: { releases: [{ release_id: bobAlbumId }] } });

    // Artwork: the variant URL is signed for Alice's album; altered, it shows nothing.
    expect((await fetch(`${suite.app.base}${coverUrl}`)).status).toBe(200);
    expect((await fetch(`${suite.app.base}${coverUrl.replace(/sig=[0-9a-f]+/, 'sig=' + '0'.repeat(32))}`)).status).toBe(404);
    expect((await fetch(`${suite.app.base}${coverUrl.replace(`/albums/${albumId}/`, `/albums/${bobAlbumId}/`)}`)).status).toBe(404);
    expect((await fetch(`${suite.app.base}${coverUrl.replace('/large.jpg', '/original.jpg')}`)).status).toBe(404);

    expect(await snapshot(albumId)).toEqual(before);
    expect(await aliceCaller.releases.draft()).toMatchObject({ albumId, album: { name: 'Alice Album' } });
  });

  it('when a client builds a release over GraphQL, then the same services answer, with the same rules', async () => {
    const dave = await createDistributor(suite.platform);
    const { masterId } = await createMasterWithAudio(suite.platform, dave.userId, { trackName: 'Graph', seconds: 0.5 });
    const graphql = async (query: string) => {
      const response = await fetch(`${suite.app.base}/graphql`, { method: 'POST', headers: { ...bearer(dave.userId), 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
    };
    const started = await graphql('mutation { startRelease { albumId sections { artwork { hasError visited errors } } } }');
    const albumId = (started.data!.startRelease as { albumId: number }).albumId;
    expect(started.data!.startRelease).toMatchObject({ sections: { artwork: { hasError: true, visited: false, errors: ['release.error.coverMissing'] } } });
    expect((await graphql('{ releaseSongs { id custom_master } }')).data).toEqual({ releaseSongs: [{ id: masterId, custom_master: false }] });
    const added = await graphql(`mutation { addReleaseTrack(masterId: "${masterId}") { track_id explicit participants { id payout_share_percentage role_id { role_id } } } }`);
    const trackId = (added.data!.addReleaseTrack as { track_id: number }).track_id;
    expect(added.data!.addReleaseTrack).toMatchObject({ explicit: 1, participants: [{ id: String(dave.participantId), payout_share_percentage: '100', role_id: [{ role_id: 6 }] }] });
    const refused = await graphql(`mutation { updateReleaseTrack(trackId: ${trackId}, participants: [{ id: ${dave.participantId}, role_id: [6], payout_share_percentage: 90 }]) { track_id } }`);
    expect(refused.errors?.map((error) => error.message)).toEqual(['release.error.payoutTotal']);
    const saved = await graphql(`mutation { updateReleaseTrack(trackId: ${trackId}, genre: [8], language: "en", stereo_isrc: "gb-xyz-26-00007", explicit: 0) { stereo_isrc explicit genre { name } } }`);
    expect(saved.data).toEqual({ updateReleaseTrack: { stereo_isrc: 'GBXYZ2600007', explicit: 0, genre: [{ name: 'Electronic' }] } });
    const check = await graphql(`{ releaseCheck(albumId: ${albumId}) { passed items { check passed values } } }`);
    expect(check.data!.releaseCheck).toMatchObject({ passed: false });
    expect((check.data!.releaseCheck as { items: { check: string; passed: boolean }[] }).items.filter((item) => !item.passed).map((item) => item.check)).toEqual(['albumName', 'cover', 'outlets']);
    expect((await graphql(`mutation { cancelRelease(albumId: ${albumId}) }`)).data).toEqual({ cancelRelease: true });
    expect((await graphql('{ releaseDraft { albumId } }')).data).toEqual({ releaseDraft: null });
  });

  it('when a distributor deletes the account, then the releases and their files go with it', async () => {
    const carol = await createDistributor(suite.platform);
    const caller = callerFor(carol.userId);
    const { albumId } = await caller.releases.start();
    const { masterId } = await createMasterWithAudio(suite.platform, carol.userId, { trackName: 'Gone', seconds: 0.5 });
    await caller.releases.addTrack({ masterId, albumId });
    expect(await suite.platform.storage.list(`releases/${albumId}`)).not.toEqual([]);
    const response = await fetch(`${suite.app.base}/api/auth/delete-account`, { method: 'POST', headers: bearer(carol.userId) });
    expect(response.status).toBeLessThan(300);
    expect(await suite.platform.db.selectFrom('distribution_albums').select('id').where('id', '=', albumId).execute()).toEqual([]);
    expect(await suite.platform.storage.list(`releases/${albumId}`)).toEqual([]);
  });

  it('when a caller has no distribution account or no session, then release calls are refused', async () => {
    const stranger = await createDistributor(suite.platform);
    await suite.platform.db.updateTable('users').set({ distribution_user_id: null }).where('id', '=', stranger.userId).execute();
    await expect(callerFor(stranger.userId).releases.list()).rejects.toMatchObject({ message: 'distribution.setupRequired' });
    const anonymous = await fetch(`${suite.app.base}/api/distribution/albums`);
    expect(anonymous.status).toBe(401);
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 1500 }))]), 'cover.jpg');
    const cover = await fetch(`${suite.app.base}/api/distribution/albums/1/cover`, { method: 'POST', body: form });
    expect({ status: cover.status, body: await cover.json() }).toEqual({ status: 401, body: expect.objectContaining({ message: 'global.error.unauthorized' }) });
  });
});
