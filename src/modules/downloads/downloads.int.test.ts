import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebur128Args } from '../../../sidecar/ffmpeg/ffmpeg-args.js';
import { parseEbur128Summary, runFfmpeg } from '../../../sidecar/ffmpeg/ffmpeg-run.js';
import { musicLike } from '../../../sidecar/engine/testing/signals.js';
import { makeRenditions } from '../../../sidecar/media/renditions.js';
import { decodeSimpleWav, encodeWav } from '../../../sidecar/engine/testing/wav-writer.js';
import { signAccessToken } from '../../platform/access-token.js';
import { createMaster, createUser } from '../../test/commerce-factories.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { listenTestApp, type TestApp } from '../../test/test-app.js';
import { downloadFileName, renditionKeyOf } from './index.js';
import { claimMediaJob } from '../streaming/index.js';

const ffprobePath = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path;

/** What ffprobe (an independent reader) makes of a file: its one audio stream and its container. */
async function probe(file: string) {
  const { stdout } = await promisify(execFile)(ffprobePath, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  const { streams, format } = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; sample_rate: string; channels: number; bits_per_sample: number; bit_rate?: string }[];
    format: { format_name: string; duration: string };
  };
  expect(streams).toHaveLength(1);
  const stream = streams[0]!;
  return { codec: stream.codec_name, rate: Number(stream.sample_rate), channels: stream.channels, bits: stream.bits_per_sample, container: format.format_name, duration: Number(format.duration) };
}

