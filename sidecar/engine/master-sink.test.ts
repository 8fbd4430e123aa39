import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalSink, createThreadedSink, type MasterSink } from './master-sink.js';
import { musicLike } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';

const dir = testFolder('master-sink-');

/** A stereo signal with a few samples past full scale, so clamping is exercised too. */
const signal = musicLike({ seconds: 4, seed: 5, peakDb: 0.5 });

async function feed(sink: MasterSink, block = 5000) {
  const frames = signal.data.length / 2;
  for (let position = 0; position < frames; position += block) {
    const count = Math.min(block, frames - position);
    await sink.write(signal.data.slice(position * 2, (position + count) * 2), count);
  }
  return sink.finish();
}

describe('the master sink', () => {
  it('when the same audio goes through the threaded and the local sink, then the files and measurements are identical', { timeout: 30_000 }, async () => {
    const frames = signal.data.length / 2;
    const localPath = path.join(dir, 'local.wav');
    const threadedPath = path.join(dir, 'threaded.wav');
    const local = await feed(createLocalSink(localPath, frames, 44100));
    const threaded = await feed(createThreadedSink(threadedPath, frames, 44100));
    const localBytes = readFileSync(localPath);
    expect(localBytes.length).toBe(44 + frames * 2 * 3);
    expect(readFileSync(threadedPath).equals(localBytes)).toBe(true);
    expect(threaded).toEqual(local);
    // Clamped to 24-bit full scale, never wrapped around.
    expect(local.loudness.samplePeakDb).toBeLessThanOrEqual(0);
    expect(local.loudness.samplePeakDb).toBeGreaterThan(-0.01);
  });

  it('when the thread is given up mid-pass, then finish rejects instead of hanging', { timeout: 30_000 }, async () => {
    const sink = createThreadedSink(path.join(dir, 'aborted.wav'), 44100, 44100);
    await sink.write(new Float32Array(2000), 1000);
    await sink.abort();
    await expect(sink.finish()).rejects.toThrow();
  });
});
