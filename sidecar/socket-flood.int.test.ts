import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { startMediaHarness, type MediaHarness } from './testing/media-harness.js';

function noiseWav(seconds: number, seed: number): Buffer {
  const random = createRandom(seed);
  const data = new Float32Array(Math.round(seconds * 44100) * 2);
  for (let i = 0; i < data.length; i++) data[i] = (random() - 0.5) * 0.5;
  return encodeWav({ data, sampleRate: 44100, channels: 2 }, { format: 'pcm16' });
}

/** One user floods the socket; another user's request must not wait behind the flood. */
describe('socket floods', () => {
  let h: MediaHarness;

  beforeAll(async () => {
    h = await startMediaHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("when one client sends 5,000 request-chunks, then it is refused with a translated key and another user's meta is not delayed", async () => {
    const attacker = await h.createUser('flood@example.com');
    const victim = await h.createUser('victim@example.com');
    const floodTrack = await h.createTrack(attacker.id, noiseWav(20, 1), { sampleRate: 44100, channels: 2 });
    const victimTrack = await h.createTrack(victim.id, noiseWav(4, 2), { sampleRate: 44100, channels: 2 });

    const flood = await h.connect();
    for (let i = 0; i < 5000; i++) {
      flood.send('request-chunks', attacker.token, { trackId: floodTrack.trackId, styleIndex: -1, chunkIndices: [i % 20] });
    }
    const other = await h.connect();
    const started = performance.now();
    other.send('request-meta', victim.token, { trackId: victimTrack.trackId });
    await other.until(() => other.json('meta')[0] ?? other.json('error-message')[0], 20_000);
    const latencyMs = performance.now() - started;
    console.log(`victim's meta during the flood: ${latencyMs.toFixed(0)} ms`);
    expect(other.json('error-message')).toEqual([]);
    expect(latencyMs).toBeLessThan(1000);

    await flood.until(() => flood.json('error-message').find((m) => m.payload.code === 'global.error.tooManyRequests'), 10_000);
    // Far fewer answers than requests: the flood was dropped, not queued.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(flood.frames().length).toBeLessThan(500);

    // Once the flooding client leaves, nothing of its flood keeps the process busy.
    flood.close();
    const after = await h.connect();
    const again = performance.now();
    after.send('request-meta', victim.token, { trackId: victimTrack.trackId });
    await after.until(() => after.json('meta')[0], 20_000);
    expect(performance.now() - again).toBeLessThan(1000);
  }, 60_000);

  it("when one user floods rendered chunks from twenty connections, then another user's chunk is made in the next turn, not behind the flood", async () => {
    const flooder = await h.createUser('renders@example.com');
    const other = await h.createUser('listener@example.com');
    const floodTrack = await h.createTrack(flooder.id, noiseWav(60, 3), { sampleRate: 44100, channels: 2 });
    const otherTrack = await h.createTrack(other.id, noiseWav(10, 4), { sampleRate: 44100, channels: 2 });
    const style = await h.platform.db.selectFrom('styles').select(['id', 'style_index']).where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow();
    for (const [user, track] of [[flooder, floodTrack], [other, otherTrack]] as const) {
      const client = await h.connect();
      await client.requestMastering(user.token, track.trackId, 180_000);
      client.close();
    }
    const floods = await Promise.all(Array.from({ length: 20 }, () => h.connect()));
    const victim = await h.connect();
    // Each connection asks for three chunks nobody else asks for: sixty live renders in all.
    floods.forEach((client, i) =>
      client.send('request-chunks', flooder.token, { trackId: floodTrack.trackId, styleIndex: style.style_index, styleId: style.id, chunkIndices: [i * 3, i * 3 + 1, i * 3 + 2] }),
    );
    await Promise.all(floods.map((client) => client.until(() => client.frames().length >= 1 || client.json('error-message')[0], 60_000).catch(() => undefined)).slice(0, 1));
    const sentAt = performance.now();
    victim.send('request-chunks', other.token, { trackId: otherTrack.trackId, styleIndex: style.style_index, styleId: style.id, chunkIndices: [5] });
    await victim.until(() => victim.frames().length >= 1 || victim.json('error-message')[0], 60_000);
    const arrivedAt = victim.received.find((r) => r.kind === 'frame')!.at;
    const floodFramesBetween = floods.flatMap((client) => client.received).filter((r) => r.kind === 'frame' && r.at > sentAt && r.at < arrivedAt).length;
    const floodFrames = floods.reduce((sum, client) => sum + client.frames().length, 0);
    console.log(`other user's rendered chunk: ${(arrivedAt - sentAt).toFixed(0)} ms; ${floodFramesBetween} of the flood's chunks were made meanwhile (${floodFrames} so far)`);
    expect(victim.json('error-message')).toEqual([]);
    // Round robin over users: at most the chunk in the worker and one more of the flooder's go first.
    expect(floodFramesBetween).toBeLessThanOrEqual(3);
    for (const client of floods) client.close();
  }, 300_000);
});
