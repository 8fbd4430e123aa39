import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EngineStyle } from './index.js';
import { useMasteringInStyles } from './testing/master-in-styles.js';
import { seededEngineStyles, seededStyle } from './testing/seed-styles.js';
import {
  bandPower,
  bandShareDb,
  channelOf,
  correlation,
  ffmpegLoudness,
  ffmpegMomentary,
  gainRiding,
  lineSpectrumDb,
  powerSpectrum,
} from './testing/independent-meters.js';
import { balancedMix, clipped, musicLike, normalizePeak, toMono, withDecorrelatedLayer, type TestSignal } from './testing/signals.js';
import { decodeSimpleWav, type WavSampleFormat } from './testing/wav-writer.js';

/**
 * The targets on generated signals, every figure measured independently of the engine:
 * ffmpeg's ebur128 (loudness, LRA, true peak, momentary loudness) and the FFT of
 * testing/independent-meters.ts (spectra, correlation).
 */
const styles = seededEngineStyles();
const masterInStyles = useMasteringInStyles('engine-targets-');
/** Every style unless told, from a 24-bit mix unless told. */
const masterAll = (name: string, signal: TestSignal, chosen: EngineStyle[] = styles, format: WavSampleFormat = 'pcm24') => masterInStyles(name, signal, chosen, format);

const readWav = (file: string) => decodeSimpleWav(readFileSync(file));

describe('loudness, peaks, length and the dynamics budget, stereo and mono', { timeout: 600_000 }, () => {
  it.each([
    ['a dynamic stereo mix (12 s)', () => musicLike({ seconds: 12, seed: 31, peakDb: -1 })],
    // Longer than the whole-track fit (20 s): the excerpt path, where the mono miss was.
    ['a mono recording (30 s)', () => toMono(musicLike({ seconds: 30, seed: 32, peakDb: -1 }))],
    ['a quiet mono recording (25 s)', () => toMono(musicLike({ seconds: 25, seed: 33, peakDb: -14 }))],
  ])('when %s is mastered in every style, then ffmpeg finds each within 0.5 LU of target - heldBackLu, at or below -1 dBTP, unclipped, sample-exact', async (_, make) => {
    const signal = make();
    const frames = signal.data.length / signal.channels;
    const { masters } = await masterAll(`loudness-${signal.channels}-${frames}`, signal);
    for (const { style, report, file } of masters) {
      const theirs = await ffmpegLoudness(file);
      const wav = readWav(file);
      let peak = 0;
      let sameSides = true;
      for (let i = 0; i < wav.data.length; i += 2) {
        peak = Math.max(peak, Math.abs(wav.data[i]!), Math.abs(wav.data[i + 1]!));
        if (signal.channels === 1 && wav.data[i] !== wav.data[i + 1]) sameSides = false;
      }
      expect({
        style: style.name,
        onTarget: Math.abs(theirs.integratedLufs - (style.processing.targetLufs - report.heldBackLu)) <= 0.5,
        heldBackNotNegative: report.heldBackLu >= 0,
        neverLouderThanTarget: theirs.integratedLufs <= style.processing.targetLufs + 0.5,
        truePeakOk: theirs.truePeakDbtp <= -1.0,
        unclipped: peak < 1,
        frames: wav.data.length / wav.channels,
        sameSides,
      }).toEqual({ style: style.name, onTarget: true, heldBackNotNegative: true, neverLouderThanTarget: true, truePeakOk: true, unclipped: true, frames, sameSides: true });
    }
  });

  it('when a dynamic mix would need more limiting than the style allows, then the master stops at the budget and says so', async () => {
    // Peaks at -1 dBFS, about -15 LUFS: -9.5 to -10 LUFS would take more limiting than these budgets.
    const signal = musicLike({ seconds: 12, seed: 34, peakDb: -1 });
    const { masters } = await masterAll('budget', signal, [seededStyle('Bright'), seededStyle('Club'), seededStyle('Punchy')]);
    for (const { report, file, style } of masters) {
      const theirs = await ffmpegLoudness(file);
      expect(report.heldBackLu).toBeGreaterThan(0.5);
      expect(Math.abs(theirs.integratedLufs - (style.processing.targetLufs - report.heldBackLu))).toBeLessThanOrEqual(0.5);
      expect(report.limiterP95Db).toBeLessThanOrEqual(style.processing.budget!.limiterDb + 0.2);
    }
  });
});

