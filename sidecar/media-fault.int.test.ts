import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInternalApp } from '../src/internal/internal-app.js';
import { superviseMedia } from '../src/media-supervisor.js';
import { signAccessToken } from '../src/platform/access-token.js';
import { createLogger } from '../src/platform/log.js';
import { freePort } from '../src/test/product-process.js';
import { createTestPlatform, type TestPlatform } from '../src/test/test-platform.js';
import { createRandom } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { masterRowOf, MediaClient } from './testing/media-harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Short, so the test does not wait the default 30 s for a dead process's lease to run out. */
const LEASE_S = 2;

/** Processes whose command line names `needle` (ffmpeg runs with the storage paths as arguments). */
function processesNaming(needle: string): { pid: number; ppid: number; comm: string }[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes(needle)) return [];
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return [{ pid: Number(entry), ppid, comm }];
    } catch {
      return [];
    }
  });
}
const ffmpegsNaming = (needle: string) => processesNaming(needle).filter((p) => p.comm.startsWith('ffmpeg'));

/**
 * The media process killed (SIGKILL, as the OOM killer does) in the middle of a bounce, under the
 * web process's real supervisor: the bounce is a job of the durable queue, so the restarted process
 * takes it up again once the dead one's lease has run out and sweeps the dead one's half-written
 * files (named with that lease); the client asks again after the restart (as the SPA does on
 * reconnect) and hears the master; no half-written master and no orphaned ffmpeg remain.
 */
