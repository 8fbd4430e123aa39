import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bounce, decodeToWorkFile, masterFile, prepareTrack, renderRange, type Preparation, type PreparationProgress, type WorkFile } from './index.js';
import { measureLoudness } from './meter/loudness-meter.js';
import { seededEngineStyles } from './testing/seed-styles.js';
import { clipped, concat, musicLike, normalizePeak, silence, toMono } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { decodeSimpleWav, writeWavFile } from './testing/wav-writer.js';

/**
 * The quality bar on every seeded style: loudness within 0.5 LU of the target less heldBackLu,
 * true peak at or below -1.0 dBTP, no clipped sample, length kept, silence stays silence, mono
 * stays mono, a louder track is not made louder. Short generated signals keep the suite fast.
 */
const styles = seededEngineStyles();
const dir = testFolder('engine-quality-');
let workFile: WorkFile;
let preparation: Preparation;
const progress: PreparationProgress[] = [];
const INPUT_FRAMES = 12 * 44100;

function readMaster(file: string) {
  const wav = decodeSimpleWav(readFileSync(file));
  return { ...wav, frames: wav.data.length / wav.channels, loudness: measureLoudness(wav.data, wav.sampleRate, wav.channels) };
}

beforeAll(async () => {
  writeWavFile(path.join(dir, 'music.wav'), musicLike({ seconds: INPUT_FRAMES / 44100, seed: 11, peakDb: -1 }), { format: 'pcm16' });
  workFile = await decodeToWorkFile(path.join(dir, 'music.wav'), path.join(dir, 'music.f32'));
  preparation = await prepareTrack(workFile, styles, (step) => progress.push(step));
}, 60_000);

describe('mastering quality on every seeded style', { timeout: 30_000 }, () => {
  it('when 15 styles are fitted by two threads, then the stages, their percent and the pass count only move forward', () => {
    const order = ['preparing', 'dynamics', 'eq'];
    for (let i = 1; i < progress.length; i++) {
      const [before, after] = [progress[i - 1]!, progress[i]!];
      const stageStep = order.indexOf(after.stage) - order.indexOf(before.stage);
      expect(stageStep, JSON.stringify([before, after])).toBeGreaterThanOrEqual(0);
      if (stageStep === 0) expect(after.progressInPercent, JSON.stringify([before, after])).toBeGreaterThanOrEqual(before.progressInPercent);
      if (after.stage === 'dynamics') expect(after.iteration, JSON.stringify([before, after])).toBeGreaterThanOrEqual(before.stage === 'dynamics' ? before.iteration : 0);
    }
    const passes = progress.filter((step) => step.stage === 'dynamics').map((step) => step.iteration);
    expect(Math.max(...passes)).toBeGreaterThanOrEqual(styles.length);
  });

  it('when the catalogue seed is read, then it holds 15 styles in 5 groups', () => {
    expect(styles).toHaveLength(15);
    expect(new Set(styles.map((style) => style.groupName)).size).toBe(5);
  });

  it.each(styles.map((style) => [`${style.groupName}/${style.name}`, style.styleIndex] as const))(
    'when a music-like track is mastered in %s, then loudness, true peak, clipping and length meet the bar',
    async (_, styleIndex) => {
      const fitted = preparation.styles.find((style) => style.styleIndex === styleIndex)!;
      const out = path.join(dir, `style-${styleIndex}.wav`);
      const report = await bounce(workFile, fitted, out);
      const master = readMaster(out);
      expect(master.sampleRate).toBe(44100);
      expect(master.bitsPerSample).toBe(24);
      expect(master.frames).toBe(INPUT_FRAMES);
      expect(Math.abs(master.loudness.integratedLufs - (fitted.targetLufs - report.heldBackLu))).toBeLessThanOrEqual(0.5);
      expect(report.heldBackLu).toBeGreaterThanOrEqual(0);
      expect(master.loudness.truePeakDb).toBeLessThanOrEqual(-1.0);
      let peak = 0;
      for (const x of master.data) peak = Math.max(peak, Math.abs(x));
      expect(peak).toBeLessThan(1.0);
      expect(report.lufs).toBeCloseTo(master.loudness.integratedLufs, 1);
      expect(report.frames).toBe(INPUT_FRAMES);
    },
  );

  it('when the first render is a little too loud, then the written file is turned down to the target instead of rendered again', async () => {
    // A style that reaches its target on this track (a held-back master aims at no fixed figure).
    const fitted = preparation.styles.find((style) => style.heldBackLu === 0)!;
    const plainReport = await bounce(workFile, fitted, path.join(dir, 'untrimmed.wav'));
    const plain = readMaster(path.join(dir, 'untrimmed.wav'));
    expect(plainReport).toMatchObject({ passes: 1, trimDb: 0 });
    // The same render against a target 0.3 LU lower: too loud by 0.3 LU after the first pass.
    const lower = { ...fitted, effectiveTargetLufs: Math.round((plain.loudness.integratedLufs - 0.3) * 100) / 100 };
    const out = path.join(dir, 'trimmed.wav');
    const report = await bounce(workFile, lower, out);
    const trimmed = readMaster(out);
    expect(report.passes).toBe(1);
    expect(report.trimDb).toBeCloseTo(-0.3, 1);
    expect(Math.abs(trimmed.loudness.integratedLufs - lower.effectiveTargetLufs)).toBeLessThanOrEqual(0.02);
    expect(trimmed.loudness.truePeakDb).toBeCloseTo(plain.loudness.truePeakDb + report.trimDb, 1);
    // Sample for sample the plain master times the trim gain, to 24-bit rounding.
    const gain = Math.pow(10, report.trimDb / 20);
    let worst = 0;
    for (let i = 0; i < trimmed.data.length; i++) worst = Math.max(worst, Math.abs(trimmed.data[i]! - plain.data[i]! * gain));
    // 24-bit rounding (1.2e-7) plus the report's four-decimal trim figure.
    expect(worst).toBeLessThan(1e-5);
    expect(report.sha256).toBe(createHash('sha256').update(readFileSync(out)).digest('hex'));
  });

  it('when a style is rendered on demand, then the range matches the bounced master', () => {
    const fitted = preparation.styles[0]!;
    const start = 5 * 44100;
    const range = renderRange(workFile, fitted, start, 44100);
    const master = decodeSimpleWav(readFileSync(path.join(dir, `style-${fitted.styleIndex}.wav`)));
    let worst = 0;
    for (let i = 0; i < range.length; i++) worst = Math.max(worst, Math.abs(range[i]! - master.data[start * 2 + i]!));
    expect(worst).toBeLessThan(1e-3);
  });
});

