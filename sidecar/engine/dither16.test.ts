import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bounce, decodeForBounce, decodeToWorkFile, prepareTrack, writeCdRendition, writeDithered16 } from './index.js';
import { seededStyle } from './testing/seed-styles.js';
import { channelOf, lineSpectrumDb } from './testing/independent-meters.js';
import { concat, silence, sine } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { decodeSimpleWav, writeWavFile } from './testing/wav-writer.js';

const dir = testFolder('dither16-');

/** Amplitude of the component at `hz` (a least-squares fit of sine and cosine), dBFS. */
function toneLevelDb(samples: Float64Array, sampleRate: number, hz: number): number {
  let c = 0;
  let s = 0;
  for (let n = 0; n < samples.length; n++) {
    c += samples[n]! * Math.cos((2 * Math.PI * hz * n) / sampleRate);
    s += samples[n]! * Math.sin((2 * Math.PI * hz * n) / sampleRate);
  }
  return 20 * Math.log10((2 * Math.hypot(c, s)) / samples.length);
}

function sixteenBitOf(name: string, master: Parameters<typeof writeWavFile>[1]) {
  const masterPath = path.join(dir, `${name}.wav`);
  writeWavFile(masterPath, master, { format: 'pcm24' });
  const out = path.join(dir, `${name}-16.wav`);
  writeDithered16(masterPath, out);
  return decodeSimpleWav(readFileSync(out));
}

describe('the 16-bit file', () => {
  it('when a master holds a 1 kHz tone at -60 dBFS, then the 16-bit file keeps its level within 0.1 dB', () => {
    const wav = sixteenBitOf('tone', sine({ frequency: 1000, amplitudeDb: -60, seconds: 2, sampleRate: 44100 }));
    expect(wav.bitsPerSample).toBe(16);
    for (const channel of [0, 1]) expect(Math.abs(toneLevelDb(channelOf(wav.data, 2, channel), 44100, 1000) - -60)).toBeLessThanOrEqual(0.1);
  });

  it('when a master has digital silence before, between and after music, then the 16-bit file is exactly zero there', () => {
    const tone = sine({ frequency: 440, amplitudeDb: -20, seconds: 1, sampleRate: 44100 });
    const wav = sixteenBitOf('silence', concat(silence(0.5), tone, silence(0.5), tone, silence(1)));
    const zeroIn = (from: number, to: number) => wav.data.subarray(from * 2, to * 2).every((x) => x === 0);
    expect(zeroIn(0, 22050)).toBe(true);
    expect(zeroIn(66150, 88200)).toBe(true);
    expect(zeroIn(132300, 176400)).toBe(true);
  });

  it('when a quiet passage has a gap of digital silence shorter than the gate hold, then the gap is dithered like the music around it (the gate does not chatter)', () => {
    const tone = sine({ frequency: 440, amplitudeDb: -80, seconds: 0.5, sampleRate: 44100 });
    const gap = silence(200 / 44100);
    const wav = sixteenBitOf('gap', concat(tone, gap, tone));
    const start = tone.data.length;
    expect(wav.data.subarray(start, start + gap.data.length).some((x) => x !== 0)).toBe(true);
  });

  it('when a 96 kHz mix holds a 20 kHz tone, then its 16-bit file shows no alias above -100 dBFS', { timeout: 120_000 }, async () => {
    const input = path.join(dir, 'hf96.wav');
    writeWavFile(input, sine({ frequency: 20000, amplitudeDb: -6, seconds: 3, sampleRate: 96000 }), { format: 'pcm24' });
    const workFile = await decodeToWorkFile(input, path.join(dir, 'hf96.f32'));
    const natural = seededStyle('Natural');
    const preparation = await prepareTrack(workFile, [natural]);
    // The master at 96 kHz, as the product bounces it; its 16-bit download resampled to 44.1 kHz.
    const masterWork = await decodeForBounce(input, workFile, workFile.sourceSampleRate, path.join(dir, 'hf96-master.f32'));
    const master = path.join(dir, 'hf96-master.wav');
    await bounce(masterWork!, preparation.styles[0]!, master);
    const out = path.join(dir, 'hf96-16.wav');
    await writeCdRendition(master, out);
    const wav = decodeSimpleWav(readFileSync(out));
    expect([decodeSimpleWav(readFileSync(master)).sampleRate, wav.sampleRate]).toEqual([96000, 44100]);
    const size = 65536;
    const spectrum = lineSpectrumDb(channelOf(wav.data, 2, 0), size, 44100);
    // A full-scale sine's peak bin under the Blackman-Harris window: amplitude * size/2 * 0.35875.
    const fullScale = 20 * Math.log10((size / 2) * 0.35875);
    const binHz = wav.sampleRate / size;
    let worst = -Infinity;
    spectrum.forEach((db, k) => {
      const hz = k * binHz;
      if (hz > 20 && Math.abs(hz - 20000) > 200) worst = Math.max(worst, db - fullScale);
    });
    expect(worst).toBeLessThanOrEqual(-100);
  });
});
