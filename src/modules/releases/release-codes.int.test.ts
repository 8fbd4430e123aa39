import { describe, expect, it } from 'vitest';
import { coverImage, createDistributor, createDraftWithTrack, createMasterWithAudio } from '../../test/release-factories.js';
import { useTestApp } from '../../test/test-app.js';
import { signAccessToken } from '../../platform/access-token.js';
import { RELEASE_LIMITS } from './releases.schemas.js';
import { cancelRelease, startRelease } from './releases.service.js';

const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: Error) => error.message);

describe('releases: one ISRC per recording, codes given when needed', () => {
  const suite = useTestApp();
  const { callerFor } = suite;

  const bearer = (userId: string) => ({ authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, userId).token}` });

  /** A cover the stores take, uploaded as the SPA does, and the album's name: what a release needs besides its tracks. */
  async function completeAlbum(userId: string, albumId: number) {
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 3000 }))]), 'cover.jpg');
    const cover = await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/cover`, { method: 'POST', headers: bearer(userId), body: form });
    expect(cover.status).toBe(200);
    await callerFor(userId).releases.updateAlbum({ albumId, name: 'Morning Songs' });
  }

  async function distribute(userId: string, albumId: number) {
    await completeAlbum(userId, albumId);
    return callerFor(userId).releases.distribute({ albumId, outletDetails: { globalReleaseDate: '2099-01-15', outlets: [{ store_id: 1 }] } });
  }

  it('when the same master is released on a single and then on an album, then both tracks carry one ISRC, and the album gets its EAN only when distributed', async () => {
    const { userId, caller } = await createDistributor(suite.platform);
    const { masterId } = await createMasterWithAudio(suite.platform, userId, { trackName: 'Sunrise', seconds: 1 });
    const single = await caller.releases.start();
    expect(single.album.product_code).toBeNull();
    const first = await caller.releases.addTrack({ albumId: single.albumId, masterId });
    await caller.releases.updateTrack({ trackId: first.track_id, genre: [8], language: 'en' });
    const delivered = await distribute(userId, single.albumId);
    expect(delivered.product_code).toMatch(/^4260742\d{6}$/);

    const album = await caller.releases.start();
    const again = await caller.releases.addTrack({ albumId: album.albumId, masterId });
    expect(again.stereo_isrc).toBe(first.stereo_isrc);
    // Clearing it gives back the recording's code, not a new one.
    expect((await caller.releases.updateTrack({ trackId: again.track_id, stereo_isrc: '' })).stereo_isrc).toBe(first.stereo_isrc);
    const check = await caller.releases.validate({ albumId: album.albumId });
    expect(check.items.find((item) => item.check === 'isrcUnique')).toMatchObject({ passed: true });
  });

  it('when a user enters an ISRC another user holds, then it is refused; their own recording code is accepted', async () => {
    const owner = await createDistributor(suite.platform);
    const other = await createDistributor(suite.platform);
    const { track: ownerTrack } = await createDraftWithTrack(suite.platform, owner, { trackName: 'Mine', seconds: 1 });
    const { albumId: otherAlbumId, track: otherTrack } = await createDraftWithTrack(suite.platform, other, { trackName: 'Theirs', seconds: 1 });
    expect(await refusal(other.caller.releases.updateTrack({ trackId: otherTrack.track_id, stereo_isrc: ownerTrack.stereo_isrc! }))).toBe('release.error.isrcTaken');
    expect((await other.caller.releases.release({ albumId: otherAlbumId })).trackList[0]?.stereo_isrc).toBe(otherTrack.stereo_isrc);

    await owner.caller.releases.updateTrack({ trackId: ownerTrack.track_id, stereo_isrc: 'DE-XYZ-26-00001' });
    expect((await owner.caller.releases.updateTrack({ trackId: ownerTrack.track_id, stereo_isrc: ownerTrack.stereo_isrc! })).stereo_isrc).toBe(ownerTrack.stereo_isrc);
  });

  it('when a user enters an ISWC that a work of another user carries, then it is refused; the owner enters it again on a second track of the work', async () => {
    const owner = await createDistributor(suite.platform);
    const other = await createDistributor(suite.platform);
    const { albumId: ownerAlbumId, track: ownerTrack } = await createDraftWithTrack(suite.platform, owner, { trackName: 'Song', seconds: 1 });
    await owner.caller.releases.updateTrack({ trackId: ownerTrack.track_id, iswc: 'T-034.524.680-1' });

    const { albumId: otherAlbumId, track: otherTrack } = await createDraftWithTrack(suite.platform, other, { trackName: 'Cover', seconds: 1 });
    expect(await refusal(other.caller.releases.updateTrack({ trackId: otherTrack.track_id, iswc: 'T0345246801' }))).toBe('release.error.iswcTaken');
    expect((await other.caller.releases.release({ albumId: otherAlbumId })).trackList[0]?.iswc).toBe('');

    // The owner's second release of the same work carries its code again.
    const { masterId: liveMaster } = await createMasterWithAudio(suite.platform, owner.userId, { trackName: 'Song (live)', seconds: 1 });
    const second = await owner.caller.releases.addTrack({ albumId: ownerAlbumId, masterId: liveMaster });
    expect((await owner.caller.releases.updateTrack({ trackId: second.track_id, iswc: 'T-034.524.680-1' })).iswc).toBe('T0345246801');
  });

  it('when someone types the ISRC the counter would give next, then the counter skips it; when the range is used up, then a translated error answers', async () => {
    const squatter = await createDistributor(suite.platform);
    const victim = await createDistributor(suite.platform);
    const year = new Date().getUTCFullYear();
    const sequence = async () => (await suite.platform.db.selectFrom('distribution_code_sequences').select('last_value').where('name', '=', `isrc:${year}`).executeTakeFirst())?.last_value ?? 0;
    const next = `DEMDK${String(year % 100).padStart(2, '0')}${String((await sequence()) + 2).padStart(5, '0')}`;

    const { track } = await createDraftWithTrack(suite.platform, squatter, { trackName: 'Squat', seconds: 1 });
    await squatter.caller.releases.updateTrack({ trackId: track.track_id, stereo_isrc: next });

    const { albumId: victimAlbumId, track: victimTrack } = await createDraftWithTrack(suite.platform, victim, { trackName: 'Victim', seconds: 1 });
    expect(victimTrack.stereo_isrc).not.toBe(next);
    expect(victimTrack.stereo_isrc).toMatch(/^DEMDK\d{7}$/);

    await suite.platform.db.updateTable('distribution_code_sequences').set({ last_value: 99_999 }).where('name', '=', `isrc:${year}`).execute();
    const { masterId: late } = await createMasterWithAudio(suite.platform, victim.userId, { trackName: 'Late', seconds: 1 });
    expect(await refusal(victim.caller.releases.addTrack({ albumId: victimAlbumId, masterId: late }))).toBe('release.error.codesExhausted');
    expect((await victim.caller.releases.release({ albumId: victimAlbumId })).trackList).toHaveLength(1);
  });

  it('when the EAN range is used up, then distribute answers 409 with the translated key (not a server error), and the release stays a draft without a code', async () => {
    const account = await createDistributor(suite.platform);
    const { userId, caller } = account;
    // ISRCs to give again (a test above uses their range up); the counter skips the codes held.
    await suite.platform.db.updateTable('distribution_code_sequences').set({ last_value: 0 }).where('name', 'like', 'isrc:%').execute();
    const { albumId, track } = await createDraftWithTrack(suite.platform, account, { trackName: 'Last Call', seconds: 1 });
    await caller.releases.updateTrack({ trackId: track.track_id, genre: [8], language: 'en' });
    // Every code of the prefix given out: 10^(12 - prefix digits) of them.
    const codes = 10 ** (12 - suite.platform.env.EAN_PREFIX.length);
    await suite.platform.db
      .insertInto('distribution_code_sequences')
      .values({ name: 'ean', last_value: codes - 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_value: codes - 1 }))
      .execute();
    await completeAlbum(userId, albumId);
    const response = await fetch(`${suite.app.base}/api/distribution/outlets/distribute`, {
      method: 'PATCH',
      headers: { ...bearer(userId), 'content-type': 'application/json' },
      body: JSON.stringify({ albumId, outletDetails: { globalReleaseDate: '2099-01-15', outlets: [{ store_id: 1 }] } }),
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe('release.error.codesExhausted');
    const album = await suite.platform.db.selectFrom('distribution_albums').select(['state', 'product_code']).where('id', '=', albumId).executeTakeFirstOrThrow();
    expect(album).toEqual({ state: 'draft', product_code: null });
    // A code freed up again (the range extended): the same release goes out.
    await suite.platform.db.updateTable('distribution_code_sequences').set({ last_value: 0 }).where('name', '=', 'ean').execute();
    expect((await caller.releases.distribute({ albumId })).product_code).toMatch(/^\d{13}$/);
  });

  it('when a user opens more new drafts in an hour than allowed, then the next is refused with the translated key and no album is made; continuing the open draft never counts', async () => {
    const { userId } = await createDistributor(suite.platform);
    const ctx = suite.platform.contextFor({ userId });
    const now = new Date();
    const albums = () => suite.platform.db.selectFrom('distribution_albums').innerJoin('distribution_users', 'distribution_users.id', 'distribution_albums.distribution_user_id').select('distribution_albums.id').where('distribution_users.user_id', '=', userId).execute();
    for (let draft = 0; draft < RELEASE_LIMITS.draftsPerHour; draft++) {
      const opened = await startRelease(ctx, { now });
      // Opening the wizard again continues the same draft, free.
      expect((await startRelease(ctx, { now })).albumId).toBe(opened.albumId);
      await cancelRelease(ctx, { albumId: opened.albumId });
    }
    expect(await albums()).toEqual([]);
    expect(await refusal(startRelease(ctx, { now }))).toBe('global.error.tooManyRequests');
    expect(await albums()).toEqual([]);
    // The next hour has a new budget.
    const nextHour = new Date(now.getTime() + 3_600_000);
    expect((await startRelease(ctx, { now: nextHour })).album.product_code).toBeNull();
    expect(await albums()).toHaveLength(1);
  });
});
