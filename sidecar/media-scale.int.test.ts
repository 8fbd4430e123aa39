import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { renditionKeyOf } from '../src/modules/downloads/index.js';
import { createMetrics } from '../src/platform/http/metrics.js';
import { queueDepths } from '../src/platform/queue/job-queue.js';
import { createRandom } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { masterRowOf, MediaClient, type MediaHarness, startMediaHarness } from './testing/media-harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Short, so the surviving process takes the job up within seconds of the kill. */
const LEASE_S = 2;

/**
 * Two media processes sharing one database and one storage ("media processes as
 * workers"): the bounce is a job of the durable queue, taken by whichever process has a slot; its
 * events reach a listener on either process. One process is killed (SIGKILL) in the middle of the
 * bounce: the other takes the job up once the lease has run out, and its listener hears the master.
 */
describe('two media processes, one queue', () => {
  let h: MediaHarness;

  beforeAll(async () => {
    h = await startMediaHarness({ MEDIA_JOB_LEASE_S: String(LEASE_S) });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  it('when a track was prepared on one process, then the other uses its stored preparation (rebuilding the missing work file) and renders the same audio', async () => {
    const owner = await h.createUser('prepared-once@example.com');
    const random = createRandom(5);
    const data = new Float32Array(12 * 44100 * 2);
    for (let i = 0; i < data.length; i++) data[i] = (random() * 2 - 1) * 0.3;
    const track = await h.createTrack(owner.id, encodeWav({ data, sampleRate: 44100, channels: 2 }, { format: 'pcm16' }), { sampleRate: 44100, channels: 2 });
    const style = await h.platform.db.selectFrom('styles').select(['id', 'style_index']).where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow();
    const chunkOf = async (client: MediaClient) => {
      const before = client.frames().length;
      client.send('request-chunks', owner.token, { trackId: track.trackId, styleIndex: style.style_index, styleId: style.id, chunkIndices: [2] });
      await client.until(() => client.frames().length > before, 60_000);
      return Buffer.from(client.frames().at(-1)!.audio);
    };

    const first = await h.connect();
    await first.requestMastering(owner.token, track.trackId, 120_000);
    const heardOnFirst = await chunkOf(first);
    // The other machine has no work file: only the original and the stored preparation.
    await h.platform.storage.remove(`tracks/${track.trackId}/work.f32`);
    await h.platform.storage.remove(`tracks/${track.trackId}/work.json`);

    const other = await h.startMedia();
    const client = await MediaClient.open(other.mediaUrl);
    try {
      await client.requestMastering(owner.token, track.trackId, 120_000);
      // Prepared once, by the first process's job.
      const preparations = await h.platform.db.selectFrom('jobs').select('state').where('idempotency_key', 'like', `media.prepare:${track.trackId}:%`).execute();
      expect(preparations).toEqual([{ state: 'done' }]);
      expect(await h.platform.storage.size(`tracks/${track.trackId}/work.f32`)).toBeGreaterThan(0);
      expect((await chunkOf(client)).equals(heardOnFirst)).toBe(true);
    } finally {
      client.close();
      await other.stop();
    }
  }, 300_000);

  it('when the process doing a bounce is killed, then the other finishes it after the lease, its listener hears the master, the file is whole and no partial file remains', async () => {
    const owner = await h.createUser('two-processes@example.com');
    // Long enough that the bounce is still running while the second process starts.
    const random = createRandom(11);
    const seconds = 180;
    const data = new Float32Array(seconds * 44100 * 2);
    for (let i = 0, a = 0; i < data.length; i++) {
      a = 0.97 * a + 0.03 * (random() * 2 - 1);
      data[i] = a * 0.5 + (random() - 0.5) * 0.1;
    }
    const track = await h.createTrack(owner.id, encodeWav({ data, sampleRate: 44100, channels: 2 }, { format: 'pcm16' }), { sampleRate: 44100, channels: 2 });
    const style = await h.platform.db.selectFrom('styles').select('id').where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow();

    // The bounce starts on the first process (the only one yet: the job is surely its own).
    const first = await h.connect();
    await first.requestMastering(owner.token, track.trackId, 240_000);
    first.send('end-mastering', owner.token, { trackId: track.trackId, styleId: style.id });
    await first.until(() => first.json('bounce-progress').find((m) => Number(m.payload.progressInPercent) > 0), 120_000);
    const job = await h.platform.db.selectFrom('jobs').select(['id', 'state', 'attempts']).where('kind', '=', 'media.bounce').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'running', attempts: 1 });
    // The queue's gauges count media jobs like any other kind.
    const metrics = await createMetrics({ queueDepths: () => queueDepths(h.platform.db) }).registry.metrics();
    expect(metrics).toContain('job_queue_running{kind="media.bounce"} 1');

    // A listener on the second process asks for the same bounce: it joins the running job.
    const second = await h.startMedia();
    const listener = await MediaClient.open(second.mediaUrl);
    try {
      listener.send('end-mastering', owner.token, { trackId: track.trackId, styleId: style.id });
      await listener.until(() => listener.json('bounce-progress').length > 0, 30_000);
      const stillRunning = await h.platform.db.selectFrom('jobs').select(['state', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(stillRunning).toMatchObject({ state: 'running', attempts: 1 });

      const killedAt = performance.now();
      h.media.child.kill('SIGKILL');
      await first.until(() => first.ws.readyState === first.ws.CLOSED, 10_000);

      const done = await listener.until(() => listener.json('bounce-progress').find((m) => m.payload.processed === true) ?? listener.json('error-message')[0], 240_000);
      expect(done.payload).toMatchObject({ processed: true, styleId: style.id, progressInPercent: 100 });
      const heardAt = listener.received.find((r) => r.kind === 'json' && r.message.event === 'bounce-progress' && r.message.payload.processed === true)!.at;
      console.log(`kill to "mastered" on the other process: ${((heardAt - killedAt) / 1000).toFixed(1)} s (lease ${LEASE_S} s, a whole bounce of ${seconds} s of audio)`);
      // Done once, by the second process's try.
      const finished = await h.platform.db.selectFrom('jobs').select(['state', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(finished).toEqual({ state: 'done', attempts: 2 });
      const master = await masterRowOf(h.platform.db, track.trackId, style.id, ['id', 'status', 'path', 'checksum', 'failed_mastering_attempts']);
      expect(master).toMatchObject({ id: done.payload.masterId, status: 'MASTERED', failed_mastering_attempts: 0 });

      // The file is whole: the checksum the bounce recorded, every frame of the track at 24 bits.
      const stored = await buffer(h.platform.storage.read(master.path!));
      expect(createHash('sha256').update(stored).digest('hex')).toBe(master.checksum);
      expect(stored.readUInt16LE(34)).toBe(24);
      expect(stored.length).toBeGreaterThanOrEqual(seconds * 44100 * 2 * 3);
      // The downloads follow the master as a chained job (a 3-minute MP3 on a loaded machine takes its time).
      const downloads = () => Promise.all([0, 1].map((option) => h.platform.storage.size(renditionKeyOf(master.path!, option as 0 | 1))));
      await expect.poll(downloads, { timeout: 240_000, interval: 200 }).toEqual([expect.any(Number), expect.any(Number)]);

      // Nothing half-written remains: the dead process's files went when the job was taken up again.
      const partial = async () => (await h.platform.storage.list(`tracks/${track.trackId}`)).filter((key) => key.includes('.part'));
      const clean = Date.now() + 10_000;
      while ((await partial()).length > 0 && Date.now() < clean) await sleep(100);
      expect(await partial()).toEqual([]);
    } finally {
      listener.close();
    }
  }, 600_000);
});
