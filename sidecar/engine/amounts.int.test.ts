import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AMOUNTS, type Amounts } from './steer.js';
import { masterAtIntensity } from './steered-master.js';
import { bandShareDb, channelOf, ffmpegLoudness, powerSpectrum, type FfmpegLoudness } from './testing/independent-meters.js';
import { seededStyle } from './testing/seed-styles.js';
import { musicLike, type TestSignal } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { decodeSimpleWav, writeWavFile } from './testing/wav-writer.js';

/**
 * The amounts (tone, width, dynamics: 0-150 % of the style's move) measured from outside the
 * engine: the tone move by a plain FFT, the width as side against mid energy, the dynamics as the
 * peak-to-loudness ratio and every level by ffmpeg's ebur128.
 */
const dir = testFolder('amounts-');

const input = path.join(dir, 'mix.wav');
/** A mix that Pop/Bright's limiter budget holds back (its gain-riding budget does not): what the budget gives shows in the loudness. */
const heldBackInput = path.join(dir, 'held-back.wav');
let mix: TestSignal;

beforeAll(() => {
  mix = musicLike({ seconds: 12, seed: 41, peakDb: -3 });
  writeWavFile(input, mix, { format: 'pcm24' });
  writeWavFile(heldBackInput, musicLike({ seconds: 12, seed: 5, peakDb: -3 }), { format: 'pcm24' });
});

interface Mastered {
  signal: TestSignal;
  loudness: FfmpegLoudness;
}

/** A master at Medium with the amounts, checked against its promises (target less heldBackLu, -1 dBTP). */
async function master(label: string, amounts: Partial<Amounts>, from = input): Promise<Mastered> {
  const out = path.join(dir, `${path.parse(from).name}-${label.replace('/', '-')}-${amounts.tone ?? 100}-${amounts.width ?? 100}-${amounts.dynamics ?? 100}.wav`);
  const report = await masterAtIntensity(from, seededStyle(label), 'medium', out, { amounts: { ...DEFAULT_AMOUNTS, ...amounts } });
  const loudness = await ffmpegLoudness(out);
  expect(Math.abs(loudness.integratedLufs - (report.targetLufs - report.heldBackLu))).toBeLessThanOrEqual(0.5);
  expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
  return { signal: decodeSimpleWav(readFileSync(out)), loudness };
}

/** The high band's share of the power (6-16 kHz) in the left channel, dB. */
const highShareDb = (signal: TestSignal) => bandShareDb(powerSpectrum(channelOf(signal.data, signal.channels, 0)), signal.sampleRate, 6000, 16000);

/** Side against mid energy, dB. */
function sideOverMidDb(signal: TestSignal): number {
  let mid = 0;
  let side = 0;
  for (let i = 0; i + 1 < signal.data.length; i += signal.channels) {
    const l = signal.data[i]!;
    const r = signal.data[i + 1]!;
    mid += (l + r) ** 2;
    side += (l - r) ** 2;
  }
  return 10 * Math.log10(side / mid);
}

describe('amounts', () => {
  it('when the tone amount is 0, 100 and 150 %, then the highs (Electronic/Wide lifts them 2 dB) keep about the mix s share, are lifted, and lifted about half again', async () => {
    const before = highShareDb(mix);
    const share = async (tone: number) => highShareDb((await master('Electronic/Wide', { tone })).signal);
    const [none, own, more] = [await share(0), await share(100), await share(150)];
    console.info(`high band against the mix: tone 0 % ${(none - before).toFixed(2)} dB, 100 % ${(own - before).toFixed(2)} dB, 150 % ${(more - before).toFixed(2)} dB`);
    // Without a tone move only the dynamics touch the highs (the limiter takes a little of them).
    expect(Math.abs(none - before)).toBeLessThan(0.75);
    // The move, read against the master without it: the band's share is relative to a total the other bands' moves change too.
    expect(own - none).toBeGreaterThan(1);
    expect((more - none) / (own - none)).toBeGreaterThan(1.2);
    expect((more - none) / (own - none)).toBeLessThan(1.8);
  }, 240_000);

  it('when the width amount is 0, 100 and 150 %, then side against mid energy is the mix s own, wider, and wider still', async () => {
    const before = sideOverMidDb(mix);
    const width = async (amount: number) => sideOverMidDb((await master('Electronic/Wide', { width: amount })).signal);
    const [none, own, more] = [await width(0), await width(100), await width(150)];
    console.info(`side over mid: mix ${before.toFixed(2)} dB; width 0 % ${none.toFixed(2)}, 100 % ${own.toFixed(2)}, 150 % ${more.toFixed(2)} dB`);
    expect(Math.abs(none - before)).toBeLessThan(0.5);
    expect(own).toBeGreaterThan(none + 0.5);
    expect(more).toBeGreaterThan(own + 0.3);
  }, 240_000);

  it('when the dynamics amount is 0, 100 and 150 %, then the peak-to-loudness ratio falls in that order (Pop/Bright, held back by its budget)', async () => {
    const plr = async (dynamics: number) => {
      const { loudness } = await master('Pop/Bright', { dynamics }, heldBackInput);
      return loudness.truePeakDbtp - loudness.integratedLufs;
    };
    const [none, own, more] = [await plr(0), await plr(100), await plr(150)];
    console.info(`peak-to-loudness ratio: dynamics 0 % ${none.toFixed(2)} dB, 100 % ${own.toFixed(2)} dB, 150 % ${more.toFixed(2)} dB`);
    expect(none).toBeGreaterThan(own);
    expect(own).toBeGreaterThan(more);
  }, 240_000);
});