describe('the limiter: accurate inter-sample peaks, a small margin', { timeout: 600_000 }, () => {
  it.each([
    ['hi-hat-heavy material (content up to Nyquist)', 'peaks-hats', () => musicLike({ seconds: 10, seed: 9, peakDb: -1, hiHatDb: 12 })],
    ['a clipped, hot mix', 'peaks-clipped', () => clipped(normalizePeak(musicLike({ seconds: 10, seed: 8 }), 3), -0.3)],
  ])('when %s is mastered in every style, then ffmpeg reads at most -1.0 dBTP, and where the limiter works the peak sits within 0.45 dB of the ceiling (the old margin gave away 0.7)', async (_, name, make) => {
    const { masters } = await masterAll(name, make(), styles, 'float32');
    let limitedMasters = 0;
    for (const { style, file, report } of masters) {
      const theirs = await ffmpegLoudness(file);
      const limited = report.limiterP95Db >= 0.3;
      if (limited) limitedMasters++;
      expect({
        style: style.name,
        truePeakOk: theirs.truePeakDbtp <= style.processing.ceilingDbtp,
        closeToCeiling: !limited || theirs.truePeakDbtp >= style.processing.ceilingDbtp - 0.45,
      }).toEqual({ style: style.name, truePeakOk: true, closeToCeiling: true });
    }
    expect(limitedMasters).toBeGreaterThanOrEqual(3);
  });
});

describe('gain riding and loudness range', { timeout: 600_000 }, () => {
  it('when a dynamic mix is mastered in any style, then ffmpeg finds it riding the gain at most 0.35 dB per 100 ms step, within 0.5 LU of target - heldBackLu and at or below -1 dBTP', async () => {
    const { input, masters } = await masterAll('riding-all', musicLike({ seconds: 15, seed: 43, peakDb: -1 }));
    const inputMomentary = await ffmpegMomentary(input);
    for (const { style, file, report } of masters) {
      const theirs = await ffmpegLoudness(file);
      const riding = gainRiding(inputMomentary, await ffmpegMomentary(file));
      expect({
        style: style.name,
        riding: riding <= 0.35,
        onTarget: Math.abs(theirs.integratedLufs - (style.processing.targetLufs - report.heldBackLu)) <= 0.5,
        truePeakOk: theirs.truePeakDbtp <= -1.0,
      }).toEqual({ style: style.name, riding: true, onTarget: true, truePeakOk: true });
    }
  });

  it.each([
    ['above every target', 6, -9, styles],
    ['just under the loudest targets', 4.5, -10.5, styles.filter((style) => style.processing.targetLufs >= -10)],
  ] as const)('when a loud mix (%s) is mastered, then every style treats it and keeps it at least as loud as min(mix, target) - 0.5 LU: riding <= 0.35 dB (0.65 where the limiter holds it at the loudness of the mix), LRA not lowered by more than 1 LU, never louder than the target', async (_, overDb, atLeast, chosen) => {
    const loud = clipped(normalizePeak(musicLike({ seconds: 15, seed: 41 }), overDb), -0.3);
    const { input, masters } = await masterAll(`loud-${overDb}`, loud, [...chosen], 'float32');
    const inputMomentary = await ffmpegMomentary(input);
    const inputLoudness = await ffmpegLoudness(input);
    expect(inputLoudness.integratedLufs).toBeGreaterThan(atLeast);
    for (const { style, file, report } of masters) {
      const theirs = await ffmpegLoudness(file);
      expect({
        style: style.name,
        // Holding a clipped mix at its own loudness takes its overs off beat by beat: that rides
        // more than the budget allows a style's own limiting.
        riding: gainRiding(inputMomentary, await ffmpegMomentary(file)) <= (report.keptMixLoudness ? 0.65 : 0.35),
        lra: theirs.lra >= inputLoudness.lra - 1,
        // At the target, or at the mix's own loudness: the limiter takes the clipped mix's
        // inter-sample overs instead of the track being turned down for them.
        notLouder: theirs.integratedLufs <= style.processing.targetLufs + 0.5,
        notQuieter: theirs.integratedLufs >= Math.min(inputLoudness.integratedLufs, style.processing.targetLufs) - 0.5,
        reported: Math.abs(theirs.integratedLufs - (style.processing.targetLufs - report.heldBackLu)) <= 0.5,
      }).toEqual({ style: style.name, riding: true, lra: true, notLouder: true, notQuieter: true, reported: true });
    }
  });

  it('when a dynamic mix is mastered in a style with a limiter budget of 2 dB or less, then it rides the gain at most 0.35 dB per 100 ms step', async () => {
    const gentle = styles.filter((style) => (style.processing.budget?.limiterDb ?? 3) <= 2);
    expect(gentle.length).toBeGreaterThanOrEqual(3);
    const { input, masters } = await masterAll('riding', musicLike({ seconds: 15, seed: 42, peakDb: -1 }), gentle);
    const inputMomentary = await ffmpegMomentary(input);
    for (const { style, file } of masters) {
      const riding = gainRiding(inputMomentary, await ffmpegMomentary(file));
      expect({ style: style.name, riding: riding <= 0.35 }).toEqual({ style: style.name, riding: true });
    }
  });
});

