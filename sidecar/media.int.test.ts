import { execFileSync, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionKeyOf } from '../src/modules/downloads/index.js';
import { ORIGINAL_STYLE_INDEX, STREAM_FRAME_HEADER_BYTES, STREAM_FRAME_VERSION } from '../src/modules/streaming/index.js';
import { signAccessToken } from '../src/platform/access-token.js';
import { withLocalFile } from '../src/platform/storage/file-storage.js';
import { createRandom, musicLike } from './engine/testing/signals.js';
import { decodeSimpleWav, encodeWav } from './engine/testing/wav-writer.js';
import { ffmpegPath } from './ffmpeg/ffmpeg-run.js';
import { CHUNK_FRAMES } from './media/pcm.js';
import { masterRowOf, type MediaHarness, startMediaHarness } from './testing/media-harness.js';

/** A 44.1 kHz 16-bit stereo WAV of known samples: music-like noise (each chunk different). */
function knownWav(seconds: number, seed: number) {
  const random = createRandom(seed);
  const frames = Math.round(seconds * 44100);
  const ints = new Int16Array(frames * 2);
  let a = 0;
  for (let i = 0; i < ints.length; i++) {
    a = 0.97 * a + 0.03 * (random() * 2 - 1);
    ints[i] = Math.round(a * 12000 + (random() - 0.5) * 4000);
  }
  const data = Float32Array.from(ints, (v) => v / 32768);
  return { wav: encodeWav({ data, sampleRate: 44100, channels: 2 }, { format: 'pcm16' }), pcm: Buffer.from(ints.buffer), frames };
}

