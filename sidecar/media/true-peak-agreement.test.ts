import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoudnessMeter, feedMeter, toDb } from '../engine/meter/loudness-meter.js';
import { wavHeader } from '../../src/audio-core/wav-header.js';
import { measureWavFile } from '../../src/modules/audio/index.js';

/**
 * The web process measures true peak for the release check from a stored file (src/modules/audio),
 * the engine from the samples it renders; both use the audio core's filter. This holds the two
 * readings to the same answers on signals with known inter-sample peaks.
 */
describe('true peak: the release check and the mastering engine agree', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'true-peak-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const signals: [string, (frame: number) => number][] = [
    // fs/4 at 45 degrees: every sample at 0.707 of the peak, the true peak between them.
    ['a quarter-rate sine between its samples', (f) => 0.9 * Math.sin((Math.PI / 2) * f + Math.PI / 4)],
    ['a 997 Hz sine', (f) => 0.8 * Math.sin((2 * Math.PI * 997 * f) / 44_100)],
    ['noise', (f) => 0.6 * Math.sin(f * 12.9898) * Math.cos(f * 78.233)],
  ];

  it.each(signals)('when the signal is %s, then both meters read the same true peak', async (_, signal) => {
    const frames = 44_100;
    const interleaved = new Float32Array(frames * 2);
    for (let f = 0; f < frames; f++) {
      interleaved[2 * f] = signal(f);
      interleaved[2 * f + 1] = signal(f) * 0.5;
    }
    const file = path.join(dir, 'signal.wav');
    await writeFile(file, Buffer.concat([wavHeader({ sampleRate: 44_100, channels: 2, format: 'float32', frames }), Buffer.from(interleaved.buffer)]));
    const meter = createLoudnessMeter(44_100, 2);
    feedMeter(meter, interleaved, frames);
    const web = await measureWavFile(file);
    expect(web.truePeakDb).toBeCloseTo(toDb(meter.truePeak), 1);
    expect(web.samplePeakDb).toBeCloseTo(toDb(meter.samplePeak), 1);
  });
});
