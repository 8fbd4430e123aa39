import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEngineStyles } from '../../src/modules/catalogue/index.js';
import { createTestDatabase, type TestDatabase } from '../../src/test/test-database.js';
import { ebur128Args } from '../ffmpeg/ffmpeg-args.js';
import { parseEbur128Summary, runFfmpeg } from '../ffmpeg/ffmpeg-run.js';
import { measureLoudness } from './meter/loudness-meter.js';
import { masterCliFailure, runMasterCli } from './testing/master-cli.js';
import { seededEngineStyles } from './testing/seed-styles.js';
import { musicLike, noise, normalizePeak } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { decodeSimpleWav, writeWavFile } from './testing/wav-writer.js';

/**
 * ffmpeg's ebur128 integrated loudness to three decimals (its summary prints one): the filter's
 * running value per frame goes to a file, and the last one is the whole file's.
 */
async function ffmpegIntegratedLufs(file: string): Promise<number> {
  const log = `${file}.r128.txt`;
  await runFfmpeg(['-hide_banner', '-nostats', '-i', file, '-af', `ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=${log}`, '-f', 'null', '-']);
  const values = [...readFileSync(log, 'utf8').matchAll(/lavfi\.r128\.I=(-?[\d.]+)/g)];
  if (values.length === 0) throw new Error(`no ebur128 values for ${file}`);
  return Number(values.at(-1)![1]);
}

const dir = testFolder('engine-int-');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

