import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EngineStyle } from './index.js';
import { DEFAULT_BUDGET } from './style.js';
import { kickDrivenMix, orchestralMix, percussiveHits, PUMPING_TONE_HZ } from './testing/dynamic-material.js';
import { ffmpegLoudness } from './testing/independent-meters.js';
import { useMasteringInStyles } from './testing/master-in-styles.js';
import { judgeEachMaster, onItsLoudness } from './testing/judge-masters.js';
import { seededEngineStyles, seededStyle } from './testing/seed-styles.js';
import { decodeSimpleWav } from './testing/wav-writer.js';

/**
 * What a mastering engineer hears next on dynamic and kick-driven material: the loudness range a
 * dynamic mix keeps, a steady high tone that must not pump with the kick, and the attack of a hit
 * against its body. Every figure is read by ffmpeg's ebur128 or by the envelopes and the DFT
 * written here, never by the engine's own meter.
 */
const styles = seededEngineStyles();
const budgetOf = (style: EngineStyle) => ({ ...DEFAULT_BUDGET, ...style.processing.budget });
const masterAll = useMasteringInStyles('engine-dynamics-');

const readWav = (file: string) => decodeSimpleWav(readFileSync(file));
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Level of one frequency in consecutive frames of `frameLength` samples (the mid signal, a Hann
 * window, one DFT bin), dB.
 */
function toneEnvelopeDb(data: Float32Array, frequency: number, sampleRate: number, frameLength: number): number[] {
  const frames = data.length / 2;
  const w = (2 * Math.PI * frequency) / sampleRate;
  const levels: number[] = [];
  for (let start = 0; start + frameLength <= frames; start += frameLength) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < frameLength; i++) {
      const n = start + i;
      const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / frameLength);
      const mid = (data[n * 2]! + data[n * 2 + 1]!) * 0.5 * window;
      re += mid * Math.cos(w * n);
      im -= mid * Math.sin(w * n);
    }
    levels.push(10 * Math.log10(re * re + im * im + 1e-30));
  }
  return levels;
}

/** Attack peak (the first 5 ms) over body (the next 50 ms, RMS) of every hit, both channels, dB. */
function attackToBodyDb(data: Float32Array, onsets: number[], sampleRate: number): number[] {
  const attack = Math.round(0.005 * sampleRate);
  const body = Math.round(0.05 * sampleRate);
  return onsets.map((onset) => {
    let peak = 0;
    for (let n = onset; n < onset + attack; n++) peak = Math.max(peak, Math.abs(data[n * 2]!), Math.abs(data[n * 2 + 1]!));
    let power = 0;
    for (let n = onset + attack; n < onset + attack + body; n++) power += data[n * 2]! * data[n * 2]! + data[n * 2 + 1]! * data[n * 2 + 1]!;
    return 20 * Math.log10(peak / Math.sqrt(power / (2 * body)));
  });
}

describe('macro-dynamics: a dynamic mix keeps its share of the loudness range', { timeout: 1_200_000 }, () => {
  it('when an orchestral-like mix with about 15 LU of loudness range is mastered in every style, then every master keeps at least its style\'s share of the range (ffmpeg LRA), on its loudness', async () => {
    const signal = orchestralMix({ seconds: 72 });
    const { input, masters } = await masterAll('orchestral', signal, styles);
    const mix = await ffmpegLoudness(input);
    expect(mix.lra).toBeGreaterThanOrEqual(14);
    expect(mix.lra).toBeLessThanOrEqual(17);
    const { rows, checks, expected } = await judgeEachMaster(masters, (master, theirs) => {
      const { style, report } = master;
      const share = budgetOf(style).lraShare;
      const kept = theirs.lra / mix.lra;
      return {
        row: { lra: theirs.lra, kept: round(kept), share, lufs: round(theirs.integratedLufs), heldBackLu: report.heldBackLu },
        checks: {
          keepsShare: kept >= share,
          onItsLoudness: onItsLoudness(master, theirs),
          notQuieterThanMix: theirs.integratedLufs >= Math.min(mix.integratedLufs, style.processing.targetLufs) - 0.5,
          truePeakOk: theirs.truePeakDbtp <= style.processing.ceilingDbtp,
        },
      };
    });
    console.log(`mix LRA ${mix.lra} LU, ${mix.integratedLufs} LUFS\n${rows.map((r) => JSON.stringify(r)).join('\n')}`);
    expect(checks).toEqual(expected);
  });

  it('when the shares are read from the catalogue, then gentle styles keep at least 80 %, none under 40 %, and the loudest club styles keep the least', () => {
    for (const style of styles) expect(budgetOf(style).lraShare).toBeGreaterThanOrEqual(0.4);
    for (const name of ['Natural', 'Intimate', 'Open', 'Classic', 'Raw']) expect(budgetOf(seededStyle(name)).lraShare).toBeGreaterThanOrEqual(0.8);
    const least = Math.min(...styles.map((style) => budgetOf(style).lraShare));
    expect(budgetOf(seededStyle('Club')).lraShare).toBe(least);
  });
});