describe('a long bounce on two threads', { timeout: 120_000 }, () => {
  it('when a track of 40 s is bounced (the limiter in the second thread), then every sample is the one-thread render, quantised', async () => {
    writeWavFile(path.join(dir, 'long.wav'), musicLike({ seconds: 40, seed: 13, peakDb: -1 }), { format: 'pcm16' });
    const long = await decodeToWorkFile(path.join(dir, 'long.wav'), path.join(dir, 'long.f32'));
    const club = styles.find((style) => style.name === 'Club')!;
    const fitted = (await prepareTrack(long, [club])).styles[0]!;
    const report = await bounce(long, fitted, path.join(dir, 'long-out.wav'));
    // What the bounce rendered with (a second pass may correct the gain or the ceiling).
    expect(report.trimDb).toBe(0);
    const chain = { ...fitted.chain, preGainDb: report.preGainDb, limiter: { ...fitted.chain.limiter, ceilingDbtp: report.limiterCeilingDbtp } };
    const oneThread = renderRange(long, { ...fitted, chain }, 0, long.frames);
    const master = decodeSimpleWav(readFileSync(path.join(dir, 'long-out.wav')));
    expect(master.data.length).toBe(oneThread.length);
    let differing = 0;
    for (let i = 0; i < oneThread.length; i++) {
      const quantised = Math.max(-8388608, Math.min(8388607, Math.round(oneThread[i]! * 8388608))) / 8388608;
      if (Math.abs(quantised - master.data[i]!) > 1e-9) differing++;
    }
    expect(differing).toBe(0);
  });
});

describe('the fitting helper thread, kept between preparations', { timeout: 120_000 }, () => {
  it('when one thread prepares another track and then the first again, then the kept helper fits it as the fresh one did', async () => {
    writeWavFile(path.join(dir, 'other.wav'), musicLike({ seconds: 12, seed: 12, peakDb: -9 }), { format: 'pcm16' });
    const other = await decodeToWorkFile(path.join(dir, 'other.wav'), path.join(dir, 'other.f32'));
    const between = await prepareTrack(other, styles);
    const again = await prepareTrack(workFile, styles);
    expect(between.styles.map((s) => s.styleId)).toEqual(styles.map((s) => s.id));
    expect(again.styles.map((s) => s.styleId)).toEqual(preparation.styles.map((s) => s.styleId));
    // The same track fitted again, with the other track's fits forgotten: the same loudness within
    // the fit's tolerance (the threads' order may change a first guess, not the result).
    for (const fitted of again.styles) {
      const first = preparation.styles.find((s) => s.styleId === fitted.styleId)!;
      expect({ style: fitted.name, close: Math.abs(fitted.predictedLufs - first.predictedLufs) <= 0.3 && Math.abs(fitted.heldBackLu - first.heldBackLu) <= 0.5 }).toEqual({ style: fitted.name, close: true });
    }
  });
});