describe('meter cross-checked with ffmpeg ebur128', () => {
  it.each([
    // Full-band white noise: ffmpeg's true peak (its own resampler) and the Annex 2 FIR differ by
    // up to ~0.8 dB near Nyquist, so only loudness is compared there.
    ['music-like, seed 1', () => musicLike({ seconds: 20, seed: 1, peakDb: -1 }), 0.3],
    ['music-like, seed 2, quiet', () => musicLike({ seconds: 20, seed: 2, peakDb: -12 }), 0.3],
    ['music-like, 48 kHz', () => musicLike({ seconds: 15, seed: 3, sampleRate: 48000, peakDb: -3 }), 0.3],
    ['noise at 48 kHz', () => normalizePeak(noise(10, -6, 4, 48000), -6), Infinity],
  ] as const)('when %s is measured by both, then integrated loudness agrees within 0.1 LU', async (name, make, truePeakTolerance) => {
    const signal = make();
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.wav`);
    writeWavFile(file, signal, { format: 'float32' });
    const { stderrTail } = await runFfmpeg(ebur128Args(file));
    const theirs = parseEbur128Summary(stderrTail);
    const ours = measureLoudness(signal.data, signal.sampleRate, signal.channels);
    expect(Math.abs(ours.integratedLufs - (await ffmpegIntegratedLufs(file)))).toBeLessThanOrEqual(0.1);
    expect(Math.abs(ours.lra - theirs.lra)).toBeLessThanOrEqual(1);
    expect(Math.abs(ours.truePeakDb - theirs.truePeakDbtp)).toBeLessThanOrEqual(truePeakTolerance);
  });
});

describe('engine styles from the product database', () => {
  it('when the catalogue is read through the service, then it equals the seed the unit tests parse', async () => {
    const fromDb = await listEngineStyles({ db: database.db }, { enabledOnly: true });
    const seeded = seededEngineStyles();
    expect(fromDb.map((s) => [s.groupName, s.name, s.styleIndex, s.processing])).toEqual(seeded.map((s) => [s.groupName, s.name, s.styleIndex, s.processing]));
  });
});

describe('npm run master', () => {
  it('when a WAV is mastered from the command line, then one JSON object meets the quality bar and ebur128 agrees', async () => {
    const input = path.join(dir, 'cli-in.wav');
    const output = path.join(dir, 'cli-out.wav');
    writeWavFile(input, musicLike({ seconds: 10, seed: 9, peakDb: -1 }), { format: 'pcm24' });
    const { stdout } = await runMasterCli([input, '--style', 'Rock/Modern', '--out', output, '--json'], path.join(dir, 'data'));
    const result = JSON.parse(stdout.trim()) as Record<string, number | string>;
    expect(result.style).toBe('Rock/Modern');
    expect(result.targetLufs).toBe(-9.5);
    expect(typeof result.heldBackLu).toBe('number');
    expect(Math.abs((result.lufs as number) - (-9.5 - (result.heldBackLu as number)))).toBeLessThanOrEqual(0.5);
    expect(result.truePeak as number).toBeLessThanOrEqual(-1);
    expect(result.durationS).toBe(10);
    expect(typeof result.wallS).toBe('number');
    const theirs = parseEbur128Summary((await runFfmpeg(ebur128Args(output))).stderrTail);
    expect(Math.abs((result.lufs as number) - (await ffmpegIntegratedLufs(output)))).toBeLessThanOrEqual(0.1);
    expect(theirs.truePeakDbtp).toBeLessThanOrEqual(-1);
  });

  it('when every enabled style is mastered from the command line, then ffmpeg finds each within 0.5 LU of its target less heldBackLu, at or below -1 dBTP, unclipped and sample-exact', async () => {
    const input = path.join(dir, 'cli-every-style.wav');
    const signal = musicLike({ seconds: 8, seed: 21, peakDb: -1 });
    writeWavFile(input, signal, { format: 'pcm24' });
    const styles = seededEngineStyles();
    const labels = styles.map((style) => `${style.groupName}/${style.name}`);
    // Two lanes, each with an embedded database of its own (PGlite allows one process per directory).
    const results: { label: string; target: number; ours: number; out: string }[] = [];
    const lane = async (laneIndex: number) => {
      for (let i = laneIndex; i < styles.length; i += 2) {
        const out = path.join(dir, `cli-every-${i}.wav`);
        const { stdout } = await runMasterCli([input, '--style', labels[i]!, '--out', out, '--json'], path.join(dir, `data-lane-${laneIndex}`));
        const result = JSON.parse(stdout.trim()) as { lufs: number; targetLufs: number; heldBackLu: number };
        results.push({ label: labels[i]!, target: result.targetLufs - result.heldBackLu, ours: result.lufs, out });
      }
    };
    await Promise.all([lane(0), lane(1)]);
    expect(results.map((r) => r.label).sort()).toEqual([...labels].sort());
    for (const result of results) {
      const theirs = parseEbur128Summary((await runFfmpeg(ebur128Args(result.out))).stderrTail);
      const precise = await ffmpegIntegratedLufs(result.out);
      const master = decodeSimpleWav(readFileSync(result.out));
      let peak = 0;
      for (const sample of master.data) peak = Math.max(peak, Math.abs(sample));
      expect({
        style: result.label,
        withinHalfLu: Math.abs(precise - result.target) <= 0.5,
        meterAgrees: Math.abs(precise - result.ours) <= 0.1,
        truePeakOk: theirs.truePeakDbtp <= -1,
        unclipped: peak < 1,
        frames: master.data.length / master.channels,
        format: [master.sampleRate, master.bitsPerSample],
      }).toEqual({ style: result.label, withinHalfLu: true, meterAgrees: true, truePeakOk: true, unclipped: true, frames: signal.data.length / signal.channels, format: [44100, 24] });
    }
  }, 300_000);

  it('when the style is unknown, then it fails with a clear error and a non-zero exit', async () => {
    const input = path.join(dir, 'cli-in2.wav');
    writeWavFile(input, musicLike({ seconds: 2, seed: 9 }), { format: 'pcm16' });
    const failure = await masterCliFailure([input, '--style', 'Jazz/Nope', '--json'], path.join(dir, 'data'));
    expect(failure?.code).not.toBe(0);
    expect(failure?.stderr).toContain('unknown style "Jazz/Nope"');
  });
});