describe('media process killed mid-bounce', () => {
  let platform: TestPlatform;
  let internal: Server;
  let supervisor: ReturnType<typeof superviseMedia>;
  let mediaUrl: string;
  let healthUrl: string;

  beforeAll(async () => {
    platform = await createTestPlatform();
    internal = await new Promise((resolve) => {
      const server = createInternalApp(platform).listen(0, '127.0.0.1', () => resolve(server));
    });
    const mediaPort = await freePort();
    mediaUrl = `ws://127.0.0.1:${mediaPort}/ws`;
    healthUrl = `http://127.0.0.1:${mediaPort}/healthz`;
    supervisor = superviseMedia(
      {
        ...process.env,
        MEDIA_PORT: String(mediaPort),
        INTERNAL_PORT: String((internal.address() as AddressInfo).port),
        DATA_DIR: platform.dataDir,
        LOG_LEVEL: 'error',
        MEDIA_JOB_LEASE_S: String(LEASE_S),
        JWT_SECRET: platform.secrets.jwtSecret,
        INTERNAL_SECRET: platform.secrets.internalSecret,
      },
      createLogger('silent', 'test'),
    );
  }, 60_000);
  afterAll(async () => {
    await supervisor?.stop();
    await new Promise((resolve) => internal?.close(resolve));
    await platform?.close();
  });

  /** Waits for a media process other than `previous` to answer its health check. */
  async function mediaUp(previous: number | null = null): Promise<number> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const pid = supervisor.pid;
      if (pid && pid !== previous) {
        const ok = await fetch(healthUrl).then((r) => r.ok, () => false);
        if (ok) return pid;
      }
      await sleep(100);
    }
    throw new Error('media process did not come up');
  }

  it('when the media process is killed during the bounce and during its downloads, then the job is retried and finishes, with no half-written master and no orphaned ffmpeg', async () => {
    let pid = await mediaUp();
    const user = await platform.db.insertInto('users').values({ email: 'fault@example.com', password_hash: 'x', email_confirmed_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    const token = signAccessToken(platform.secrets.jwtSecret, user.id).token;
    const random = createRandom(7);
    const data = new Float32Array(40 * 44100 * 2);
    for (let i = 0, a = 0; i < data.length; i++) {
      a = 0.97 * a + 0.03 * (random() * 2 - 1);
      data[i] = a * 0.5 + (random() - 0.5) * 0.1;
    }
    const wav = encodeWav({ data, sampleRate: 44100, channels: 2 }, { format: 'pcm16' });
    const trackId = randomUUID();
    const key = `tracks/${trackId}/original.wav`;
    await platform.storage.write(key, Readable.from([wav]));
    await platform.db
      .insertInto('tracks')
      .values({ id: trackId, user_id: user.id, name: 'Fault', path: key, file_name: 'fault.wav', sample_rate: 44100, channels: 2, bits_per_sample: 16, sample_format: 'int', byte_length: wav.length, data_offset: 44, data_bytes: wav.length - 44 })
      .execute();
    await platform.db.insertInto('masters').values({ track_id: trackId, user_id: user.id }).execute();
    const style = await platform.db.selectFrom('styles').select('id').where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow();
    const mastersDir = path.join(platform.dataDir, 'storage', 'tracks', trackId, 'masters');
    const filesInMasters = () => readdir(mastersDir).catch(() => [] as string[]);

    let client = await MediaClient.open(mediaUrl);
    await client.requestMastering(token, trackId, 180_000);

    // 1. Killed while the engine writes the master: a half-written file is on disk.
    client.send('end-mastering', token, { trackId, styleId: style.id });
    await client.until(() => client.json('bounce-progress').find((m) => Number(m.payload.progressInPercent) >= 5), 180_000);
    const writing = Date.now() + 20_000;
    while (!(await filesInMasters()).some((name) => name.includes('.part')) && Date.now() < writing) await sleep(5);
    const halfWritten = (await filesInMasters()).filter((name) => name.includes('.part'));
    expect(halfWritten.length).toBeGreaterThan(0);
    expect(halfWritten.every((name) => /\.lease-[0-9a-f-]{36}\./.test(name))).toBe(true);
    process.kill(pid, 'SIGKILL');
    await client.until(() => client.ws.readyState === client.ws.CLOSED, 10_000);
    pid = await mediaUp(pid);
    // The new process removes the dead one's half-written master once its lease has run out
    // (and meanwhile takes the job up again, writing under its own lease's name).
    const swept = Date.now() + 4 * LEASE_S * 1000 + 10_000;
    while ((await filesInMasters()).some((name) => halfWritten.includes(name)) && Date.now() < swept) await sleep(50);
    expect((await filesInMasters()).filter((name) => halfWritten.includes(name))).toEqual([]);

    // 2. Killed while ffmpeg encodes the MP3 download of the job it took up: its ffmpeg must not outlive it.
    const deadline = Date.now() + 180_000;
    let orphans: ReturnType<typeof ffmpegsNaming> = [];
    while (Date.now() < deadline) {
      orphans = ffmpegsNaming(trackId).filter((p) => p.ppid === pid);
      if (orphans.length > 0) break;
      await sleep(3);
    }
    expect(orphans.length).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await sleep(1000);
    expect(ffmpegsNaming(trackId)).toEqual([]);
    pid = await mediaUp(pid);

    // 3. Asked again after the restart (the SPA's reconnect): the bounce finishes.
    client = await MediaClient.open(mediaUrl);
    client.send('end-mastering', token, { trackId, styleId: style.id });
    const done = await client.until(() => client.json('bounce-progress').find((m) => m.payload.processed === true) ?? client.json('error-message')[0], 180_000);
    expect(done.payload).toMatchObject({ processed: true, styleId: style.id });
    const master = await masterRowOf(platform.db, trackId, style.id, ['id', 'status', 'failed_mastering_attempts', 'file_bytes']);
    // The kills were not the job's failures: no attempt was counted.
    expect(master).toMatchObject({ id: done.payload.masterId, status: 'MASTERED', failed_mastering_attempts: 0 });
    // The second dead process's half-written downloads go with its lease too (the sweep after start).
    const clean = Date.now() + 4 * LEASE_S * 1000 + 10_000;
    // (the downloads follow the master as a chained job: waited for too)
    while (((await filesInMasters()).some((name) => name.includes('.part')) || (await filesInMasters()).length < 3) && Date.now() < clean) await sleep(50);
    const files = await filesInMasters();
    expect(files.filter((name) => name.includes('.part'))).toEqual([]);
    expect(files.sort()).toEqual([`style-${style.id}.16bit.wav`, `style-${style.id}.192kbps.mp3`, `style-${style.id}.wav`]);
    expect(ffmpegsNaming(trackId)).toEqual([]);
    client.close();
  }, 600_000);
});