describe('tone as moves', { timeout: 600_000 }, () => {
  it.each([
    ['a music-like mix', 'tone', () => balancedMix(musicLike({ seconds: 12, seed: 51, peakDb: -6 }))],
    ['a hi-hat-heavy mix', 'tone-hats', () => balancedMix(musicLike({ seconds: 12, seed: 52, peakDb: -3, hiHatDb: 9 }))],
  ])('when %s is mastered, then Bright is brighter than Warm and than the input, Deep and Heavy have more low end than Bright, and the styles spread', async (_, name, make) => {
    const signal = make();
    const { input, masters } = await masterAll(name, signal);
    // Balance: a band's share of the whole spectrum, so overall loudness does not count.
    const bands = (file: string) => {
      const wav = readWav(file);
      const mid = channelOf(wav.data, wav.channels, 0).map((x, i) => (x + wav.data[i * wav.channels + (wav.channels - 1)]!) / 2);
      const power = powerSpectrum(mid);
      return { air: bandShareDb(power, wav.sampleRate, 6000, 20000), low: bandShareDb(power, wav.sampleRate, 20, 150) };
    };
    expect(Number.isFinite(bands(input).air)).toBe(true);
    const of = Object.fromEntries(masters.map((m) => [m.style.name, bands(m.file)]));
    expect(of.Bright!.air - of.Warm!.air).toBeGreaterThanOrEqual(1.5);
    expect(of.Bright!.air).toBeGreaterThan(bands(input).air);
    expect(of.Deep!.low - of.Bright!.low).toBeGreaterThanOrEqual(1.5);
    expect(of.Heavy!.low - of.Bright!.low).toBeGreaterThanOrEqual(1.5);
    const air = Object.values(of).map((b) => b.air);
    expect(Math.max(...air) - Math.min(...air)).toBeGreaterThanOrEqual(3);
  });
});

describe('colour without aliasing or intermodulation', { timeout: 600_000 }, () => {
  const SIZE = 65536;
  const sineSignal = (parts: { hz: number; amplitude: number }[], seconds: number): TestSignal => {
    const frames = seconds * 44100;
    const data = new Float32Array(frames * 2);
    for (let n = 0; n < frames; n++) {
      let v = 0;
      for (const p of parts) v += p.amplitude * Math.sin((2 * Math.PI * p.hz * n) / 44100);
      data[2 * n] = v;
      data[2 * n + 1] = v;
    }
    return { data, sampleRate: 44100, channels: 2 };
  };
  const binOf = (hz: number) => Math.round((hz * SIZE) / 44100);
  /** Strongest bin outside ±`guard` bins of each of `lines`, relative to the bin at `reference` Hz, dB. */
  const spurious = (spectrum: Float64Array, reference: number, lines: number[], guard: number) => {
    const ref = Math.max(...Array.from({ length: 5 }, (_, d) => spectrum[binOf(reference) - 2 + d]!));
    let worst = -Infinity;
    for (let k = 2; k < spectrum.length - 2; k++) {
      if (lines.some((hz) => Math.abs(k - binOf(hz)) <= guard)) continue;
      worst = Math.max(worst, spectrum[k]!);
    }
    return worst - ref;
  };

  it.each([-12, -24])('when a 9 kHz sine at %i dBFS passes any style, then no spurious line rises above -90 dBc', async (amplitudeDb) => {
    const signal = sineSignal([{ hz: 9000, amplitude: Math.pow(10, amplitudeDb / 20) }], 3);
    const { masters } = await masterAll(`sine-${-amplitudeDb}`, signal, styles, 'float32');
    for (const { style, file } of masters) {
      const wav = readWav(file);
      const spectrum = lineSpectrumDb(channelOf(wav.data, 2, 0), SIZE, 44100);
      expect({ style: style.name, worstDbc: Math.max(-90, Math.round(spurious(spectrum, 9000, [9000], 12))) }).toEqual({ style: style.name, worstDbc: -90 });
    }
  });

  it('when SMPTE 60 Hz + 7 kHz (4:1) passes any style, then the intermodulation sidebands stay at or below -60 dBc', async () => {
    const signal = sineSignal(
      [
        { hz: 60, amplitude: 0.8 * Math.pow(10, -12 / 20) },
        { hz: 7000, amplitude: 0.2 * Math.pow(10, -12 / 20) },
      ],
      3,
    );
    const { masters } = await masterAll('smpte', signal, styles, 'float32');
    for (const { style, file } of masters) {
      const wav = readWav(file);
      const spectrum = lineSpectrumDb(channelOf(wav.data, 2, 0), SIZE, 44100);
      const carrier = Math.max(...[-1, 0, 1].map((d) => spectrum[binOf(7000) + d]!));
      const sidebands = [1, 2, 3].flatMap((n) => [7000 - 60 * n, 7000 + 60 * n]).map((hz) => Math.max(...[-1, 0, 1].map((d) => spectrum[binOf(hz) + d]!)) - carrier);
      expect({ style: style.name, imd: Math.max(...sidebands) <= -60 }).toEqual({ style: style.name, imd: true });
    }
  });
});

