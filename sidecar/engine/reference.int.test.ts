import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { masterWithReference } from './referenced-master.js';
import { seededStyle } from './testing/seed-styles.js';
import { ffmpegLoudness } from './testing/independent-meters.js';
import { bright, clipped, concat, dull, musicLike, normalizePeak, silence, type TestSignal } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { decodeSimpleWav, writeWavFile } from './testing/wav-writer.js';

/**
 * Mastering toward a reference track: the master's tonal balance moves toward the reference's
 * (the distance at least halved), its loudness goes to the reference's but never over the style's
 * target, and the engine's promises hold (read by ffmpeg's ebur128, not the engine's meter): the
 * -1 dBTP ceiling even against a reference clipped to +1 dBTP, the exact length at 48 kHz, silence
 * stays silent.
 */
const dir = testFolder('engine-reference-');

const framed = (signal: TestSignal): TestSignal => concat(silence(0.5, signal.sampleRate), signal, silence(0.5, signal.sampleRate));
const leadingZeroFrames = (data: Float32Array) => {
  let n = 0;
  while (n < data.length && data[n] === 0) n++;
  return Math.floor(n / 2);
};

describe('mastering toward a reference track', { timeout: 600_000 }, () => {
  it('when a dull 48 kHz mix is mastered toward a bright reference clipped to +1 dBTP, then the tonal distance is at least halved, the master is under -1 dBTP by ffmpeg, at most the style target loud, sample-exact and its silence stays silent', async () => {
    const style = seededStyle('Natural');
    const mixSignal = framed(normalizePeak(dull(musicLike({ seconds: 6, sampleRate: 48000, seed: 11 }), 2500), -6));
    const input = path.join(dir, 'dull-48k.wav');
    writeWavFile(input, mixSignal, { format: 'pcm24' });
    // Driven 1 dB into a +1 dBFS clip and written as float: its true peak sits over +1 dBTP.
    const referenceSignal = clipped(normalizePeak(bright(musicLike({ seconds: 6, seed: 5 }), -6), 2), 1);
    const reference = path.join(dir, 'bright-clipped.wav');
    writeWavFile(reference, referenceSignal, { format: 'float32' });
    const output = path.join(dir, 'master.wav');

    const report = await masterWithReference(input, reference, style, output);
    const theirs = await ffmpegLoudness(output);
    const referenceLoudness = await ffmpegLoudness(reference);
    const master = decodeSimpleWav(readFileSync(output));
    console.log(JSON.stringify({ reference: report.reference, master: theirs, referenceByFfmpeg: referenceLoudness, targetLufs: report.targetLufs, heldBackLu: report.heldBackLu }));

    expect(referenceLoudness.truePeakDbtp).toBeGreaterThanOrEqual(1);
    expect(report.reference.distanceBeforeDb).toBeGreaterThan(3);
    expect(report.reference.distanceAfterDb).toBeLessThanOrEqual(report.reference.distanceBeforeDb! / 2);
    expect(theirs.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(theirs.integratedLufs).toBeLessThanOrEqual(style.processing.targetLufs + 0.5);
    expect(Math.abs(theirs.integratedLufs - (report.targetLufs - report.heldBackLu))).toBeLessThanOrEqual(0.5);
    expect({ sampleRate: master.sampleRate, frames: master.data.length / master.channels }).toEqual({ sampleRate: 48000, frames: mixSignal.data.length / mixSignal.channels });
    expect(leadingZeroFrames(master.data)).toBeGreaterThanOrEqual(0.5 * 48000 - 1);
  });

  it('when the reference is quieter than the style target, then the master goes to the reference loudness (ffmpeg), within 0.5 LU', async () => {
    const style = seededStyle('Natural');
    const input = path.join(dir, 'mix-44k.wav');
    writeWavFile(input, normalizePeak(musicLike({ seconds: 5, seed: 3 }), -1), { format: 'pcm24' });
    const reference = path.join(dir, 'quiet.wav');
    writeWavFile(reference, normalizePeak(musicLike({ seconds: 5, seed: 4 }), -8), { format: 'pcm24' });
    const referenceLufs = (await ffmpegLoudness(reference)).integratedLufs;
    const output = path.join(dir, 'quiet-master.wav');
    const report = await masterWithReference(input, reference, style, output);
    const theirs = await ffmpegLoudness(output);
    expect(referenceLufs).toBeLessThan(style.processing.targetLufs - 3);
    expect(Math.abs(theirs.integratedLufs - referenceLufs)).toBeLessThanOrEqual(0.5);
    expect(report.targetLufs).toBeCloseTo(report.reference.lufs!, 2);
    expect(theirs.truePeakDbtp).toBeLessThanOrEqual(-1);
  });

  it('when the reference is digital silence, then mastering is refused with silentReference and nothing is written', async () => {
    const input = path.join(dir, 'mix-any.wav');
    writeWavFile(input, musicLike({ seconds: 2, seed: 2 }), { format: 'pcm16' });
    const reference = path.join(dir, 'silent.wav');
    writeWavFile(reference, silence(2), { format: 'pcm16' });
    const output = path.join(dir, 'never.wav');
    await expect(masterWithReference(input, reference, seededStyle('Natural'), output)).rejects.toMatchObject({ code: 'silentReference' });
    expect(existsSync(output)).toBe(false);
  });
});