/** The same file decoded independently by ffmpeg to s16le at 44.1 kHz. */
function ffmpegS16(file: string): Buffer {
  return execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 's16le', '-ar', '44100', '-acodec', 'pcm_s16le', '-'], {
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** 24-bit little-endian PCM to 16-bit, nearest with ties to even, clipped: the stream's documented rule. */
function s16OfS24(data: Buffer): Buffer {
  const out = Buffer.alloc((data.length / 3) * 2);
  for (let i = 0; i < data.length / 3; i++) {
    const q = data.readIntLE(i * 3, 3) / 256;
    const floor = Math.floor(q);
    const rounded = q - floor > 0.5 || (q - floor === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
    out.writeInt16LE(Math.max(-32768, Math.min(32767, rounded)), i * 2);
  }
  return out;
}

function ffmpegChildrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), 'ffmpeg']).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describe('media sidecar socket protocol (real sidecar, real ws client)', () => {
  let h: MediaHarness;
  let owner: { id: string; token: string };
  let friend: { id: string; token: string };
  let stranger: { id: string; token: string };

  /**
   * Each test makes its own track: any test runs alone (-t) and in any order. The owner's
   * 3.5 s track of known samples, shared (its unmastered master) with the friend.
   */
  async function newTrack(seconds = 3.5, seed = 7) {
    const known = knownWav(seconds, seed);
    const track = await h.createTrack(owner.id, known.wav, { sampleRate: 44100, channels: 2 });
    await h.share(track.masterId, owner.id, 'friend@example.com');
    return { ...track, known };
  }

  beforeAll(async () => {
    h = await startMediaHarness();
    owner = await h.createUser('owner@example.com');
    friend = await h.createUser('friend@example.com');
    stranger = await h.createUser('stranger@example.com');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('when a request carries no token or a forged one, then it is refused', async () => {
    const track = await newTrack();
    const client = await h.connect();
    client.send('request-chunks', undefined, { trackId: track.trackId, styleIndex: -1, chunkIndices: [0] });
    const forged = signAccessToken('another-secret-0123456789abcdef0123456789', owner.id).token;
    client.send('request-meta', forged, { trackId: track.trackId });
    await client.until(() => client.json('error-message').length >= 2);
    expect(client.json('error-message').map((m) => m.payload.code)).toEqual(['global.error.unauthorized', 'global.error.unauthorized']);
    expect(client.frames()).toHaveLength(0);
  });

  it("when another user asks for someone's track, then it is forbidden; an unknown track is not found", async () => {
    const track = await newTrack();
    const client = await h.connect();
    client.send('request-meta', stranger.token, { trackId: track.trackId });
    client.send('request-chunks', stranger.token, { trackId: track.trackId, styleIndex: -1, chunkIndices: [0] });
    client.send('request-meta', stranger.token, { trackId: '00000000-0000-4000-8000-000000000000' });
    await client.until(() => client.json('error-message').length >= 3);
    expect(client.json('error-message').map((m) => m.payload.code).sort()).toEqual(['global.error.forbidden', 'global.error.forbidden', 'global.error.notFound']);
    expect(client.frames()).toHaveLength(0);
    expect(client.json('meta')).toHaveLength(0);
  });

  it('when the owner asks for meta, then it describes the 44.1 kHz 16-bit stream with 512 waveform peaks', async () => {
    const track = await newTrack();
    const known = track.known;
    const client = await h.connect();
    client.send('request-meta', owner.token, { trackId: track.trackId, masterId: null, styleId: null });
    const meta = (await client.nextJson('meta', 0)).payload;
    expect(meta).toMatchObject({
      trackId: track.trackId,
      styleIndex: -1,
      sampleRate: 44100,
      numberOfSamples: known.frames,
      bitsPerSample: 16,
      numberOfChannels: 2,
      totalByteLength: known.frames * 4,
      chunkSize: CHUNK_FRAMES * 4,
      numberOfChunks: 4,
      container: 'WAVE',
    });
    expect(meta.duration).toBeCloseTo(3.5, 5);
    const peaks = meta.waveformData as number[];
    expect(peaks).toHaveLength(512);
    expect(Math.max(...peaks)).toBeGreaterThan(0.1);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1);
  });

  it("when meta is asked with the id of the track's unmastered master (the page after an upload), then it describes the original; an unknown master id is not found", async () => {
    const track = await newTrack();
    const known = track.known;
    const client = await h.connect();
    client.send('request-meta', owner.token, { trackId: track.trackId, masterId: track.masterId });
    const meta = (await client.nextJson('meta', 0)).payload;
    expect(meta).toMatchObject({ trackId: track.trackId, styleIndex: -1, styleId: null, numberOfSamples: known.frames, numberOfChannels: 2 });
    client.send('request-meta', owner.token, { trackId: track.trackId, masterId: '00000000-0000-4000-8000-000000000000' });
    expect((await client.nextJson('error-message', 0)).payload).toEqual({ code: 'global.error.notFound', event: 'request-meta' });
  });

  it('when a user the track is shared with asks for it, then it is served', async () => {
    const track = await newTrack();
    const client = await h.connect();
    client.send('request-meta', friend.token, { trackId: track.trackId });
    client.send('request-chunks', friend.token, { trackId: track.trackId, styleIndex: -1, styleId: null, chunkIndices: [1] });
    await client.until(() => client.json('meta').length === 1 && client.frames().length === 1);
    expect(client.json('error-message')).toHaveLength(0);
    expect(client.frames()[0]!.chunkIndex).toBe(1);
  });

  it("when a track's stored original is gone, then meta and chunks answer binary.s3File.missing", async () => {
    const lost = await h.createTrack(owner.id, knownWav(1.5, 3).wav, { sampleRate: 44100, channels: 2 });
    await h.platform.storage.remove(`tracks/${lost.trackId}/original.wav`);
    const client = await h.connect();
    client.send('request-meta', owner.token, { trackId: lost.trackId });
    client.send('request-chunks', owner.token, { trackId: lost.trackId, styleIndex: -1, styleId: null, chunkIndices: [0] });
    await client.until(() => client.json('error-message').length === 2);
    expect(client.json('error-message').map((m) => [m.payload.event, m.payload.code])).toEqual([
      ['request-meta', 'binary.s3File.missing'],
      ['request-chunks', 'binary.s3File.missing'],
    ]);
    expect(client.frames()).toHaveLength(0);
  });

  it('when chunks are requested, then each frame has the documented header and exactly the decoded PCM of its range', async () => {
    const track = await newTrack();
    const known = track.known;
    const client = await h.connect();
    client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: -1, styleId: null, chunkIndices: [3, 0, 2, 1] });
    await client.until(() => client.frames().length === 4);
    const independent = await withLocalFile(h.platform.storage, `tracks/${track.trackId}/original.wav`, async (file) => ffmpegS16(file));
    expect(independent.equals(known.pcm)).toBe(true);
    const raw = client.received.filter((r) => r.kind === 'frame');
    expect(raw.map((r) => (r.kind === 'frame' ? r.frame.chunkIndex : -9))).toEqual([0, 1, 2, 3]);
    for (const frame of client.frames()) {
      expect(frame.version).toBe(STREAM_FRAME_VERSION);
      expect(frame.styleIndex).toBe(ORIGINAL_STYLE_INDEX);
      const start = frame.chunkIndex * CHUNK_FRAMES * 4;
      const end = Math.min(known.pcm.length, start + CHUNK_FRAMES * 4);
      expect(Buffer.from(frame.audio).equals(independent.subarray(start, end))).toBe(true);
    }
    expect(client.frames()[3]!.audio.byteLength).toBe((known.frames - 3 * CHUNK_FRAMES) * 4);
  });

  it('when the raw header bytes are read, then they are big-endian version 1, 0xFFFFFFFF and the chunk index', async () => {
    const track = await newTrack();
    const client = await h.connect();
    const raw = new Promise<Buffer>((resolve) => client.ws.once('message', (data: Buffer) => resolve(data)));
    client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: -1, chunkIndices: [2] });
    const bytes = await raw;
    expect([...bytes.subarray(0, STREAM_FRAME_HEADER_BYTES)]).toEqual([0, 1, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 2]);
  });

  it('when request-stream is sent after meta, then every chunk of the original arrives in order', async () => {
    const track = await newTrack();
    const known = track.known;
    const client = await h.connect();
    client.send('request-meta', owner.token, { trackId: track.trackId });
    await client.nextJson('meta', 0);
    client.send('request-stream', owner.token);
    await client.until(() => client.frames().length === 4);
    expect(client.frames().map((f) => f.chunkIndex)).toEqual([0, 1, 2, 3]);
    expect(Buffer.concat(client.frames().map((f) => Buffer.from(f.audio))).equals(known.pcm)).toBe(true);
  });

  describe('mastering', () => {
    let style: { id: number; styleIndex: number };
    let other: { id: number; styleIndex: number };

    beforeAll(async () => {
      const styles = await h.platform.db.selectFrom('styles').select(['id', 'style_index']).where('enabled', '=', true).orderBy('style_index').execute();
      style = { id: styles[0]!.id, styleIndex: styles[0]!.style_index };
      other = { id: styles[1]!.id, styleIndex: styles[1]!.style_index };
    });

    /** Prepares the track for mastering on a connection of the owner's, which it returns. */
    async function prepared(trackId: string) {
      const client = await h.connect();
      await client.requestMastering(owner.token, trackId, 120_000);
      return client;
    }

    /** A track of its own, prepared and bounced in `style`: the stored master's row. */
    async function bouncedTrack() {
      const track = await newTrack();
      const client = await prepared(track.trackId);
      client.send('end-mastering', owner.token, { styleId: style.id });
      const done = await client.until(() => client.json('bounce-progress').find((m) => m.payload.processed === true), 120_000);
      const row = await masterRowOf(h.platform.db, track.trackId, style.id, ['id', 'path', 'checksum']);
      expect(row.id).toBe(done.payload.masterId);
      return { ...track, bounced: row };
    }

    it('when mastered chunks are asked for before preparation, then the answer is mastering.notPrepared', async () => {
      const track = await newTrack();
      const client = await h.connect();
      client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [0] });
      expect((await client.nextJson('error-message', 0)).payload.code).toBe('mastering.notPrepared');
    });

    it('when mastering is requested twice, then the second client joins and both end processed; asking again answers at once', async () => {
      const track = await newTrack();
      const a = await h.connect();
      const b = await h.connect();
      a.send('request-mastering', owner.token, { trackId: track.trackId });
      b.send('request-mastering', owner.token, { trackId: track.trackId });
      await Promise.all([a.prepared(120_000), b.prepared(120_000)]);
      for (const c of [a, b]) {
        const states = c.json('prepare-mastering').map((m) => m.payload);
        expect(states.every((s) => s.fixing === false && typeof s.progressInPercent === 'number')).toBe(true);
        expect(states.at(-1)).toMatchObject({ processed: true, progressInPercent: 100 });
        expect(c.json('error-message')).toHaveLength(0);
      }
      expect(a.json('prepare-mastering').some((m) => ['preparing', 'dynamics', 'eq'].includes(m.payload.stage as string))).toBe(true);
      const again = await h.connect();
      const started = Date.now();
      await again.requestMastering(owner.token, track.trackId);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('when a prepared style is asked for, then rendered stereo chunks of its index arrive', async () => {
      const track = await newTrack();
      const known = track.known;
      const client = await prepared(track.trackId);
      client.send('request-meta', owner.token, { trackId: track.trackId, styleId: style.id });
      client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [0, 1] });
      await client.until(() => client.frames().length === 2 && client.json('meta').length === 1);
      const meta = client.json('meta')[0]!.payload;
      expect(meta).toMatchObject({ styleIndex: style.styleIndex, numberOfChannels: 2, numberOfSamples: known.frames });
      expect((meta.loudness as { masterPredicted?: boolean }).masterPredicted).toBe(true);
      for (const frame of client.frames()) {
        expect(frame.styleIndex).toBe(style.styleIndex);
        expect(frame.audio.byteLength).toBe(CHUNK_FRAMES * 4);
      }
    });

    it('when the style is switched while chunks are queued, then the queued ones are dropped and chunks-canceled says which', async () => {
      const owner2 = owner;
      const long = await newTrack(40, 11);
      const client = await prepared(long.trackId);
      // Warm the style's lookups so the switch is handled while the original's chunks still wait.
      client.send('request-chunks', owner2.token, { trackId: long.trackId, styleIndex: other.styleIndex, styleId: other.id, chunkIndices: [0] });
      await client.until(() => client.frames().length === 1);
      const before = client.frames().length;
      const originals = Array.from({ length: 32 }, (_, i) => i + 1);
      client.send('request-chunks', owner2.token, { trackId: long.trackId, styleIndex: -1, chunkIndices: originals });
      client.send('request-chunks', owner2.token, { trackId: long.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [5, 6] });
      const canceled = (await client.nextJson('chunks-canceled', 0, 30_000)).payload as { styleIndex: number; chunkIndices: number[] };
      await client.until(() => client.frames().filter((f) => f.styleIndex === style.styleIndex).length === 2, 30_000);
      expect(canceled.styleIndex).toBe(-1);
      expect(canceled.chunkIndices.length).toBeGreaterThan(0);
      const originalFrames = client.frames().slice(before).filter((f) => f.styleIndex === -1).map((f) => f.chunkIndex);
      expect(originalFrames.filter((i) => canceled.chunkIndices.includes(i))).toEqual([]);
      expect(originalFrames.length + canceled.chunkIndices.length).toBe(originals.length);
    });

    it('when end-mastering is sent, then bounce-progress ends processed, the master is recorded and its chunks come from the stored 24-bit file', async () => {
      const track = await newTrack();
      const known = track.known;
      const client = await prepared(track.trackId);
      client.send('end-mastering', owner.token, { styleId: style.id });
      const done = await client.until(() => client.json('bounce-progress').find((m) => m.payload.processed === true), 120_000);
      expect(done.payload).toMatchObject({ progressInPercent: 100, styleId: style.id });
      const row = await masterRowOf(h.platform.db, track.trackId, style.id, ['id', 'status', 'path', 'checksum', 'measurements']);
      expect(row).toMatchObject({ id: done.payload.masterId, status: 'MASTERED' });
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      // The report card's figures: the master's, the original's beside them, and the EQ curve.
      const measured = row.measurements as { lufs: number; crest: number; targetLufs: number; heldBackLu: number; original: { lufs: number; lra: number; truePeak: number; crest: number }; eq: { frequencies: number[]; gainsDb: number[] } };
      expect(measured.crest).toBeGreaterThan(0);
      // The dynamics budget's verdict is stored, and the master meets target - heldBackLu.
      expect(measured.heldBackLu).toBeGreaterThanOrEqual(0);
      expect(Math.abs(measured.lufs - (measured.targetLufs - measured.heldBackLu))).toBeLessThanOrEqual(0.5);
      // The master was recorded as soon as it was stored; its downloads follow as a job chained to
      // the bounce, made by a media process (the web process only streams them).
      const downloads = () => Promise.all([0, 1].map((option) => h.platform.storage.size(renditionKeyOf(row.path!, option as 0 | 1))));
      await expect.poll(downloads, { timeout: 60_000, interval: 200 }).toEqual([expect.any(Number), expect.any(Number)]);
      expect(measured.original.lufs).toBeLessThan(measured.lufs);
      expect(measured.original.crest).toBeGreaterThan(0);
      expect(measured.eq.frequencies.length).toBeGreaterThan(2);
      expect(measured.eq.gainsDb.length).toBe(measured.eq.frequencies.length);
      const stored = await buffer(h.platform.storage.read(row.path!));
      client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [1] });
      await client.until(() => client.frames().length === 1);
      // ffmpeg truncates 24 -> 16 bits (s32 >> 16); the stream rounds to nearest (half to even), as documented in pcm.ts.
      const expected = s16OfS24(stored.subarray(44)).subarray(CHUNK_FRAMES * 4, 2 * CHUNK_FRAMES * 4);
      expect(Buffer.from(client.frames()[0]!.audio).equals(expected)).toBe(true);
      expect(stored.length).toBeGreaterThan(known.frames * 6);
      const meta = await (async () => {
        client.send('request-meta', owner.token, { trackId: track.trackId, masterId: row.id });
        return (await client.nextJson('meta', 0)).payload;
      })();
      expect(meta).toMatchObject({ styleIndex: style.styleIndex, styleId: style.id });
      expect(typeof meta.lufs).toBe('number');
      // The master's own waveform (finalizing stored it): louder than the original's.
      const masterPeaks = meta.waveformData as number[];
      const originalMeta = await (async () => {
        client.send('request-meta', owner.token, { trackId: track.trackId });
        return (await client.nextJson('meta', 1)).payload;
      })();
      const originalPeaks = originalMeta.waveformData as number[];
      expect(masterPeaks).toHaveLength(512);
      expect(masterPeaks.reduce((a, b) => a + b, 0)).toBeGreaterThan(originalPeaks.reduce((a, b) => a + b, 0));
      const storedWaveform = await h.platform.db.selectFrom('masters').select('waveform').where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(storedWaveform.waveform).toEqual(masterPeaks);
      expect((meta.loudness as { masterPredicted?: boolean }).masterPredicted).toBeUndefined();
    });

    it('when a 48 kHz track is mastered, then its 24-bit master is at 48 kHz, its downloads are 16-bit 44.1 kHz and 48 kHz MP3, and it streams at 44.1 kHz from the 16-bit file', async () => {
      const seconds = 3.5;
      const mix = musicLike({ seconds, sampleRate: 48000, seed: 48, peakDb: -6 });
      const track = await h.createTrack(owner.id, encodeWav(mix, { format: 'pcm24' }), { sampleRate: 48000, channels: 2, bitsPerSample: 24 });
      const client = await prepared(track.trackId);
      client.send('end-mastering', owner.token, { styleId: style.id });
      await client.until(() => client.json('bounce-progress').find((m) => m.payload.processed === true), 120_000);
      const row = await masterRowOf(h.platform.db, track.trackId, style.id, ['path', 'measurements']);
      const master = decodeSimpleWav(await buffer(h.platform.storage.read(row.path!)));
      expect({ rate: master.sampleRate, bits: master.bitsPerSample, frames: master.data.length / 2 }).toEqual({ rate: 48000, bits: 24, frames: seconds * 48000 });
      expect(row.measurements).toMatchObject({ sampleRate: 48000, frames: seconds * 48000 });
      const downloads = () => Promise.all([0, 1].map((option) => h.platform.storage.size(renditionKeyOf(row.path!, option as 0 | 1))));
      await expect.poll(downloads, { timeout: 60_000, interval: 200 }).toEqual([expect.any(Number), expect.any(Number)]);
      const sixteen = await buffer(h.platform.storage.read(renditionKeyOf(row.path!, 1)));
      const cd = decodeSimpleWav(sixteen);
      expect({ rate: cd.sampleRate, bits: cd.bitsPerSample, frames: cd.data.length / 2 }).toEqual({ rate: 44100, bits: 16, frames: seconds * 44100 });
      const mp3 = await h.platform.storage.openLocal(renditionKeyOf(row.path!, 0));
      const probed = spawnSync(ffmpegPath(), ['-hide_banner', '-i', mp3.path, '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
      mp3.release();
      expect(/Audio: mp3, (\d+) Hz/.exec(probed)?.[1]).toBe('48000');
      const listener = await h.connect();
      listener.send('request-meta', owner.token, { trackId: track.trackId, styleId: style.id });
      expect((await listener.nextJson('meta', 0)).payload).toMatchObject({ sampleRate: 44100, numberOfSamples: seconds * 44100 });
      listener.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [1] });
      await listener.until(() => listener.frames().length === 1);
      expect(Buffer.from(listener.frames()[0]!.audio).equals(sixteen.subarray(44 + CHUNK_FRAMES * 4, 44 + 2 * CHUNK_FRAMES * 4))).toBe(true);
    });

    it("when a 48 kHz master's 16-bit download is missing, then request-mastering does not rebuild the master, and the download is made again", async () => {
      const mix = musicLike({ seconds: 3, sampleRate: 48000, seed: 49, peakDb: -6 });
      const track = await h.createTrack(owner.id, encodeWav(mix, { format: 'pcm24' }), { sampleRate: 48000, channels: 2, bitsPerSample: 24 });
      const client = await prepared(track.trackId);
      client.send('end-mastering', owner.token, { styleId: style.id });
      await client.until(() => client.json('bounce-progress').find((m) => m.payload.processed === true), 120_000);
      const row = await masterRowOf(h.platform.db, track.trackId, style.id, ['path', 'checksum']);
      const sixteenKey = renditionKeyOf(row.path!, 1);
      // The downloads' job done (both files made), so nothing of it is still on its way.
      const jobs = () => h.platform.db.selectFrom('jobs').select('state').where('idempotency_key', '=', `media.renditions:${row.path}:${row.checksum}`).execute();
      await expect.poll(jobs, { timeout: 60_000, interval: 200 }).toEqual([{ state: 'done' }]);
      const master = await buffer(h.platform.storage.read(row.path!));
      await h.platform.storage.remove(sixteenKey);
      const again = await h.connect();
      await again.requestMastering(owner.token, track.trackId, 120_000);
      expect(again.json('prepare-mastering').some((m) => m.payload.fixing === true)).toBe(false);
      expect((await buffer(h.platform.storage.read(row.path!))).equals(master)).toBe(true);
      await expect.poll(() => h.platform.storage.size(sixteenKey), { timeout: 60_000, interval: 200 }).toEqual(expect.any(Number));
      again.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [0] });
      await again.until(() => again.frames().length === 1);
      const sixteen = await buffer(h.platform.storage.read(sixteenKey));
      expect(Buffer.from(again.frames()[0]!.audio).equals(sixteen.subarray(44, 44 + CHUNK_FRAMES * 4))).toBe(true);
    });

    it('when a stored master fails its check, then request-mastering rebuilds it through the fixing state', async () => {
      const track = await bouncedTrack();
      const row = track.bounced;
      const good = await buffer(h.platform.storage.read(row.path!));
      await h.platform.storage.write(row.path!, Readable.from([good.subarray(0, good.length - 600)]));
      const client = await h.connect();
      await client.requestMastering(owner.token, track.trackId, 120_000);
      const states = client.json('prepare-mastering').map((m) => m.payload);
      expect(states.some((m) => m.fixing === true)).toBe(true);
      expect(states.at(-1)).toMatchObject({ processed: true, fixing: false });
      expect((await buffer(h.platform.storage.read(row.path!))).equals(good)).toBe(true);
      client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [1] });
      await client.until(() => client.frames().length === 1);
      expect(Buffer.from(client.frames()[0]!.audio).equals(s16OfS24(good.subarray(44)).subarray(CHUNK_FRAMES * 4, 2 * CHUNK_FRAMES * 4))).toBe(true);
    });

    it('when a master without its downloads is played, then a media.renditions job of the queue makes them', async () => {
      const track = await bouncedTrack();
      const master = track.bounced.path!;
      const downloads = [renditionKeyOf(master, 0), renditionKeyOf(master, 1)];
      for (const key of downloads) await h.platform.storage.remove(key);
      const client = await h.connect();
      client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [0] });
      await client.until(() => client.frames().length === 1);
      await expect.poll(async () => Promise.all(downloads.map((key) => h.platform.storage.size(key))), { timeout: 60_000, interval: 200 }).toEqual([expect.any(Number), expect.any(Number)]);
      const jobs = () => h.platform.db.selectFrom('jobs').select('state').where('idempotency_key', '=', `media.renditions:${master}:${track.bounced.checksum}`).execute();
      await expect.poll(jobs, { timeout: 10_000, interval: 100 }).toEqual([{ state: 'done' }]);
    });

    it('when a track has used up its mastering attempts, then end-mastering answers mastering.maxFailedAttemptsReached', async () => {
      const track = await newTrack();
      await h.platform.db.updateTable('masters').set({ failed_mastering_attempts: 3 }).where('id', '=', track.masterId).execute();
      const client = await prepared(track.trackId);
      client.send('end-mastering', owner.token, { styleId: other.id });
      expect((await client.nextJson('error-message', 0, 30_000)).payload.code).toBe('mastering.maxFailedAttemptsReached');
      expect(client.json('bounce-progress').filter((m) => m.payload.processed === true)).toEqual([]);
    });

    it('when a shared user asks to master, for an unbounced style or for a master not shared with them, then it is forbidden', async () => {
      const track = await bouncedTrack();
      const client = await h.connect();
      client.send('request-mastering', friend.token, { trackId: track.trackId });
      client.send('request-chunks', friend.token, { trackId: track.trackId, styleIndex: other.styleIndex, styleId: other.id, chunkIndices: [0] });
      // The owner bounced `style`, but shared only the unmastered master with the friend.
      client.send('request-chunks', friend.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [0] });
      client.send('request-meta', friend.token, { trackId: track.trackId, styleId: style.id });
      await client.until(() => client.json('error-message').length === 4);
      expect(client.json('error-message').map((m) => m.payload.code)).toEqual(Array(4).fill('global.error.forbidden'));
      expect(client.frames()).toHaveLength(0);
    });

    it('when a bounced master is shared, then its listener hears it and the original, and no other style', async () => {
      const track = await bouncedTrack();
      const listenerEmail = `listener-${track.trackId}@example.com`;
      const listener = await h.createUser(listenerEmail);
      const bounced = track.bounced;
      await h.share(bounced.id, owner.id, listenerEmail);
      const client = await h.connect();
      client.send('request-meta', listener.token, { trackId: track.trackId, masterId: bounced.id });
      client.send('request-chunks', listener.token, { trackId: track.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [0] });
      await client.until(() => client.json('meta').length === 1 && client.frames().length === 1);
      // Asked for only after the master's chunk arrived: a request of another style cancels what still waits.
      client.send('request-chunks', listener.token, { trackId: track.trackId, styleIndex: -1, styleId: null, chunkIndices: [0] });
      await client.until(() => client.frames().length === 2);
      expect(client.json('error-message')).toHaveLength(0);
      expect(client.json('meta')[0]!.payload).toMatchObject({ styleIndex: style.styleIndex, styleId: style.id });
      expect(client.frames().map((f) => f.styleIndex).sort((a, b) => a - b)).toEqual([-1, style.styleIndex].sort((a, b) => a - b));
      client.send('request-chunks', listener.token, { trackId: track.trackId, styleIndex: other.styleIndex, styleId: other.id, chunkIndices: [0] });
      expect((await client.nextJson('error-message', 0)).payload.code).toBe('global.error.forbidden');
    });

    it('when the client disconnects mid-mastering, then no ffmpeg process is left', async () => {
      // Long enough at 48 kHz/24-bit that the resampling decode is still running when the client leaves.
      const random = createRandom(3);
      const seconds = 240;
      const data = new Float32Array(seconds * 48000 * 2);
      for (let i = 0; i < data.length; i++) data[i] = (random() * 2 - 1) * 0.3;
      const slow = await h.createTrack(owner.id, encodeWav({ data, sampleRate: 48000, channels: 2 }, { format: 'pcm24' }), { sampleRate: 48000, channels: 2, bitsPerSample: 24 });
      const client = await h.connect();
      client.send('request-mastering', owner.token, { trackId: slow.trackId });
      const pid = h.media.child.pid!;
      const deadline = Date.now() + 20_000;
      while (ffmpegChildrenOf(pid).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(ffmpegChildrenOf(pid).length).toBeGreaterThan(0);
      client.close();
      const gone = Date.now() + 5_000;
      while (ffmpegChildrenOf(pid).length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 50));
      expect(ffmpegChildrenOf(pid)).toEqual([]);
    });
  });
});