describe('pumping: a steady high tone does not move with the kick', { timeout: 600_000 }, () => {
  it('when a kick-driven mix with a steady 9 kHz tone at -30 dBFS is mastered in Club and Heavy, then the tone moves less than 1 dB per kick (10 ms frames) and the masters keep their loudness', async () => {
    const signal = kickDrivenMix({ seconds: 16, toneDb: -30 });
    const { input, masters } = await masterAll('kick', signal, [seededStyle('Club'), seededStyle('Heavy')]);
    const mix = await ffmpegLoudness(input);
    const frameLength = Math.round(0.01 * signal.sampleRate);
    const perKick = Math.round(0.5 * signal.sampleRate) / frameLength;
    const { rows, checks, expected } = await judgeEachMaster(masters, (master, theirs) => {
      const { style, report, file } = master;
      const wav = readWav(file);
      const levels = toneEnvelopeDb(wav.data, PUMPING_TONE_HZ, wav.sampleRate, frameLength);
      // Each kick's period from the third second on (the compressors have settled), its range.
      const movements: number[] = [];
      for (let k = 4; (k + 1) * perKick <= levels.length; k++) {
        const period = levels.slice(k * perKick, (k + 1) * perKick);
        movements.push(Math.max(...period) - Math.min(...period));
      }
      const worst = Math.max(...movements);
      return {
        row: { worstDb: round(worst), medianDb: round(movements.sort((a, b) => a - b)[Math.floor(movements.length / 2)]!), lufs: round(theirs.integratedLufs), heldBackLu: report.heldBackLu },
        checks: { toneSteady: worst < 1, onItsLoudness: onItsLoudness(master, theirs), truePeakOk: theirs.truePeakDbtp <= style.processing.ceilingDbtp },
      };
    });
    console.log(`kick mix ${mix.integratedLufs} LUFS, ${mix.truePeakDbtp} dBTP\n${rows.map((r) => JSON.stringify(r)).join('\n')}`);
    expect(checks).toEqual(expected);
  });
});

describe('attack-to-body: the hits keep their attack', { timeout: 1_200_000 }, () => {
  it('when a mix of percussive hits is mastered in every style, then no hit\'s attack peak against its body falls by more than the style\'s bound', async () => {
    const { signal, onsets } = percussiveHits({ seconds: 16 });
    const { masters } = await masterAll('hits', signal, styles);
    // From the second second on: the compressors have settled.
    const measured = onsets.filter((onset) => onset >= signal.sampleRate);
    const before = attackToBodyDb(signal.data, measured, signal.sampleRate);
    const { rows, checks, expected } = await judgeEachMaster(masters, (master, theirs) => {
      const { style, report, file } = master;
      const wav = readWav(file);
      const after = attackToBodyDb(wav.data, measured, wav.sampleRate);
      const losses = after.map((ratio, i) => before[i]! - ratio);
      const worst = Math.max(...losses);
      const bound = budgetOf(style).attackLossDb;
      return {
        row: { worstLossDb: round(worst), meanLossDb: round(losses.reduce((a, b) => a + b, 0) / losses.length), bound, lufs: round(theirs.integratedLufs), heldBackLu: report.heldBackLu },
        checks: { withinBound: worst <= bound, onItsLoudness: onItsLoudness(master, theirs) },
      };
    });
    console.log(rows.map((r) => JSON.stringify(r)).join('\n'));
    expect(checks).toEqual(expected);
  });

  it('when the bounds are read from the catalogue, then gentle styles allow at most 2 dB and none more than 4 dB', () => {
    for (const style of styles) expect(budgetOf(style).attackLossDb).toBeLessThanOrEqual(4);
    for (const name of ['Natural', 'Intimate', 'Open']) expect(budgetOf(seededStyle(name)).attackLossDb).toBeLessThanOrEqual(2);
  });
});
