import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterFile, type MasterReport } from '../engine/index.js';
import { seededEngineStyles } from '../engine/testing/seed-styles.js';
import { clipped, musicLike, normalizePeak } from '../engine/testing/signals.js';
import { writeWavFile } from '../engine/testing/wav-writer.js';
import { FfmpegError } from '../ffmpeg/ffmpeg-run.js';
import { codecRoundTrip } from './codec-round-trip.js';

/**
 * The round trip itself, outside the product: a master of a loud, clipped mix through AAC and Opus
 * and back, measured by the engine's meter as the master was; and its temporary files gone however
 * it ends. The job around it (queue, lease, storage) is in sidecar/media-codecs.int.test.ts.
 */
describe('a master through the stores codecs and back', { timeout: 120_000 }, () => {
  let dir: string;
  let temp: string;
  let master: string;
  let report: MasterReport;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'codec-round-trip-'));
    temp = path.join(dir, 'temp');
    await mkdir(temp);
    // 4 dB over full scale, then clipped just under it: the flat-topped, dense mix that makes a limiter work hardest.
    const mix = path.join(dir, 'mix.wav');
    writeWavFile(mix, clipped(normalizePeak(musicLike({ seconds: 8, seed: 5 }), 4), -0.1), { format: 'pcm24' });
    master = path.join(dir, 'master.wav');
    report = await masterFile(mix, seededEngineStyles().find((style) => style.id === 5)!, master);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('when a limited master is encoded as AAC 256 and Opus 160 and decoded, then both decoded true peaks are measured at or above the master s and near it, the loudness kept', async () => {
    const codecs = await codecRoundTrip(master, path.join(temp, 'master'));
    console.info(`master ${report.lufs} LUFS, ${report.truePeak} dBTP; decoded ${codecs.map((c) => `${c.codec} ${c.truePeakDb} dBTP ${c.lufs} LUFS`).join(', ')}`);
    expect(codecs.map((c) => [c.codec, c.bitrateKbps])).toEqual([
      ['aac', 256],
      ['opus', 160],
    ]);
    for (const codec of codecs) {
      // The codecs ring around the limiter's flat peaks: never lower than the master, by a few dB at most.
      expect(codec.truePeakDb!).toBeGreaterThanOrEqual(report.truePeak! - 0.1);
      expect(codec.truePeakDb!).toBeLessThan(report.truePeak! + 3);
      expect(Math.abs(codec.lufs! - report.lufs!)).toBeLessThan(0.5);
    }
    // Opus at 160 kb/s rings more than AAC at 256 kb/s on such material: strictly over the master.
    expect(codecs[1]!.truePeakDb!).toBeGreaterThan(report.truePeak!);
    expect(await readdir(temp)).toEqual([]);
  });

  it('when the round trip is aborted while an encoder runs, then it rejects as aborted and leaves no file behind', async () => {
    const controller = new AbortController();
    const running = codecRoundTrip(master, path.join(temp, 'aborted'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toMatchObject({ reason: 'aborted' });
    expect(await readdir(temp)).toEqual([]);
  });

  it('when the master cannot be decoded, then it rejects with the ffmpeg failure and leaves no file behind', async () => {
    const broken = path.join(dir, 'broken.wav');
    await writeFile(broken, 'RIFF but not audio');
    await expect(codecRoundTrip(broken, path.join(temp, 'broken'))).rejects.toBeInstanceOf(FfmpegError);
    expect(await readdir(temp)).toEqual([]);
  });

  it('when the decoded file fails to be measured, then the encoded and decoded files are gone all the same', async () => {
    await expect(codecRoundTrip(master, path.join(temp, 'unmeasured'), { measure: () => Promise.reject(new Error('meter failed')) })).rejects.toThrow('meter failed');
    expect(await readdir(temp)).toEqual([]);
  });
});
