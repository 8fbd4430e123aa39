import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { startMediaHarness, type MediaClient, type MediaHarness } from './testing/media-harness.js';

function noiseWav(seconds: number, seed: number): Buffer {
  const random = createRandom(seed);
  const data = new Float32Array(Math.round(seconds * 44100) * 2);
  let a = 0;
  for (let i = 0; i < data.length; i++) {
    a = 0.97 * a + 0.03 * (random() * 2 - 1);
    data[i] = a * 0.4 + (random() - 0.5) * 0.1;
  }
  return encodeWav({ data, sampleRate: 44100, channels: 2 }, { format: 'pcm16' });
}

/** Files the process keeps open although they were deleted, under `dir`. */
const deletedOpenFiles = (pid: number, dir: string) =>
  readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      return target.startsWith(dir) && target.endsWith('(deleted)') ? [target] : [];
    } catch {
      return [];
    }
  });

/** ffmpeg processes whose parent is `pid`. */
const ffmpegChildrenOf = (pid: number) =>
  readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so split after its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === pid && comm.startsWith('ffmpeg');
    } catch {
      return false;
    }
  }).length;

const threadsOf = (pid: number) => Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/**
 * The media process under load from several users: two CPU slots (MEDIA_JOB_SLOTS=2), one
 * preparation per user at a time, the rest waiting in the job queue, whose place each client is told.
 */
