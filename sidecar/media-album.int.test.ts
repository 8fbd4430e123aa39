import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, getAlbum, type TAlbum } from '../src/modules/albums/index.js';
import { serviceContextOf } from '../src/platform/context.js';
import { withLocalFile } from '../src/platform/storage/file-storage.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpegLoudness, type FfmpegLoudness } from './engine/testing/independent-meters.js';
import { musicLike } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { startMediaHarness, type MediaHarness } from './testing/media-harness.js';

/**
 * Album mode through the product: a real media process masters three generated mixes of about
 * -18, -14 and -11 LUFS as one album; ffmpeg's ebur128 (not the engine) measures mixes and masters.
 */
describe('album mastering (real media process, ffmpeg measuring)', () => {
  let h: MediaHarness;
  let dir: string;
  let owner: { id: string };
  let styleId: number;
  const mixes: { trackId: string; loudness: FfmpegLoudness }[] = [];

  beforeAll(async () => {
    h = await startMediaHarness();
    dir = await mkdtemp(path.join(os.tmpdir(), 'album-test-'));
    owner = await h.createUser('album@example.com');
    // A style whose gain riding does not hold these mixes back, so the anchor reaches its own level.
    styleId = (await h.style('Acoustic', 'Natural')).id;
    // Peaks of -5, -1 and +2 dBFS (clipped by the 16-bit file): about -18, -14 and -11 LUFS.
    for (const [i, peakDb] of [-5, -1, 2].entries()) {
      const wav = encodeWav(musicLike({ seconds: 5, seed: 11 + i, peakDb }), { format: 'pcm16' });
      const file = path.join(dir, `mix-${i}.wav`);
      await writeFile(file, wav);
      const { trackId } = await h.createTrack(owner.id, wav, { sampleRate: 44100, channels: 2 });
      mixes.push({ trackId, loudness: await ffmpegLoudness(file) });
    }
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when three mixes are mastered as an album, then the masters keep the mixes differences within 0.5 LU, the loudest reaches its target less what it held back, and every true peak is at or under -1 dBTP', async () => {
    const ctx = serviceContextOf(h.platform, { userId: owner.id }, 'en');
    const created = await createAlbum(ctx, { trackIds: mixes.map((m) => m.trackId), styleId, intensity: 'medium' });
    expect(created.tracks.map((t) => t.trackId)).toEqual(mixes.map((m) => m.trackId));
    let album: TAlbum = created;
    const deadline = Date.now() + 480_000;
    while (album.state !== 'done' && album.state !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      album = await getAlbum(ctx, { id: created.id });
    }
    expect(album.state).toBe('done');

    const masters: FfmpegLoudness[] = [];
    for (const track of album.tracks) {
      const row = await h.platform.db.selectFrom('masters').select(['id', 'path', 'measurements']).where('id', '=', track.masterId!).executeTakeFirstOrThrow();
      masters.push(await withLocalFile(h.platform.storage, row.path!, (file) => ffmpegLoudness(file)));
    }
    const mixLufs = mixes.map((m) => m.loudness.integratedLufs);
    const masterLufs = masters.map((m) => m.integratedLufs);
    console.info(`album by ffmpeg: mixes ${mixLufs.join(', ')} LUFS -> masters ${masterLufs.join(', ')} LUFS; true peaks ${masters.map((m) => m.truePeakDbtp).join(', ')} dBTP; spread ${album.spreadInLu} -> ${album.spreadOutLu} LU`);
    const loudest = 2;
    for (let i = 0; i < mixes.length; i++) {
      expect(Math.abs(masterLufs[i]! - masterLufs[loudest]! - (mixLufs[i]! - mixLufs[loudest]!))).toBeLessThanOrEqual(0.5);
      expect(masters[i]!.truePeakDbtp).toBeLessThanOrEqual(-1);
    }
    const anchor = await h.platform.db.selectFrom('masters').select('measurements').where('id', '=', album.tracks[loudest]!.masterId!).executeTakeFirstOrThrow();
    const { targetLufs, heldBackLu } = anchor.measurements as { targetLufs: number; heldBackLu: number };
    expect(Math.abs(masterLufs[loudest]! - (targetLufs - heldBackLu))).toBeLessThanOrEqual(0.5);
    // The album page's figures are the media process's own measurement of the same files.
    expect(album.spreadOutLu!).toBeCloseTo(Math.max(...masterLufs) - Math.min(...masterLufs), 0);
  }, 600_000);
});