describe('width without damage', { timeout: 600_000 }, () => {
  /** Music plus a decorrelated layer of `amount`, and some side content in the bass. */
  const stereoMix = (amount: number, seed: number): TestSignal => withDecorrelatedLayer(musicLike({ seconds: 10, seed, peakDb: -6 }), { amount, seed, bassSide: 0.05 });
  /** Side-to-mid power ratio in a band, dB. */
  const sideToMid = (wav: TestSignal, lowHz: number, highHz: number) => {
    const left = channelOf(wav.data, 2, 0);
    const right = channelOf(wav.data, 2, 1);
    const mid = powerSpectrum(left.map((x, i) => (x + right[i]!) / 2));
    const side = powerSpectrum(left.map((x, i) => (x - right[i]!) / 2));
    return 10 * Math.log10(bandPower(side, 44100, lowHz, highHz) / bandPower(mid, 44100, lowHz, highHz));
  };
  const sideToMidBelow120 = (wav: TestSignal) => sideToMid(wav, 0, 120);

  it('when a stereo mix is mastered in the styles with M/S equalisation, then they put air on the sides and the low end in the middle, against the same styles without it', async () => {
    const signal = stereoMix(0.1, 62);
    const withMidSide = styles.filter((style) => style.processing.midSide);
    expect(withMidSide.length).toBeGreaterThanOrEqual(4);
    const without = withMidSide.map((style) => ({ ...style, id: style.id + 1000, styleIndex: style.styleIndex + 1000, processing: { ...style.processing, midSide: undefined } }));
    const { masters } = await masterAll('mid-side', signal, [...withMidSide, ...without]);
    for (const style of withMidSide) {
      const on = readWav(masters.find((m) => m.style.id === style.id)!.file);
      const off = readWav(masters.find((m) => m.style.id === style.id + 1000)!.file);
      const { sideAirDb, sideBassDb } = style.processing.midSide!;
      // The shelves reach their full gain well inside these bands.
      const air = sideToMid(on, 12000, 20000) - sideToMid(off, 12000, 20000);
      const bass = sideToMid(on, 30, 80) - sideToMid(off, 30, 80);
      expect({ style: style.name, air: air >= 0.7 * sideAirDb - 0.1, bass: bass <= 0.7 * sideBassDb + 0.1 }).toEqual({ style: style.name, air: true, bass: true });
    }
  });

  it.each([
    ['a well-correlated mix', 0.05],
    ['a loosely correlated mix', 0.25],
    ['an already wide mix', 0.6],
  ])('when %s is mastered in Wide, then its correlation stays at or above 0.2 (or is not lowered) and the bass does not widen by more than 1 dB', async (_, amount) => {
    const signal = stereoMix(amount, 61);
    const { masters } = await masterAll(`wide-${amount}`, signal, [seededStyle('Wide')]);
    const out = readWav(masters[0]!.file);
    const inCorrelation = correlation(channelOf(signal.data, 2, 0), channelOf(signal.data, 2, 1));
    const outCorrelation = correlation(channelOf(out.data, 2, 0), channelOf(out.data, 2, 1));
    if (inCorrelation >= 0.2) expect(outCorrelation).toBeGreaterThanOrEqual(0.2);
    else expect(outCorrelation).toBeGreaterThanOrEqual(inCorrelation - 0.02);
    expect(sideToMidBelow120(out) - sideToMidBelow120(signal)).toBeLessThanOrEqual(1);
  });
});
