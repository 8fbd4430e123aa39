import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EngineStyle } from './index.js';
import { useMasteringInStyles } from './testing/master-in-styles.js';
import { seededStyle } from './testing/seed-styles.js';
import { bandShareDb, channelOf, correlation, ffmpegLoudness, powerSpectrum } from './testing/independent-meters.js';
import { balancedMix, clipped, dbToLinear, musicLike, normalizePeak, withDecorrelatedLayer, type TestSignal } from './testing/signals.js';
import { decodeSimpleWav } from './testing/wav-writer.js';

/**
 * The loudness rule on loud, clipped and quiet mixes, and the guards that keep a master from
 * doing less than the mix: every figure read by ffmpeg's ebur128 or the test's own FFT meters.
 */
const masterAll = useMasteringInStyles('engine-floor-');

/** A loud electronic-like mix driven into a clipper at 0 dBFS: flat tops, inter-sample overs. */
const loudClippedMix = (): TestSignal => clipped(normalizePeak(musicLike({ seconds: 8, seed: 41, hiHatDb: 4 }), 5.2), 0);

describe('never quieter than the mix', { timeout: 600_000 }, () => {
  const chosen = () => [seededStyle('Club'), seededStyle('Classic'), seededStyle('Bright'), seededStyle('Natural')];

  it('when a clipped loud mix (about -9 LUFS, over +1.5 dBTP) is mastered, then each master is at least min(mix, target) - 0.5 LU, at or under -1 dBTP, 24-bit and sample-exact, and styles 3 LU apart in target are at least 1 LU apart', async () => {
    const signal = loudClippedMix();
    const { input, masters } = await masterAll('loud', signal, chosen());
    const mix = await ffmpegLoudness(input);
    expect(mix.integratedLufs).toBeGreaterThan(-10);
    expect(mix.truePeakDbtp).toBeGreaterThanOrEqual(1.5);
    const loudness: Record<string, number> = {};
    for (const { style, report, file } of masters) {
      const theirs = await ffmpegLoudness(file);
      const wav = decodeSimpleWav(readFileSync(file));
      loudness[style.name] = theirs.integratedLufs;
      expect({
        style: style.name,
        notQuieter: theirs.integratedLufs >= Math.min(mix.integratedLufs, style.processing.targetLufs) - 0.5,
        notLouderThanTarget: theirs.integratedLufs <= style.processing.targetLufs + 0.5,
        truePeakOk: theirs.truePeakDbtp <= -1.0,
        bits: wav.bitsPerSample,
        frames: wav.data.length / wav.channels,
      }).toEqual({ style: style.name, notQuieter: true, notLouderThanTarget: true, truePeakOk: true, bits: 24, frames: signal.data.length / 2 });
      // The overs the mix had are reported, in dB, for every master that needed them removed.
      expect(report.oversRemovedDb).not.toBeNull();
    }
    expect(loudness.Club! - loudness.Classic!).toBeGreaterThanOrEqual(1);
    // Club's target is about the mix's own loudness: it is kept there by removing the overs, and
    // held back from the target by no more than the mix was under it.
    const club = masters.find((m) => m.style.name === 'Club')!.report;
    expect(club.keptMixLoudness).toBe(true);
    expect(club.heldBackLu).toBeLessThanOrEqual(Math.max(0, seededStyle('Club').processing.targetLufs - mix.integratedLufs) + 0.5);
    expect(club.oversRemovedDb!).toBeGreaterThan(1);
  });

  it('when a dynamic quiet mix (about -20 LUFS) is mastered, then each master is at least min(mix, target) - 0.5 LU and at or under -1 dBTP', async () => {
    const signal = musicLike({ seconds: 8, seed: 42, peakDb: -8 });
    const { input, masters } = await masterAll('quiet', signal, chosen());
    const mix = await ffmpegLoudness(input);
    expect(mix.integratedLufs).toBeLessThan(-17);
    for (const { style, report, file, predictedTruePeakDb } of masters) {
      const theirs = await ffmpegLoudness(file);
      // The player's loudness panel shows the prediction until the bounce: close to the report card's figure.
      expect(Math.abs(predictedTruePeakDb - theirs.truePeakDbtp)).toBeLessThanOrEqual(0.3);
      expect({ style: style.name, notQuieter: theirs.integratedLufs >= Math.min(mix.integratedLufs, style.processing.targetLufs) - 0.5, truePeakOk: theirs.truePeakDbtp <= -1.0, overs: report.oversRemovedDb }).toEqual({
        style: style.name,
        notQuieter: true,
        truePeakOk: true,
        overs: null,
      });
    }
  });

  it('when a clipped loud mix is mastered in a style with no tone move and no compression, then the subsonic filter lifts its peak-to-loudness ratio by no more than 0.1 dB', async () => {
    const flat: EngineStyle = {
      ...seededStyle('Natural'),
      processing: { ...seededStyle('Natural').processing, tone: { low: 0, lowMid: 0, mid: 0, highMid: 0, high: 0 }, eqStrength: 0, compression: { ...seededStyle('Natural').processing.compression, ratio: 1 }, saturation: 0, width: 1 },
    };
    const { input, masters } = await masterAll('subsonic', loudClippedMix(), [flat]);
    const mix = await ffmpegLoudness(input);
    const master = await ffmpegLoudness(masters[0]!.file);
    // Turned down about 5 dB with the limiter idle: the peaks move with the loudness.
    expect(master.truePeakDbtp - master.integratedLufs).toBeLessThanOrEqual(mix.truePeakDbtp - mix.integratedLufs + 0.1);
  });
});