describe('media sidecar job time limits (MEDIA_BOUNCE_TIMEOUT_S)', () => {
  it('when bounces run past the limit, then each answers binary.creation.timeout and counts as failed; the third reaches the attempt limit', async () => {
    const slow = await startMediaHarness({ MEDIA_BOUNCE_TIMEOUT_S: '0.001' });
    try {
      const user = await slow.createUser('slow@example.com');
      const track = await slow.createTrack(user.id, knownWav(2, 11).wav, { sampleRate: 44100, channels: 2 });
      const style = await slow.platform.db.selectFrom('styles').select('id').where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow();
      const client = await slow.connect();
      const codes: string[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        client.send('end-mastering', user.token, { trackId: track.trackId, styleId: style.id });
        codes.push((await client.nextJson('error-message', attempt, 60_000)).payload.code as string);
      }
      expect(codes).toEqual(['binary.creation.timeout', 'binary.creation.timeout', 'mastering.maxFailedAttemptsReached']);
      const masters = await slow.platform.db.selectFrom('masters').select(['style_id', 'failed_mastering_attempts', 'path']).where('track_id', '=', track.trackId).execute();
      // No master file was recorded; the failures count on the track's unmastered master.
      expect(masters.map((m) => [m.failed_mastering_attempts, m.path])).toEqual([[3, null]]);
    } finally {
      await slow.stop();
    }
  });
});