describe('edge cases', { timeout: 120_000 }, () => {
  it('when the input is digital silence, then every style masters it to digital silence of the same length', async () => {
    const input = path.join(dir, 'silence.wav');
    writeWavFile(input, silence(3.5), { format: 'pcm24' });
    for (const style of styles) {
      const report = await masterFile(input, style, path.join(dir, 'silence-out.wav'));
      const master = readMaster(path.join(dir, 'silence-out.wav'));
      expect({ style: style.name, frames: master.frames, silent: master.data.every((x) => x === 0), lufs: report.lufs, truePeak: report.truePeak }).toEqual({
        style: style.name,
        frames: Math.round(3.5 * 44100),
        silent: true,
        lufs: null,
        truePeak: null,
      });
    }
  });

  it('when music ends in digital silence, then every style keeps the silent tail silent', async () => {
    const input = path.join(dir, 'tail.wav');
    writeWavFile(input, concat(musicLike({ seconds: 4, seed: 3, peakDb: -1 }), silence(3)), { format: 'pcm16' });
    for (const style of styles) {
      await masterFile(input, style, path.join(dir, 'tail-out.wav'));
      const master = readMaster(path.join(dir, 'tail-out.wav'));
      expect({ style: style.name, silentTail: master.data.subarray(6 * 44100 * 2).every((x) => x === 0) }).toEqual({ style: style.name, silentTail: true });
    }
  });

  it('when the input is mono, then every style gives identical left and right channels at its target', async () => {
    const input = path.join(dir, 'mono.wav');
    writeWavFile(input, toMono(musicLike({ seconds: 6, seed: 5, peakDb: -1 })), { format: 'pcm16' });
    for (const style of styles) {
      const report = await masterFile(input, style, path.join(dir, 'mono-out.wav'));
      const master = readMaster(path.join(dir, 'mono-out.wav'));
      let differing = 0;
      for (let n = 0; n < master.frames; n++) if (master.data[2 * n] !== master.data[2 * n + 1]) differing++;
      expect({ style: style.name, channels: master.channels, differing, onTarget: Math.abs(report.lufs! - (style.processing.targetLufs - report.heldBackLu)) <= 0.5 }).toEqual({
        style: style.name,
        channels: 2,
        differing: 0,
        onTarget: true,
      });
    }
  });

  it('when a track is already louder than the target, then no style makes it louder or crushes it further', async () => {
    const loud = clipped(normalizePeak(musicLike({ seconds: 8, seed: 8 }), 9), -0.3);
    const input = path.join(dir, 'loud.wav');
    writeWavFile(input, loud, { format: 'float32' });
    const measured = measureLoudness(loud.data, 44100, 2);
    const inputCrest = measured.samplePeakDb - measured.rmsDb;
    expect(measured.integratedLufs).toBeGreaterThan(-9);
    for (const style of styles) {
      const report = await masterFile(input, style, path.join(dir, 'loud-out.wav'));
      expect({
        style: style.name,
        notLouder: report.lufs! <= measured.integratedLufs + 0.05,
        onTarget: Math.abs(report.lufs! - (style.processing.targetLufs - report.heldBackLu)) <= 0.5,
        truePeakOk: report.truePeak! <= -1.0,
        // Turned down, not squeezed: its crest factor (peak to RMS) loses at most 1 dB.
        notCrushed: report.crest! >= inputCrest - 1,
      }).toEqual({ style: style.name, notLouder: true, onTarget: true, truePeakOk: true, notCrushed: true });
    }
  });

  it('when the input is 96 kHz 24-bit extensible, then it is mastered at 96 kHz, sample for sample', async () => {
    const input = path.join(dir, 'hires.wav');
    writeWavFile(input, musicLike({ seconds: 5, sampleRate: 96000, seed: 2, peakDb: -2 }), { format: 'pcm24', extensible: true });
    const report = await masterFile(input, styles[9]!, path.join(dir, 'hires-out.wav'));
    const master = readMaster(path.join(dir, 'hires-out.wav'));
    expect({ reported: [report.sampleRate, report.frames], written: [master.sampleRate, master.frames, master.bitsPerSample] }).toEqual({
      reported: [96000, 5 * 96000],
      written: [96000, 5 * 96000, 24],
    });
    expect(Math.abs(report.lufs! - (styles[9]!.processing.targetLufs - report.heldBackLu))).toBeLessThanOrEqual(0.5);
    expect(report.truePeak!).toBeLessThanOrEqual(-1.0);
  });

  it.each([
    ['24-bit PCM', { format: 'pcm24' }],
    ['32-bit PCM', { format: 'pcm32' }],
    ['64-bit float RF64', { format: 'float64', rf64: true }],
  ] as const)('when the input is %s at 44.1 kHz, then the master keeps its length to the sample', async (_, options) => {
    const input = path.join(dir, `format-${options.format}.wav`);
    writeWavFile(input, musicLike({ seconds: 3, seed: 4, peakDb: -3 }), options);
    const report = await masterFile(input, styles[12]!, path.join(dir, 'format-out.wav'));
    expect(report.frames).toBe(3 * 44100);
    expect(readMaster(path.join(dir, 'format-out.wav')).frames).toBe(3 * 44100);
  });
});