describe('styles apart on a loud mix', { timeout: 600_000 }, () => {
  it('when a clipped loud mix is mastered, then Bright is brighter than Warm, Deep and Heavy have more low end than Bright, and the styles spread at least 3 dB in 6-20 kHz', async () => {
    const chosen = ['Bright', 'Warm', 'Deep', 'Heavy', 'Smooth', 'Open'].map(seededStyle);
    // Bass at a real mix's share (the generated one has most of its power under 150 Hz), about -8 LUFS.
    const signal = clipped(normalizePeak(balancedMix(musicLike({ seconds: 8, seed: 41, hiHatDb: 4 })), 7), 0);
    const { masters } = await masterAll('tone-loud', signal, chosen);
    // Balance: a band's share of the whole spectrum, so overall loudness does not count.
    const bands = (file: string) => {
      const wav = decodeSimpleWav(readFileSync(file));
      const mid = channelOf(wav.data, wav.channels, 0).map((x, i) => (x + wav.data[i * wav.channels + (wav.channels - 1)]!) / 2);
      const power = powerSpectrum(mid);
      return { air: bandShareDb(power, wav.sampleRate, 6000, 20000), low: bandShareDb(power, wav.sampleRate, 20, 150) };
    };
    const of = Object.fromEntries(masters.map((m) => [m.style.name, bands(m.file)]));
    expect(of.Bright!.air - of.Warm!.air).toBeGreaterThanOrEqual(1.5);
    expect(of.Deep!.low - of.Bright!.low).toBeGreaterThanOrEqual(1.5);
    expect(of.Heavy!.low - of.Bright!.low).toBeGreaterThanOrEqual(1.5);
    const air = Object.values(of).map((b) => b.air);
    expect(Math.max(...air) - Math.min(...air)).toBeGreaterThanOrEqual(3);
  });
});

describe('width on ordinary mixes', { timeout: 600_000 }, () => {
  it('when a mix at about 0.47 correlation is mastered in Wide, then it comes out wider (lower correlation), not narrower', async () => {
    const signal = withDecorrelatedLayer(musicLike({ seconds: 8, seed: 43, peakDb: -8 }), { amount: dbToLinear(-9), seed: 43 });
    const inCorrelation = correlation(channelOf(signal.data, 2, 0), channelOf(signal.data, 2, 1));
    expect(inCorrelation).toBeGreaterThan(0.4);
    expect(inCorrelation).toBeLessThan(0.55);
    const { masters } = await masterAll('wide', signal, [seededStyle('Wide')]);
    const out = decodeSimpleWav(readFileSync(masters[0]!.file));
    expect(correlation(channelOf(out.data, 2, 0), channelOf(out.data, 2, 1))).toBeLessThan(inCorrelation - 0.02);
  });
});