describe('media process job limits (MEDIA_JOB_SLOTS=2)', () => {
  let h: MediaHarness;

  beforeAll(async () => {
    h = await startMediaHarness({ MEDIA_JOB_SLOTS: '2' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('when an unknown HTTP path is asked for, then 404', async () => {
    const response = await fetch(`http://127.0.0.1:${h.media.ports.media}/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'global.error.notFound' });
  });

  it('when three users ask for four preparations, then two run at once, one per user, and the queue is fair and told', async () => {
    const users = { a: await h.createUser(`a-${randomUUID()}@example.com`), b: await h.createUser(`b-${randomUUID()}@example.com`), c: await h.createUser(`c-${randomUUID()}@example.com`) };
    const tracks = {
      a1: await h.createTrack(users.a.id, noiseWav(8, 1), { sampleRate: 44100, channels: 2 }),
      a2: await h.createTrack(users.a.id, noiseWav(8, 2), { sampleRate: 44100, channels: 2 }),
      b1: await h.createTrack(users.b.id, noiseWav(8, 3), { sampleRate: 44100, channels: 2 }),
      c1: await h.createTrack(users.c.id, noiseWav(8, 4), { sampleRate: 44100, channels: 2 }),
    };
    const owners = { a1: users.a, a2: users.a, b1: users.b, c1: users.c };
    const clients = {} as Record<keyof typeof tracks, MediaClient>;
    const baseline = threadsOf(h.media.child.pid!);
    let peak = baseline;
    // Decoded first (a play of the original): decodes take CPU slots too, and this test is about preparations.
    for (const name of ['a1', 'a2', 'b1', 'c1'] as const) {
      const player = await h.connect();
      player.send('request-chunks', owners[name].token, { trackId: tracks[name].trackId, styleIndex: -1, chunkIndices: [0] });
      await player.until(() => player.frames().length >= 1, 60_000);
      player.close();
    }
    const sampler = setInterval(() => (peak = Math.max(peak, threadsOf(h.media.child.pid!))), 20);
    try {
      for (const name of ['a1', 'a2', 'b1', 'c1'] as const) {
        clients[name] = await h.connect();
        clients[name].send('request-mastering', owners[name].token, { trackId: tracks[name].trackId });
        // Each request is in line before the next is sent, so the order of arrival is known.
        await clients[name].until(() => clients[name].json('prepare-mastering').length > 0, 60_000);
      }
      await Promise.all(
        Object.values(clients).map((client) => client.prepared(180_000)),
      );
    } finally {
      clearInterval(sampler);
    }

    /** When a preparation really ran: its first engine progress to its end. */
    const spanOf = (name: keyof typeof tracks) => {
      const messages: Array<Record<string, unknown> & { at: number }> = clients[name].received.flatMap((r) =>
        r.kind === 'json' && r.message.event === 'prepare-mastering' ? [{ ...r.message.payload, at: r.at }] : [],
      );
      const started = messages.find((m) => m.queuePosition === undefined && (m.stage !== 'preparing' || Number(m.progressInPercent) > 0));
      const ended = messages.find((m) => m.processed === true);
      return { start: started?.at ?? Infinity, end: ended?.at ?? -Infinity, positions: messages.flatMap((m) => (typeof m.queuePosition === 'number' ? [m.queuePosition] : [])) };
    };
    const spans = { a1: spanOf('a1'), a2: spanOf('a2'), b1: spanOf('b1'), c1: spanOf('c1') };
    for (const client of Object.values(clients)) expect(client.json('error-message')).toEqual([]);

    // a2 waited for a1 (one preparation per user) and c1 for a free slot; both were told their place.
    expect(spans.a2.positions.length).toBeGreaterThan(0);
    expect(spans.c1.positions.length).toBeGreaterThan(0);
    expect(spans.a2.start).toBeGreaterThanOrEqual(spans.a1.end - 50);
    // Never more than two at once.
    const all = Object.values(spans);
    for (const span of all) {
      const overlapping = all.filter((other) => other.start < span.start && other.end > span.start + 50).length;
      expect(overlapping).toBeLessThanOrEqual(1);
    }
    // Round robin: c1 (user C's first) ran before a2 (user A's second), though a2 asked first.
    expect(spans.c1.start).toBeLessThan(spans.a2.start);
    // A pool of two job workers (each with its engine's helper thread), not a thread per job: two
    // workers with their V8 threads add 8; libuv's pool may start a thread or two during the jobs
    // (it starts lazily). A thread per job added about 60 for four tracks and fifteen bounces.
    console.log(`media threads: ${baseline} idle, ${peak} at peak`);
    expect(peak - baseline).toBeLessThanOrEqual(10);
  }, 240_000);

  it('when five users play five new tracks at once, then their decodes wait for the two CPU slots', async () => {
    const listeners = await Promise.all([0, 1, 2, 3, 4].map((i) => h.createUser(`decoder${i}@example.com`)));
    const tracks = await Promise.all(listeners.map((user, i) => h.createTrack(user.id, noiseWav(40, 20 + i), { sampleRate: 44100, channels: 2 })));
    const clients = await Promise.all(listeners.map(() => h.connect()));
    const pid = h.media.child.pid!;
    let peak = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, ffmpegChildrenOf(pid));
      samples += 1;
    }, 3);
    try {
      clients.forEach((client, i) => client.send('request-chunks', listeners[i]!.token, { trackId: tracks[i]!.trackId, styleIndex: -1, chunkIndices: [0] }));
      await Promise.all(clients.map((client) => client.until(() => client.frames().length >= 1 || client.json('error-message')[0], 120_000)));
    } finally {
      clearInterval(sampler);
    }
    for (const client of clients) expect(client.json('error-message')).toEqual([]);
    console.log(`concurrent ffmpeg decodes: ${peak} at most (${samples} samples)`);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
  }, 180_000);

  it("when a track's files are deleted (the track was removed), then the media process closes them within seconds", async () => {
    const user = await h.createUser(`remover-${randomUUID()}@example.com`);
    const track = await h.createTrack(user.id, noiseWav(3, 9), { sampleRate: 44100, channels: 2 });
    const client = await h.connect();
    client.send('request-chunks', user.token, { trackId: track.trackId, styleIndex: -1, chunkIndices: [0, 1] });
    await client.until(() => client.frames().length >= 2, 60_000);
    const dataDir = path.resolve(h.platform.dataDir);
    rmSync(path.join(dataDir, 'storage', 'tracks', track.trackId), { recursive: true, force: true });
    expect(deletedOpenFiles(h.media.child.pid!, dataDir).length).toBeGreaterThan(0);
    const deadline = Date.now() + 15_000;
    while (deletedOpenFiles(h.media.child.pid!, dataDir).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(deletedOpenFiles(h.media.child.pid!, dataDir)).toEqual([]);
  }, 60_000);
});
