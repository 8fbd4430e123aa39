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
});
