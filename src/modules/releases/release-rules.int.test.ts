import { stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { coverImage, createDistributor, createMasterWithAudio } from '../../test/release-factories.js';
import { useTestApp } from '../../test/test-app.js';
import { signAccessToken } from '../../platform/access-token.js';
import { inputIssuesOf, invalidInputError } from '../../platform/validation.js';
import { claimJob } from '../../platform/queue/job-queue.js';
import { runQueuedJobs } from '../../test/queued-jobs.js';
import { DELIVERY_JOB_KINDS, deliveryDirOf, deliveryJobHandlers, useReleaseProvider, type ReleaseProvider } from './index.js';
import { createLocalReleaseProvider } from './provider/local-release-provider.js';

/**
 * The translation key a refused call answers, as every adapter shows it: schema refusals carry it
 * in their first issue (tRPC's HTTP error formatter maps it the same way), rule refusals in the message.
 */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const issues = inputIssuesOf((error as { cause?: unknown }).cause);
    return issues ? invalidInputError(issues).message : (error as Error).message;
  }
  return 'accepted';
}

describe('releases: every rule, cancel, retries and a delivery stopped in the middle', () => {
  const suite = useTestApp();
  const { callerFor } = suite;

  async function releaseWithTrack() {
    const account = await createDistributor(suite.platform);
    const caller = callerFor(account.userId);
    const { albumId } = await caller.releases.start();
    const { masterId } = await createMasterWithAudio(suite.platform, account.userId, { trackName: 'Sunrise', seconds: 1 });
    const track = await caller.releases.addTrack({ masterId, albumId });
    return { ...account, caller, albumId, masterId, track };
  }
  const trackRow = (trackId: number) => suite.platform.db.selectFrom('distribution_tracks').selectAll().where('id', '=', trackId).executeTakeFirstOrThrow();

  it('when track details break a rule, then each answers its key and nothing changes; valid details are kept upper-cased', async () => {
    const { caller, track, artistId } = await releaseWithTrack();
    const before = await trackRow(track.track_id);
    const refused = async (input: Record<string, unknown>, message: string) => {
      expect(await refusal(caller.releases.updateTrack({ trackId: track.track_id, ...input } as never))).toBe(message);
      expect(await trackRow(track.track_id)).toEqual(before);
    };
    await refused({ name: '   ' }, 'release.error.titleRequired');
    await refused({ genre: [] }, 'release.error.genreRequired');
    await refused({ genre: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 'release.error.tooManyGenres');
    await refused({ genre: [9999] }, 'release.error.unknownGenre');
    await refused({ language: 'xx' }, 'release.error.languageRequired');
    await refused({ stereo_isrc: 'DE-AB-26-0001' }, 'release.error.invalidIsrc');
    await refused({ iswc: 'T-034.524.680-2' }, 'release.error.invalidIswc');
    await refused({ explicit: 3 }, 'release.error.invalidExplicit');
    await refused({ featuredArtists: [artistId] }, 'release.error.featuredIsMainArtist');
    await refused({ featuredArtists: [123456789] }, 'release.error.unknownArtist');
    const guests = [];
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5']) guests.push((await caller.distribution.createArtist({ name: `Guest ${name}`, country: 'DE' })).artist_id);
    await refused({ featuredArtists: guests }, 'release.error.tooManyFeaturedArtists');

    const saved = await caller.releases.updateTrack({
      trackId: track.track_id,
      name: 'Sunrise (Radio Edit)',
      genre: [8, 8, 28],
      language: 'DE',
      featuredArtists: guests.slice(0, 4),
      stereo_isrc: 'us-s1z-99-00001',
      iswc: 't-034.524.680-1',
      explicit: 2,
      lyrics: 'Morgens um sieben',
    });
    expect(saved).toMatchObject({
      name: 'Sunrise (Radio Edit)',
      genre: [{ genre_id: 8, name: 'Electronic' }, { genre_id: 28, name: 'Techno' }],
      language: 'de',
      featuredArtists: guests.slice(0, 4),
      stereo_isrc: 'USS1Z9900001',
      iswc: 'T0345246801',
      explicit: 2,
      lyrics: 'Morgens um sieben',
    });
  });

  it('when an ISRC is left empty, then the provider assigns one from ISRC_REGISTRANT, and an ISRC used elsewhere in the catalogue is refused', async () => {
    const first = await releaseWithTrack();
    const second = await releaseWithTrack();
    const assigned = first.track.stereo_isrc;
    await first.caller.releases.updateTrack({ trackId: first.track.track_id, stereo_isrc: '' });
    expect((await trackRow(first.track.track_id)).isrc).toBe(assigned);
    expect(second.track.stereo_isrc).not.toBe(assigned);
    expect(await refusal(second.caller.releases.updateTrack({ trackId: second.track.track_id, stereo_isrc: assigned }))).toBe('release.error.isrcTaken');
    await second.caller.releases.updateTrack({ trackId: second.track.track_id, stereo_isrc: 'GB-ABC-26-12345' });
    const cleared = await second.caller.releases.updateTrack({ trackId: second.track.track_id, stereo_isrc: '' });
    expect(cleared.stereo_isrc).toMatch(/^DEMDK\d{7}$/);
    expect(cleared.stereo_isrc).not.toBe(assigned);
  });

  it('when participants are saved, then the shares must sum to exactly 100, each needs a role, and the user stays first', async () => {
    const { caller, track, participantId } = await releaseWithTrack();
    const partner = await caller.distribution.createParticipant({ name: 'Max Muster', email: 'max@example.com' });
    const save = (participants: { id: number; role_id: number[]; payout_share_percentage: number | string }[]) =>
      caller.releases.updateTrack({ trackId: track.track_id, participants: participants as never });
    expect(await refusal(save([{ id: participantId, role_id: [6], payout_share_percentage: 70 }, { id: partner.participant_id, role_id: [1], payout_share_percentage: 20 }]))).toBe('release.error.payoutTotal');
    expect(await refusal(save([{ id: participantId, role_id: [6], payout_share_percentage: 70 }, { id: partner.participant_id, role_id: [], payout_share_percentage: 30 }]))).toBe('release.error.participantRoleRequired');
    expect(await refusal(save([{ id: participantId, role_id: [6], payout_share_percentage: 130 }]))).toBe('release.error.payoutRange');
    expect(await refusal(save([{ id: partner.participant_id, role_id: [6], payout_share_percentage: 100 }]))).toBe('release.error.firstParticipantFixed');
    expect(await refusal(save([]))).toBe('release.error.firstParticipantFixed');
    expect(await refusal(save([{ id: participantId, role_id: [6], payout_share_percentage: 50 }, { id: participantId, role_id: [6], payout_share_percentage: 50 }]))).toBe('release.error.duplicateParticipant');
    expect(await refusal(save([{ id: participantId, role_id: [6], payout_share_percentage: 50 }, { id: 987654321, role_id: [6], payout_share_percentage: 50 }]))).toBe('release.error.unknownParticipant');
    expect(await refusal(save([{ id: participantId, role_id: [999], payout_share_percentage: 100 }]))).toBe('release.error.unknownRole');
    expect((await caller.releases.draft())?.trackList[0]?.participants).toEqual([{ id: String(participantId), role_id: [{ role_id: 6, name: 'Artist' }], payout_share_percentage: '100' }]);

    // Thirds in hundredths sum to exactly 100; a share typed as text is read as a number.
    const third = await caller.distribution.createParticipant({ name: 'Third Person', email: 'third@example.com' });
    const saved = await save([
      { id: participantId, role_id: [6], payout_share_percentage: '33.34' },
      { id: partner.participant_id, role_id: [1, 2], payout_share_percentage: 33.33 },
      { id: third.participant_id, role_id: [3], payout_share_percentage: 33.33 },
    ]);
    expect(saved.participants.map((p) => p.payout_share_percentage)).toEqual(['33.34', '33.33', '33.33']);
    expect((await caller.releases.draft())?.sections.participants).toMatchObject({ hasError: false });
  });

  it('when songs are selected, reordered and deselected, then the track list follows, a deselected track is deleted at the provider and track list and participants count as not visited', async () => {
    const { userId, caller, albumId, track } = await releaseWithTrack();
    const second = await createMasterWithAudio(suite.platform, userId, { trackName: 'Second', seconds: 1 });
    for (const section of ['trackList', 'participants', 'artwork'] as const) await caller.releases.markVisited({ albumId, section });
    const other = await caller.releases.addTrack({ masterId: second.masterId });
    expect(other.position).toBe(1);
    // A selection marks track list and participants as not visited; other sections keep theirs.
    let sections = (await caller.releases.draft())!.sections;
    expect([sections.trackList.visited, sections.participants.visited, sections.artwork.visited]).toEqual([false, false, true]);
    for (const section of ['trackList', 'participants'] as const) await caller.releases.markVisited({ albumId, section });
    let draft = await caller.releases.reorderTracks({ albumId, trackIds: [other.track_id, track.track_id] });
    expect(draft.album.tracks).toEqual([other.track_id, track.track_id]);
    expect(draft.selectedMasterIds).toEqual([second.masterId, track.id]);
    expect(await refusal(caller.releases.reorderTracks({ albumId, trackIds: [other.track_id] }))).toBe('global.error.notFound');
    const audioKey = (await trackRow(other.track_id)).audio_key;
    draft = await caller.releases.removeTrack({ trackId: other.track_id });
    expect(draft.album.tracks).toEqual([track.track_id]);
    sections = draft.sections;
    expect([sections.trackList.visited, sections.participants.visited, sections.artwork.visited]).toEqual([false, false, true]);
    expect(draft.trackList[0]?.position).toBe(0);
    expect(await suite.platform.storage.size(audioKey)).toBeNull();
  });

  it('when the album step is saved, then name, type, dates and an own EAN or UPC are checked; visited flags are kept', async () => {
    const { caller, albumId } = await releaseWithTrack();
    expect(await refusal(caller.releases.updateAlbum({ albumId, original_release_date: '2026-02-30' }))).toBe('release.error.invalidDate');
    expect(await refusal(caller.releases.updateAlbum({ albumId, code_auto_generate: false, product_code: '4006381333932' }))).toBe('release.error.invalidProductCode');
    const upc = await caller.releases.updateAlbum({ albumId, name: 'Morning', product_type: 'ep', original_release_date: '2020-05-01', code_auto_generate: false, product_code_type: 'upc', product_code: '036000291452' });
    expect(upc.album).toMatchObject({ name: 'Morning', product_type: 'ep', original_release_date: '2020-05-01', code_auto_generate: false, product_code: '0036000291452' });
    expect(upc.sections.album.hasError).toBe(false);
    const visited = await caller.releases.markVisited({ albumId, section: 'trackList' });
    expect(visited.sections.trackList.visited).toBe(true);
    expect(visited.sections.artwork.visited).toBe(false);
    expect(await refusal(caller.releases.setOutlets({ albumId, globalReleaseDate: '2099-01-01', outlets: [{ store_id: 4242, release_start_date: null }] }))).toBe('release.error.unknownOutlet');
    const outlets = await caller.releases.setOutlets({ albumId, globalReleaseDate: '2099-01-01', outlets: [{ store_id: 3, release_start_date: '2099-03-01' }, { store_id: 1, release_start_date: null }] });
    expect(outlets.outlets).toEqual([{ store_id: 1, release_start_date: null }, { store_id: 3, release_start_date: '2099-03-01' }]);
    expect(outlets.globalReleaseDate).toBe('2099-01-01');
  });

  it('when a release is cancelled, then its album, tracks and files are gone, even where the provider fails, and a new draft can start', async () => {
    const { userId, caller, albumId } = await releaseWithTrack();
    const second = await createMasterWithAudio(suite.platform, userId, { trackName: 'Second', seconds: 1 });
    await caller.releases.addTrack({ masterId: second.masterId });
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 1500 }))]), 'c.jpg');
    const cover = await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/cover`, { method: 'POST', headers: { authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, userId).token}` }, body: form });
    expect(cover.status).toBe(200);
    expect((await suite.platform.storage.list(`releases/${albumId}`)).length).toBeGreaterThan(0);

    const response = await fetch(`${suite.app.base}/api/distribution/albums/${albumId}`, { method: 'DELETE', headers: { authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, userId).token}` } });
    expect(response.status).toBe(200);
    expect(await caller.releases.draft()).toBeNull();
    expect(await suite.platform.db.selectFrom('distribution_tracks').select('id').where('album_id', '=', albumId).execute()).toEqual([]);
    expect(await suite.platform.storage.list(`releases/${albumId}`)).toEqual([]);
    // The masters themselves stay: only the provider's copies went.
    expect((await caller.releases.songs()).length).toBe(2);

    // A provider that fails every delete: cancel still resets the draft.
    const local = createLocalReleaseProvider(suite.platform);
    const deletes: string[] = [];
    useReleaseProvider(suite.platform, {
      ...local,
      deleteTrack: async (_db, _user, trackId) => {
        deletes.push(`track ${trackId}`);
        throw new Error('provider down');
      },
      deleteAlbum: async (_db, _user, id) => {
        deletes.push(`album ${id}`);
        throw new Error('provider down');
      },
    });
    try {
      const again = await caller.releases.start();
      const added = await caller.releases.addTrack({ masterId: second.masterId });
      expect(await caller.releases.cancel({ albumId: again.albumId })).toEqual({ cancelled: true });
      expect(deletes).toEqual([`track ${added.track_id}`, `album ${again.albumId}`]);
      expect(await caller.releases.draft()).toBeNull();
    } finally {
      useReleaseProvider(suite.platform, local);
    }
  });

  it('when album creation fails, then it is retried 5 more times 1 s apart, and after 6 failures the user sees "Unable to create album"', { timeout: 30_000 }, async () => {
    const { caller } = await createDistributor(suite.platform);
    const local = createLocalReleaseProvider(suite.platform);
    const attempts: number[] = [];
    const failing = (failures: number): ReleaseProvider => ({
      ...local,
      createAlbum: async (db, input) => {
        attempts.push(Date.now());
        if (attempts.length <= failures) throw new Error('provider busy');
        return local.createAlbum(db, input);
      },
    });
    try {
      useReleaseProvider(suite.platform, failing(2));
      const draft = await caller.releases.start();
      expect(attempts).toHaveLength(3);
      expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(990);
      expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(990);
      await caller.releases.cancel({ albumId: draft.albumId });

      attempts.length = 0;
      useReleaseProvider(suite.platform, failing(100));
      expect(await refusal(caller.releases.start())).toBe('release.error.unableToCreateAlbum');
      expect(attempts).toHaveLength(6);
      expect(await caller.releases.draft()).toBeNull();
    } finally {
      useReleaseProvider(suite.platform, local);
    }
  });

  it('when audio, title, lyrics and dates break store rules, then the check names each item with its measured values', async () => {
    const { userId, caller, albumId, track } = await releaseWithTrack();
    const guest = await caller.distribution.createArtist({ name: 'Guest Star', country: 'DE' });
    await caller.releases.updateTrack({ trackId: track.track_id, name: 'Sunrise feat. Guest Star', genre: [8], language: 'en', featuredArtists: [guest.artist_id], lyrics: 'what the fuck', explicit: 1 });
    const lofi = await createMasterWithAudio(suite.platform, userId, { trackName: 'Lo', sampleRate: 22_050, channels: 1, bits: 16, seconds: 0.5 });
    const float = await createMasterWithAudio(suite.platform, userId, { trackName: 'Float', float: true, seconds: 0.5 });
    const clipped = await createMasterWithAudio(suite.platform, userId, { trackName: 'Clip', clipFrames: 10, seconds: 0.5 });
    const lofiTrack = await caller.releases.addTrack({ masterId: lofi.masterId });
    const floatTrack = await caller.releases.addTrack({ masterId: float.masterId });
    const clippedTrack = await caller.releases.addTrack({ masterId: clipped.masterId });
    await caller.releases.setOutlets({ albumId, globalReleaseDate: '2001-01-01', outlets: [{ store_id: 1, release_start_date: null }] });
    const report = await caller.releases.validate({ albumId });
    const failed = report.items.filter((item) => !item.passed && item.severity === 'error').map((item) => [item.check, item.track_id]);
    expect(failed).toEqual(
      expect.arrayContaining([
        ['featuredNotInTitle', track.track_id],
        ['explicitLyrics', track.track_id],
        ['sampleRate', lofiTrack.track_id],
        ['stereo', lofiTrack.track_id],
        ['bitDepth', floatTrack.track_id],
        ['notClipped', clippedTrack.track_id],
        ['releaseDate', null],
        ['albumName', null],
        ['cover', null],
      ]),
    );
    expect(report.items.find((item) => item.check === 'sampleRate' && item.track_id === lofiTrack.track_id)?.values).toEqual({ sampleRate: 22_050, minSampleRate: 44_100 });
    expect(report.items.find((item) => item.check === 'bitDepth' && item.track_id === lofiTrack.track_id)?.passed).toBe(true);
    // Saying the lyrics are explicit settles that item.
    await caller.releases.updateTrack({ trackId: track.track_id, explicit: 2 });
    expect((await caller.releases.validate({ albumId })).items.find((item) => item.check === 'explicitLyrics' && item.track_id === track.track_id)?.passed).toBe(true);
  });

  it('when the process stops in the middle of a delivery, then a restart resumes it at the step it reached and finishes every store once', async () => {
    const { caller, albumId, track } = await releaseWithTrack();
    await caller.releases.updateAlbum({ albumId, name: 'Resume Me' });
    await caller.releases.updateTrack({ trackId: track.track_id, genre: [18], language: 'en' });
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 3000 }))]), 'c.jpg');
    const { userId } = await suite.platform.db.selectFrom('distribution_albums').innerJoin('distribution_users', 'distribution_users.id', 'distribution_albums.distribution_user_id').select('distribution_users.user_id as userId').where('distribution_albums.id', '=', albumId).executeTakeFirstOrThrow();
    await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/cover`, { method: 'POST', headers: { authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, userId).token}` }, body: form });
    await caller.releases.distribute({ albumId, outletDetails: { globalReleaseDate: '2099-01-15', outlets: [{ store_id: 1, release_start_date: null }, { store_id: 7, release_start_date: null }, { store_id: 2, release_start_date: null }] } });

    const { [DELIVERY_JOB_KINDS.local]: local } = deliveryJobHandlers(suite.platform);
    const deliver = (options: { now?: Date; limit?: number } = {}) => runQueuedJobs(suite.platform, { [DELIVERY_JOB_KINDS.local]: local! }, options);
    // Each step is a job on the suite.platform queue, keyed <kind>:<album>:<run>:<step>.
    const steps = async () =>
      (await suite.platform.db.selectFrom('jobs').select(['idempotency_key', 'state', 'attempts']).where('idempotency_key', 'like', `${DELIVERY_JOB_KINDS.local}:${albumId}:%`).orderBy('id').execute()).map(
        (job) => [job.idempotency_key!.split(':').slice(3).join(':'), job.state, job.attempts],
      );

    // The package and the first store, then the process "stops" holding the next step's lease.
    expect(await deliver({ limit: 2 })).toEqual({ done: [DELIVERY_JOB_KINDS.local, DELIVERY_JOB_KINDS.local], failures: [] });
    const packaged = await stat(deliveryDirOf(suite.platform, albumId));
    expect((await caller.releases.outlets({ albumId })).map((o) => o.outlet_status.status_code)).toEqual([1202, 1100, 1100]);
    expect(await claimJob(suite.platform.db, { kinds: [DELIVERY_JOB_KINDS.local], leaseMs: 60_000 })).toMatchObject({ payload: { albumId, step: 'store:2' } });
    expect(await steps()).toEqual([
      ['package', 'done', 1],
      ['store:1', 'done', 1],
      ['store:2', 'running', 1],
    ]);
    // While the lease holds, another process leaves the step alone.
    expect(await deliver()).toEqual({ done: [], failures: [] });

    // After a restart the lease runs out: the step goes back to the queue for its back-off, then
    // resumes at the second store without repackaging.
    expect(await deliver({ now: new Date(Date.now() + 61_000) })).toEqual({ done: [], failures: [] });
    expect((await deliver({ now: new Date(Date.now() + 65_000) })).done).toHaveLength(3);
    expect(await steps()).toEqual([
      ['package', 'done', 1],
      ['store:1', 'done', 1],
      ['store:2', 'done', 2],
      ['store:7', 'done', 1],
      ['finish', 'done', 1],
    ]);
    expect((await stat(deliveryDirOf(suite.platform, albumId))).mtimeMs).toBe(packaged.mtimeMs);
    const outlets = await caller.releases.outlets({ albumId });
    expect(outlets.map((o) => [o.store_name, o.outlet_status.status_code, o.disapprove_message])).toEqual([
      ['Spotify', 1202, null],
      ['Apple Music', 1202, null],
      ['Deezer', 1202, null],
    ]);
    const [release] = await caller.releases.list();
    expect(release).toMatchObject({ album_status: { status_name: 'LOCAL_DELIVERED' }, disapprove_message: null });
    // A delivered release is no draft: it cannot be changed or cancelled.
    expect(await refusal(caller.releases.cancel({ albumId }))).toBe('release.error.notDraft');
    expect(await refusal(caller.releases.updateTrack({ trackId: track.track_id, name: 'Changed' }))).toBe('release.error.notDraft');
  });
});
