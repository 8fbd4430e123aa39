import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createMaster } from '../../test/commerce-factories.js';
import { createDistributor, createMasterWithAudio } from '../../test/release-factories.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';

describe('releases: the draft, the picker and the release track rules', () => {
  let platform: TestPlatform;
  const callerFor = (userId: string) => createCallerFactory(appRouter)(platform.contextFor({ userId }));

  beforeAll(async () => {
    platform = await createTestPlatform();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('when a distributor opens the wizard, then an empty album exists whose EAN is given at delivery, and the sections start as the wizard expects', async () => {
    const { userId, artistId, labelId } = await createDistributor(platform);
    const caller = callerFor(userId);
    expect(await caller.releases.draft()).toBeNull();
    const draft = await caller.releases.start();
    expect(draft.album).toMatchObject({ name: '', label_id: labelId, artists: [{ artist_id: artistId, name: 'Erika' }], product_type: 'album', product_code_type: 'ean', code_auto_generate: true, product_format: 'stereo', tracks: [] });
    // A draft opened and cancelled uses no release code.
    expect(draft.album.product_code).toBeNull();
    expect(draft.album.original_release_date).toBe(new Date().toISOString().slice(0, 10));
    expect(draft.sections.artwork).toEqual({ hasError: true, visited: false, errors: ['release.error.coverMissing'] });
    expect(draft.sections.album.hasError).toBe(true);
    expect(draft.sections.trackList.hasError).toBe(true);
    expect(draft.sections.participants.hasError).toBe(true);
    expect(draft.sections.outletDetails).toEqual({ hasError: false, visited: false, errors: [] });
    // Opening again continues the same draft.
    expect((await caller.releases.start()).albumId).toBe(draft.albumId);
    expect((await caller.releases.draft())?.albumId).toBe(draft.albumId);
  });

  it('when the picker lists songs, then only mastered masters with a file and custom masters show, newest first', async () => {
    const { userId } = await createDistributor(platform);
    const caller = callerFor(userId);
    const mastered = await createMasterWithAudio(platform, userId, { trackName: 'Mastered' });
    await createMaster(platform.db, userId, { trackName: 'Unmastered', styled: false, status: 'CREATED' });
    const songs = await caller.releases.songs();
    expect(songs.map((song) => song.track_name)).toEqual(['Mastered']);
    expect(songs[0]).toMatchObject({ id: mastered.masterId, custom_master: false, styleGroup_name: expect.any(String), style_name: expect.any(String) });
  });

  it('when a German user opens the picker, then the style names are the German ones the masters list shows', async () => {
    const { userId } = await createDistributor(platform);
    await createMasterWithAudio(platform, userId, { trackName: 'Hell' });
    const german = createCallerFactory(appRouter)(platform.contextFor({ userId }, 'de'));
    expect((await german.releases.songs())[0]).toMatchObject({ styleGroup_name: 'Pop', style_name: 'Hell' });
    expect((await callerFor(userId).releases.songs())[0]).toMatchObject({ styleGroup_name: 'Pop', style_name: 'Bright' });
    const [master] = (await german.masters.masters({})).filter((row) => row.style_name !== null);
    expect(master).toMatchObject({ styleGroup_name: 'Pop', style_name: 'Hell' });
  });

  it('when a master is selected, then it is uploaded once with the defaults and an assigned ISRC', async () => {
    const { userId, participantId } = await createDistributor(platform);
    const caller = callerFor(userId);
    const { albumId } = await caller.releases.start();
    const { masterId } = await createMasterWithAudio(platform, userId, { trackName: 'First Light' });
    const track = await caller.releases.addTrack({ masterId });
    expect(track).toMatchObject({ id: masterId, name: 'First Light', explicit: 1, genre: [], language: null, featuredArtists: [], iswc: '', lyrics: null });
    expect(track.participants).toEqual([{ id: String(participantId), role_id: [{ role_id: 6, name: 'Artist' }], payout_share_percentage: '100' }]);
    expect(track.stereo_isrc).toMatch(new RegExp(`^DEMDK${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}\\d{5}$`));
    expect(track.audio).toMatchObject({ sampleRate: 44100, bitsPerSample: 24, channels: 2, clippedRuns: 0 });
    expect(track.audio.truePeakDb).toBeCloseTo(-6.02, 1);
    const again = await caller.releases.addTrack({ masterId, albumId });
    expect(again.track_id).toBe(track.track_id);
    const draft = await caller.releases.draft();
    expect(draft?.selectedMasterIds).toEqual([masterId]);
    expect(draft?.uploadedMasterToTrackIds).toEqual({ [masterId]: track.track_id });
    expect(draft?.sections.trackList.errors).toEqual(['release.error.genreRequired', 'release.error.languageRequired']);
    expect(draft?.sections.participants).toMatchObject({ hasError: false, errors: [] });
  });
});
