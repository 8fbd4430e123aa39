import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverImage, createDistributor, createMasterWithAudio, runCoverJobs, signalWav } from '../../test/release-factories.js';
import { useTestApp } from '../../test/test-app.js';
import { runQueuedJobs } from '../../test/queued-jobs.js';
import { DELIVERY_JOB_KINDS, deliveryDirOf, deliveryJobHandlers, useReleaseProvider } from './index.js';
import { createLocalReleaseProvider } from './provider/local-release-provider.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('releases: artwork, the pre-submission check and delivery', () => {
  const suite = useTestApp();
  const { callerFor, bearer } = suite;
  const json = (userId: string) => ({ ...bearer(userId), 'content-type': 'application/json' });

  async function postCover(userId: string, albumId: number | string, bytes: Buffer, name = 'cover.jpg') {
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/cover`, { method: 'POST', headers: bearer(userId), body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function uploadCustomMaster(userId: string, bytes: Buffer, name: string) {
    const form = new FormData();
    form.append('isCustomMaster', 'true');
    form.append('track', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${suite.app.base}/api/upload`, { method: 'POST', headers: bearer(userId), body: form });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  /** A release that passes the check: one master, named, with genre and language, a 3000 px cover, Spotify. */
  async function readyRelease(options: { amplitude?: number; coverPx?: number } = {}) {
    const account = await createDistributor(suite.platform);
    const caller = callerFor(account.userId);
    const { albumId } = await caller.releases.start();
    await caller.releases.updateAlbum({ albumId, name: 'Morning Songs' });
    const { masterId } = await createMasterWithAudio(suite.platform, account.userId, { trackName: 'Sunrise', amplitude: options.amplitude ?? 0.5 });
    const track = await caller.releases.addTrack({ masterId, albumId });
    await caller.releases.updateTrack({ trackId: track.track_id, genre: [8], language: 'en' });
    const cover = await postCover(account.userId, albumId, await coverImage({ width: options.coverPx ?? 3000 }));
    expect(cover.status).toBe(200);
    await caller.releases.setOutlets({ albumId, globalReleaseDate: '2099-01-15', outlets: [{ store_id: 1, release_start_date: null }] });
    return { ...account, caller, albumId, track };
  }

  it('when a subscriber builds a two-track release with a custom master, a featured artist, a 30 % participant, artwork and stores, then it passes the check, is delivered as a package whose hashes match, and the stores reach 1202', async () => {
    const { userId, caller, participantId } = await createDistributor(suite.platform);
    const { albumId } = await caller.releases.start();
    const { masterId } = await createMasterWithAudio(suite.platform, userId, { trackName: 'Sunrise' });
    const customId = await uploadCustomMaster(userId, signalWav({ bits: 16, amplitude: 0.4, seconds: 1.5 }), 'Night Drive.wav');
    const songs = await caller.releases.songs();
    expect(songs.find((song) => song.id === customId)).toMatchObject({ track_name: 'Night Drive', custom_master: true, style_name: null });

    // Through REST, as the public API's clients do.
    const first = await fetch(`${suite.app.base}/api/distribution/tracks`, { method: 'POST', headers: json(userId), body: JSON.stringify({ masterId }) });
    expect(first.status).toBe(201);
    const firstTrack = (await first.json()) as { track_id: number };
    const second = await caller.releases.addTrack({ masterId: customId, albumId });
    expect(second).toMatchObject({ isCustomMaster: true, audio: { bitsPerSample: 16, channels: 2 } });

    const featured = await caller.distribution.createArtist({ name: 'Guest Star', country: 'DE' });
    const partner = await caller.distribution.createParticipant({ name: 'Max Muster', email: 'max@example.com' });
    const put = await fetch(`${suite.app.base}/api/distribution/tracks/${firstTrack.track_id}`, {
      method: 'PUT',
      headers: json(userId),
      body: JSON.stringify({
        name: 'Sunrise',
        genre: [{ genre_id: 8, name: 'Electronic' }],
        language: 'en',
        featuredArtists: [featured.artist_id],
        stereo_isrc: 'de-abc-26-00042',
        iswc: 'T-034.524.680-1',
        explicit: 1,
        participants: [
          { id: String(participantId), role_id: [{ role_id: 6, name: 'Artist' }], payout_share_percentage: '70' },
          { id: String(partner.participant_id), role_id: [1], payout_share_percentage: '30' },
        ],
      }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ stereo_isrc: 'DEABC2600042', iswc: 'T0345246801', featuredArtists: [featured.artist_id] });
    await caller.releases.updateTrack({ trackId: second.track_id, genre: [8, 28], language: 'en', lyrics: 'la la la' });
    await caller.releases.reorderTracks({ albumId, trackIds: [second.track_id, firstTrack.track_id] });
    await fetch(`${suite.app.base}/api/distribution/albums/${albumId}`, { method: 'PUT', headers: json(userId), body: JSON.stringify({ name: 'Morning Songs', cover_image: null }) });

    const cover = await postCover(userId, albumId, await coverImage({ width: 3000 }));
    expect(cover.status).toBe(200);
    expect(cover.body.problems).toEqual([]);
    // The variants are made by a job after the upload answered: until then the album shows none.
    expect(cover.body.cover_image).toBeNull();
    expect(await runCoverJobs(suite.platform)).toBe(1);
    const image = (await caller.releases.draft())!.cover_image!;
    expect(image.large.width).toBe(1400);
    const thumb = await fetch(`${suite.app.base}${image.thumbnail.url}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    const draft = await caller.releases.draft();
    expect(draft?.album.tracks).toEqual([second.track_id, firstTrack.track_id]);
    expect(draft?.sections.artwork).toMatchObject({ hasError: false });

    const report = await (await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/validate`, { headers: bearer(userId) })).json();
    // Everything but the stores, which the distribute call brings.
    expect(report.items.filter((item: { passed: boolean }) => !item.passed).map((item: { check: string }) => item.check)).toEqual(['outlets']);
    expect(report.passed).toBe(false);

    const distribute = await fetch(`${suite.app.base}/api/distribution/outlets/distribute`, {
      method: 'PATCH',
      headers: json(userId),
      body: JSON.stringify({ albumId, outletDetails: { globalReleaseDate: '2099-01-15', outlets: [{ store_id: 1 }, { store_id: 2, release_start_date: '2099-02-01' }, { store_id: 20 }] } }),
    });
    expect(distribute.status).toBe(200);
    expect(await distribute.json()).toMatchObject({ release_id: albumId, album_status: { status_name: 'LOCAL_DELIVERING' }, track_count: 2 });
    expect((await caller.releases.outlets({ albumId })).map((outlet) => outlet.outlet_status.status_code)).toEqual([1100, 1100, 1100]);

    // The local provider's steps, run as the web process's worker runs them.
    const { [DELIVERY_JOB_KINDS.local]: local } = deliveryJobHandlers(suite.platform);
    expect((await runQueuedJobs(suite.platform, { [DELIVERY_JOB_KINDS.local]: local! })).failures).toEqual([]);
    const outlets = await (await fetch(`${suite.app.base}/api/distribution/outlets/${albumId}`, { headers: bearer(userId) })).json();
    expect(outlets).toEqual([
      expect.objectContaining({ store_name: 'Spotify', outlet_status: { status_name: 'DISTRIBUTED', status_code: 1202 }, release_start_date: '2099-01-15' }),
      expect.objectContaining({ store_name: 'Apple Music', child_stores: ['iTunes', 'Shazam'], outlet_status: { status_name: 'DISTRIBUTED', status_code: 1202 }, release_start_date: '2099-02-01' }),
      // Beatport lists electronic music only: both tracks carry an electronic genre.
      expect.objectContaining({ store_name: 'Beatport', outlet_status: { status_name: 'DISTRIBUTED', status_code: 1202 } }),
    ]);
    const [listed] = await caller.releases.list();
    expect(listed).toMatchObject({ release_id: albumId, name: 'Morning Songs', album_status: { status_name: 'LOCAL_DELIVERED' }, track_count: 2, disapprove_message: null });
    expect(await caller.releases.draft()).toBeNull();

    // Acceptance 3: message, audio and artwork, with hashes that match the files.
    const dir = deliveryDirOf(suite.platform, albumId);
    const files = (await readdir(dir, { recursive: true })).map(String).sort();
    const icpn = listed!.product_code!;
    expect(files).toHaveLength(5);
    expect(files).toEqual(expect.arrayContaining([`${icpn}.xml`, 'resources', expect.stringMatching(/^resources\/01_DEMDK\d{7}\.wav$/), 'resources/02_DEABC2600042.wav', `resources/${icpn}_cover.jpg`]));
    const message = await readFile(path.join(dir, `${icpn}.xml`), 'utf8');
    expect(message).toContain('<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"');
    expect(message).toContain(`<ICPN>${icpn}</ICPN>`);
    expect(message).toContain('<ISRC>DEABC2600042</ISRC>');
    expect(message).toContain('<ISWC>T0345246801</ISWC>');
    expect(message).toContain('<DisplayArtistRole>FeaturedArtist</DisplayArtistRole>');
    expect(message).toContain('<FullName>Spotify</FullName>');
    expect(message).toContain('<StartDate>2099-02-01</StartDate>');
    const hashed = [...message.matchAll(/<URI>([^<]+)<\/URI><HashSum><Algorithm>SHA256<\/Algorithm><HashSumValue>([0-9a-f]{64})<\/HashSumValue><\/HashSum><FileSize>(\d+)<\/FileSize>/g)];
    expect(hashed).toHaveLength(3);
    for (const [, uri, hash, size] of hashed) {
      const bytes = await readFile(path.join(dir, uri!));
      expect(sha256(bytes)).toBe(hash);
      expect(bytes.length).toBe(Number(size));
    }
    // The track order of the release is the message's.
    expect(message.indexOf('02_DEABC2600042.wav')).toBeGreaterThan(message.indexOf('01_DEMDK'));
  });

  it('when a cover is 1000 px, then the check refuses the release with the size rule and distribute is refused', async () => {
    const { caller, albumId } = await readyRelease({ coverPx: 1000 });
    const report = await caller.releases.validate({ albumId });
    expect(report.passed).toBe(false);
    expect(report.items.filter((item) => !item.passed)).toEqual([
      expect.objectContaining({ check: 'coverMinSize', section: 'artwork', code: 'release.check.coverMinSize', fix: 'release.fix.coverMinSize', values: expect.objectContaining({ width: 1000, minPx: 3000 }) }),
    ]);
    await expect(caller.releases.distribute({ albumId })).rejects.toMatchObject({ message: 'release.error.checkFailed' });
    expect((await caller.releases.draft())?.albumId).toBe(albumId);
  });

  it('when a track peaks above -1 dBTP, then the check refuses it with the measured true peak', async () => {
    const { caller, albumId, track } = await readyRelease({ amplitude: 0.99 });
    const report = await caller.releases.validate({ albumId });
    const failed = report.items.filter((item) => !item.passed);
    expect(failed).toEqual([expect.objectContaining({ check: 'truePeak', section: 'audio', track_id: track.track_id, values: expect.objectContaining({ limitDb: -1 }) })]);
    expect(Number(failed[0]!.values.truePeakDb)).toBeGreaterThan(-0.2);
    expect(report.passed).toBe(false);
  });

  it('when the cover is too small in bytes, not an image, or a CMYK, grey or oblong picture, then each gets its own answer and nothing is kept for refusals', async () => {
    const { userId, caller } = await createDistributor(suite.platform);
    const { albumId } = await caller.releases.start();
    const small = await postCover(userId, albumId, Buffer.alloc(500_000, 1));
    expect(small).toEqual({ status: 400, body: expect.objectContaining({ message: 'store.upload.error.fileTooSmall' }) });
    const notImage = await postCover(userId, albumId, Buffer.alloc(1_100_000, 7));
    expect(notImage).toEqual({ status: 415, body: expect.objectContaining({ message: 'store.upload.error.coverFormat' }) });
    const webp = await postCover(userId, albumId, await coverImage({ width: 1600, format: 'webp' }));
    expect(webp.body.message).toBe('store.upload.error.coverFormat');
    expect(await suite.platform.storage.list(`releases/${albumId}`)).toEqual([]);

    const cmyk = await postCover(userId, albumId, await coverImage({ width: 1500, cmyk: true }));
    expect(cmyk.status).toBe(200);
    expect(cmyk.body.problems).toEqual(['release.check.coverNotRgb', 'release.check.coverTooSmall']);
    const oblong = await postCover(userId, albumId, await coverImage({ width: 1600, height: 1500, format: 'png' }));
    expect(oblong).toMatchObject({ status: 200, body: { problems: ['release.check.coverNotSquare', 'release.check.coverTooSmall'] } });
    // The replaced cover's files are gone: one version folder remains.
    expect(new Set((await suite.platform.storage.list(`releases/${albumId}/cover`)).map((key) => key.split('/')[3])).size).toBe(1);
    // Under 3000 px the stores refuse it: an error of the check, not a warning.
    expect((await caller.releases.validate({ albumId })).items.find((item) => item.check === 'coverMinSize')).toMatchObject({ passed: false, severity: 'error' });
    const draft = await caller.releases.draft();
    expect(draft?.sections.artwork).toMatchObject({ hasError: true, errors: ['release.check.coverNotSquare', 'release.check.coverTooSmall'] });
    expect(draft?.cover).toMatchObject({ width: 1600, height: 1500, format: 'png' });
    const missing = await postCover(userId, 'x', await coverImage({ width: 1500 }));
    expect(missing.body.message).toBe('no_album_id');
  });

  it('when a user with a delivered release deletes the account, then the provider takes it down at each store first, and no row, file or package of it is left', async () => {
    const local = createLocalReleaseProvider(suite.platform);
    const asked: [number, number[]][] = [];
    // The local provider as it is, telling which takedowns it was asked for (its confirmation goes with the account).
    useReleaseProvider(suite.platform, {
      ...local,
      async takeDownBeforeDeletion(db, albumId, storeIds) {
        asked.push([albumId, [...storeIds]]);
        await local.takeDownBeforeDeletion(db, albumId, storeIds);
      },
    });
    try {
      const { userId, caller, albumId, track } = await readyRelease();
      await caller.releases.setOutlets({ albumId, globalReleaseDate: '2099-01-15', outlets: [{ store_id: 1, release_start_date: null }, { store_id: 2, release_start_date: null }] });
      await caller.releases.distribute({ albumId });
      const { [DELIVERY_JOB_KINDS.local]: deliver } = deliveryJobHandlers(suite.platform);
      expect((await runQueuedJobs(suite.platform, { [DELIVERY_JOB_KINDS.local]: deliver! })).failures).toEqual([]);
      expect((await caller.releases.list()).find((release) => release.release_id === albumId)?.album_status.status_name).toBe('LOCAL_DELIVERED');
      // A draft of the same user is no release at a store: nothing to take down.
      const { albumId: draftId } = await caller.releases.start();

      const deleted = await fetch(`${suite.app.base}/api/auth/delete-account`, { method: 'POST', headers: bearer(userId) });
      expect(deleted.status).toBeLessThan(300);
      expect(asked).toEqual([[albumId, [1, 2]]]);
      expect({
        albums: await suite.platform.db.selectFrom('distribution_albums').select('id').where('id', 'in', [albumId, draftId]).execute(),
        tracks: await suite.platform.db.selectFrom('distribution_tracks').select('id').where('id', '=', track.track_id).execute(),
        outlets: await suite.platform.db.selectFrom('distribution_album_outlets').select('store_id').where('album_id', '=', albumId).execute(),
        deliveries: await suite.platform.db.selectFrom('release_deliveries').select('id').where('album_id', '=', albumId).execute(),
        files: await suite.platform.storage.list(`releases/${albumId}`),
        package: existsSync(deliveryDirOf(suite.platform, albumId)),
      }).toEqual({ albums: [], tracks: [], outlets: [], deliveries: [], files: [], package: false });
    } finally {
      useReleaseProvider(suite.platform, local);
    }
  });
});
