import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { masterFile, writeCdRendition } from './index.js';
import { seededStyle } from './testing/seed-styles.js';
import { ffmpegLoudness } from './testing/independent-meters.js';
import { concat, musicLike, silence, type TestSignal } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { decodeSimpleWav, writeWavFile } from './testing/wav-writer.js';

/**
 * Masters in the source's own format: a 48 or 96 kHz mix gets its 24-bit master at 48 or 96 kHz,
 * bounced through a chain designed for that rate, and keeps every promise of a 44.1 kHz master
 * (read by ffmpeg's ebur128 at the master's rate, not by the engine's meter); its 16-bit download
 * is the CD format.
 */
const dir = testFolder('engine-rate-');

/** One second of digital silence, eight of music, one of silence, at `sampleRate`. */
const framedMix = (sampleRate: number, seed: number): TestSignal =>
  concat(silence(1, sampleRate), musicLike({ seconds: 8, sampleRate, seed, peakDb: -3 }), silence(1, sampleRate));

const leadingZeros = (data: Float32Array) => {
  let n = 0;
  while (n < data.length && data[n] === 0) n++;
  return n / 2;
};
const trailingZeros = (data: Float32Array) => {
  let n = 0;
  while (n < data.length && data[data.length - 1 - n] === 0) n++;
  return n / 2;
};

describe('masters at the source rate', { timeout: 600_000 }, () => {
  it.each([
    [48000, 'Club'],
    [88200, 'Natural'],
    [96000, 'Bright'],
  ])('when a %i Hz 24-bit mix is mastered (%s), then the 24-bit master is at that rate, sample-exact, at least min(mix, target) - 0.5 LU, at or under -1.0 dBTP, and its silence stays silent', async (sampleRate, styleName) => {
    const style = seededStyle(styleName);
    const input = path.join(dir, `mix-${sampleRate}.wav`);
    const signal = framedMix(sampleRate, Math.round(sampleRate / 1000));
    writeWavFile(input, signal, { format: 'pcm24' });
    const output = path.join(dir, `master-${sampleRate}.wav`);
    const report = await masterFile(input, style, output);
    const master = decodeSimpleWav(readFileSync(output));
    const mix = await ffmpegLoudness(input);
    const measured = await ffmpegLoudness(output);
    const floor = Math.min(mix.integratedLufs, style.processing.targetLufs) - 0.5;
    expect({
      sampleRate: master.sampleRate,
      bits: master.bitsPerSample,
      frames: master.data.length / master.channels,
      reportedFrames: report.frames,
      loudEnough: measured.integratedLufs >= floor,
      promised: Math.abs(measured.integratedLufs - (style.processing.targetLufs - report.heldBackLu)) <= 0.5,
      truePeakOk: measured.truePeakDbtp <= -1.0,
      // The linear-phase 2x gain stage may ring a few dozen frames ahead of the music, the filters a
      // little behind it; the rest of each silent second is exact zeros.
      silentHead: leadingZeros(master.data) >= 0.9 * sampleRate,
      silentTail: trailingZeros(master.data) >= 0.5 * sampleRate,
    }).toEqual({
      sampleRate,
      bits: 24,
      frames: signal.data.length / 2,
      reportedFrames: signal.data.length / 2,
      loudEnough: true,
      promised: true,
      truePeakOk: true,
      silentHead: true,
      silentTail: true,
    });
  });

  it('when a 96 kHz master gets its 16-bit download, then it is 16-bit at 44.1 kHz, as long as the mix at 44.1 kHz, and its silence stays silent', async () => {
    const input = path.join(dir, 'cd-96.wav');
    writeWavFile(input, framedMix(96000, 7), { format: 'pcm24' });
    const output = path.join(dir, 'cd-96-master.wav');
    await masterFile(input, seededStyle('Natural'), output);
    const sixteen = path.join(dir, 'cd-96-16.wav');
    await writeCdRendition(output, sixteen);
    const wav = decodeSimpleWav(readFileSync(sixteen));
    const measured = await ffmpegLoudness(sixteen);
    expect({
      sampleRate: wav.sampleRate,
      bits: wav.bitsPerSample,
      frames: wav.data.length / wav.channels,
      truePeakOk: measured.truePeakDbtp <= -1.0,
      silentHead: leadingZeros(wav.data) >= 0.9 * 44100,
      silentTail: trailingZeros(wav.data) >= 0.5 * 44100,
    }).toEqual({ sampleRate: 44100, bits: 16, frames: 10 * 44100, truePeakOk: true, silentHead: true, silentTail: true });
  });
});
