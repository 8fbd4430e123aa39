import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalWav } from '../../test/release-factories.js';
import { measureWavFile } from './audio-facts.js';
import { wavHeader } from '../../audio-core/wav-header.js';

describe('audio facts of a delivered file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'audio-facts-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const measure = async (bytes: Buffer) => {
    const file = path.join(dir, `${Math.random()}.wav`);
    await writeFile(file, bytes);
    return measureWavFile(file);
  };

  it('when a quarter-rate sine peaks between its samples, then the true peak is found there, 3 dB above the sample peak', async () => {
    const frames = 44_100;
    const data = Buffer.alloc(frames * 2 * 4);
    for (let f = 0; f < frames; f++) {
      const x = 0.9 * Math.sin((Math.PI / 2) * f + Math.PI / 4);
      data.writeFloatLE(x, 8 * f);
      data.writeFloatLE(x, 8 * f + 4);
    }
    const facts = await measure(Buffer.concat([wavHeader({ sampleRate: 44_100, channels: 2, format: 'float32', frames }), data]));
    expect(facts.samplePeakDb).toBeCloseTo(20 * Math.log10(0.9 * Math.SQRT1_2), 1);
    // Annex 2's 4x interpolation reads a little under the continuous peak of 0.9 (-0.92 dB).
    expect(facts.truePeakDb).toBeGreaterThan(-1.3);
    expect(facts.truePeakDb).toBeLessThan(-0.8);
    expect(facts).toMatchObject({ sampleRate: 44_100, bitsPerSample: 32, sampleFormat: 'float', channels: 2, frames, durationS: 1, clippedRuns: 0 });
  });

  it('when 3 or more samples in a row sit at full scale, then each run counts as a clip, per channel', async () => {
    const clipped = await measure(signalWav({ bits: 16, clipFrames: 50, seconds: 0.5 }));
    expect(clipped.clippedRuns).toBe(2);
    expect(clipped.samplePeakDb).toBeCloseTo(0, 1);
    const clean = await measure(signalWav({ bits: 24, amplitude: 0.5, seconds: 0.5, channels: 1, sampleRate: 48_000 }));
    expect(clean).toMatchObject({ clippedRuns: 0, channels: 1, sampleRate: 48_000, bitsPerSample: 24 });
    expect(clean.truePeakDb).toBeCloseTo(-6.02, 1);
  });
});