describe('master downloads', () => {
  let platform: TestPlatform;
  let app: TestApp;
  let base: string;
  let workDir: string;
  let masterWav: Buffer;
  let masterLoudness: number;
  const auth = (userId: string) => ({ authorization: `Bearer ${signAccessToken(platform.secrets.jwtSecret, userId).token}` });

  /** A master of the user's whose 24-bit file and downloads are stored, as the media process's bounce stores them. */
  async function storedMaster(userId: string, buyingOption: number, options: { renditions: boolean } = { renditions: true }) {
    const master = await createMaster(platform.db, userId, { buyingOption, status: buyingOption > 0 ? 'PAYMENT_DONE' : 'MASTERED' });
    const key = `masters/${master.id}/master.wav`;
    await platform.storage.write(key, Readable.from([masterWav]));
    if (options.renditions) await makeRenditions(platform.storage, key);
    await platform.db.updateTable('masters').set({ path: key }).where('id', '=', master.id).execute();
    return { masterId: master.id, key };
  }

  const loudnessOf = async (file: string) => parseEbur128Summary((await runFfmpeg(ebur128Args(file))).stderrTail).integratedLufs;

  async function saved(response: Response, name: string) {
    const file = path.join(workDir, name);
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return file;
  }

  beforeAll(async () => {
    platform = await createTestPlatform();
    app = await listenTestApp(platform);
    base = app.base;
    workDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-downloads-'));
    masterWav = encodeWav(musicLike({ seconds: 6, sampleRate: 44100, channels: 2, peakDb: -1.5, seed: 7 }), { format: 'pcm24' });
    const masterFile = path.join(workDir, 'master.wav');
    await writeFile(masterFile, masterWav);
    masterLoudness = await loudnessOf(masterFile);
  });
  afterAll(async () => {
    await app?.close();
    await platform.close();
  });

  it('when the owner of option 2 downloads each option, then MP3, dithered 16-bit WAV and the stored 24-bit WAV come back at the master loudness', async () => {
    const user = await createUser(platform.db);
    const { masterId, key } = await storedMaster(user.id, 2);

    const mp3 = await fetch(`${base}/api/download/master/${masterId}/0`, { headers: auth(user.id) });
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect(mp3.headers.get('content-disposition')).toContain('filename="My Song_Pop_Bright_192kbps.mp3"');
    const mp3File = await saved(mp3, 'download.mp3');
    expect(await probe(mp3File)).toMatchObject({ codec: 'mp3', rate: 44100, channels: 2, container: 'mp3' });
    expect(Math.abs((await probe(mp3File)).duration - 6)).toBeLessThan(0.1);
    // ffmpeg decodes it whole (a damaged stream fails with -xerror) and measures its loudness.
    await runFfmpeg(['-hide_banner', '-nostdin', '-xerror', '-i', mp3File, '-f', 'null', '-']);
    // Turned down from the first encode by what the master's true peak and the encoder's overshoot call for.
    expect(Math.abs((await loudnessOf(mp3File)) - masterLoudness)).toBeLessThan(1);

    const wav16 = await fetch(`${base}/api/download/master/${masterId}/1`, { headers: auth(user.id) });
    expect(wav16.status).toBe(200);
    expect(wav16.headers.get('content-disposition')).toContain('filename="My Song_Pop_Bright_16bit.wav"');
    const wav16File = await saved(wav16, 'download16.wav');
    expect(await probe(wav16File)).toEqual({ codec: 'pcm_s16le', rate: 44100, channels: 2, bits: 16, container: 'wav', duration: 6 });
    const decoded = decodeSimpleWav(await readFile(wav16File));
    expect({ bits: decoded.bitsPerSample, rate: decoded.sampleRate, channels: decoded.channels }).toEqual({ bits: 16, rate: 44100, channels: 2 });
    expect(decoded.data.length).toBe(6 * 44100 * 2);
    expect(Math.abs((await loudnessOf(wav16File)) - masterLoudness)).toBeLessThan(0.1);

    const wav24 = await fetch(`${base}/api/download/master/${masterId}/2`, { headers: auth(user.id) });
    expect(wav24.headers.get('content-disposition')).toContain('filename="My Song_Pop_Bright_24bit.wav"');
    const wav24Bytes = Buffer.from(await wav24.arrayBuffer());
    expect(wav24Bytes.equals(masterWav)).toBe(true);
    const wav24File = path.join(workDir, 'download24.wav');
    await writeFile(wav24File, wav24Bytes);
    expect(await probe(wav24File)).toEqual({ codec: 'pcm_s24le', rate: 44100, channels: 2, bits: 24, container: 'wav', duration: 6 });

    // The downloads are the finished files next to the master: streamed, never made again here.
    const kept = await platform.storage.stat(renditionKeyOf(key, 1));
    await (await fetch(`${base}/api/download/master/${masterId}/1`, { headers: auth(user.id) })).arrayBuffer();
    expect(await platform.storage.stat(renditionKeyOf(key, 1))).toEqual(kept);
  });

  it('when a master\'s downloads are not made yet, then the web process makes none, puts them in line once and answers that they are being made', async () => {
    const user = await createUser(platform.db);
    const { masterId, key } = await storedMaster(user.id, 2, { renditions: false });
    const ask = (option: number) => fetch(`${base}/api/download/master/${masterId}/${option}`, { headers: auth(user.id) });
    // No checksum recorded: nothing to make them from and check them against.
    expect(await (await ask(0)).json()).toEqual({ statusCode: 404, message: 'binary.s3File.missing' });

    await platform.db.updateTable('masters').set({ checksum: 'c'.repeat(64) }).where('id', '=', masterId).execute();
    for (const option of [0, 1]) {
      const response = await ask(option);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ statusCode: 409, message: 'download.renditionPending', detail: 'queued:1' });
      expect(await platform.storage.size(renditionKeyOf(key, option as 0 | 1))).toBeNull();
    }
    const jobs = await platform.db.selectFrom('jobs').select(['kind', 'payload', 'user_id']).where('idempotency_key', '=', `media.renditions:${key}:${'c'.repeat(64)}`).execute();
    expect(jobs).toEqual([{ kind: 'media.renditions', payload: { masterKey: key }, user_id: user.id }]);
    // Taken by a media process: the answer says it runs.
    expect(await claimMediaJob(platform.contextFor(null), { kinds: ['media.renditions'], leaseMs: 60_000 })).toMatchObject({ userId: user.id });
    expect(await (await ask(0)).json()).toMatchObject({ message: 'download.renditionPending', detail: 'running' });
    expect((await ask(2)).status).toBe(200);
  });

  it('when an owner asks for an option above the one owned, then 403 and no audio; option 0 is always theirs', async () => {
    const user = await createUser(platform.db);
    const { masterId } = await storedMaster(user.id, 0);
    for (const option of [1, 2]) {
      const response = await fetch(`${base}/api/download/master/${masterId}/${option}`, { headers: auth(user.id) });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ statusCode: 403, message: 'download.optionNotPurchased' });
    }
    expect((await fetch(`${base}/api/download/master/${masterId}/0`, { headers: auth(user.id) })).status).toBe(200);
  });

  it('when another user or nobody asks, then 404 or 401 and no audio, whatever the option', async () => {
    const owner = await createUser(platform.db);
    const other = await createUser(platform.db);
    const { masterId } = await storedMaster(owner.id, 2);
    for (const option of [0, 1, 2]) {
      const response = await fetch(`${base}/api/download/master/${masterId}/${option}`, { headers: auth(other.id) });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/json/);
      expect(await response.json()).toMatchObject({ statusCode: 404, message: 'global.error.notFound' });
      expect((await fetch(`${base}/api/download/master/${masterId}/${option}`)).status).toBe(401);
    }
  });

  it('when the master has no stored file, then 404 binary.s3File.missing', async () => {
    const user = await createUser(platform.db);
    const master = await createMaster(platform.db, user.id, { buyingOption: 2 });
    const response = await fetch(`${base}/api/download/master/${master.id}/2`, { headers: auth(user.id) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'binary.s3File.missing' });
    await platform.db.updateTable('masters').set({ path: `masters/${master.id}/gone.wav` }).where('id', '=', master.id).execute();
    expect((await fetch(`${base}/api/download/master/${master.id}/0`, { headers: auth(user.id) })).status).toBe(404);
  });

  it('when file names are built, then style group, style and quality go before the extension', () => {
    expect(downloadFileName('My Song.wav', 'x', 'Pop', 'Bright', 2)).toBe('My Song_Pop_Bright_24bit.wav');
    expect(downloadFileName(null, 'Demo', 'Hip-Hop', 'Punchy', 0)).toBe('Demo_Hip-Hop_Punchy_192kbps.mp3');
    expect(downloadFileName('a/b:c.wav', 'x', 'Pop', 'Warm', 1)).toBe('a_b_c_Pop_Warm_16bit.wav');
  });
});
