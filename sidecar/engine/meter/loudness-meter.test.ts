import { describe, expect, it } from 'vitest';
import { concat, sine, silence, noise } from '../testing/signals.js';
import { createLoudnessMeter, feedMeter, measureLoudness, meterResult, powerToLufs } from './loudness-meter.js';
import { kWeightingCoefficients } from './k-weighting.js';

const tone = (amplitudeDb: number, seconds: number, sampleRate = 48000) => sine({ frequency: 1000, amplitudeDb, seconds, sampleRate });

describe('K-weighting', () => {
  it('when derived for 48 kHz, then it reproduces the BS.1770-4 table', () => {
    const [shelf, highPass] = kWeightingCoefficients(48000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe('integrated loudness (EBU Tech 3341)', () => {
  it.each([48000, 44100])('when a stereo 1 kHz sine at -23 dBFS plays for 20 s at %i Hz, then it measures -23.0 LUFS', (rate) => {
    const result = measureLoudness(tone(-23, 20, rate).data, rate, 2);
    expect(result.integratedLufs).toBeCloseTo(-23, 1);
    expect(Math.abs(result.maxMomentaryLufs + 23)).toBeLessThan(0.1);
    expect(Math.abs(result.maxShortTermLufs + 23)).toBeLessThan(0.1);
  });

  it('when the sine is at -33 dBFS, then it measures -33.0 LUFS', () => {
    expect(Math.abs(measureLoudness(tone(-33, 20).data, 48000, 2).integratedLufs + 33)).toBeLessThan(0.1);
  });

  it('when -36/-23/-36 dBFS parts play for 10/60/10 s, then the relative gate leaves -23.0 LUFS', () => {
    const signal = concat(tone(-36, 10), tone(-23, 60), tone(-36, 10));
    expect(Math.abs(measureLoudness(signal.data, 48000, 2).integratedLufs + 23)).toBeLessThan(0.1);
  });

  it('when -72/-36/-23/-36/-72 dBFS parts play, then both gates leave -23.0 LUFS', () => {
    const signal = concat(tone(-72, 10), tone(-36, 10), tone(-23, 20), tone(-36, 10), tone(-72, 10));
    expect(Math.abs(measureLoudness(signal.data, 48000, 2).integratedLufs + 23)).toBeLessThan(0.1);
  });

  it('when -26/-20/-26 dBFS parts play for 20/20.1/20 s (case 5), then it measures -23.0 LUFS', () => {
    const signal = concat(tone(-26, 20), tone(-20, 20.1), tone(-26, 20));
    expect(Math.abs(measureLoudness(signal.data, 48000, 2).integratedLufs + 23)).toBeLessThan(0.1);
  });

  it('when the input is fed in odd block sizes, then the result equals the one-block measurement', () => {
    const signal = noise(7.3, -12, 3, 44100, 2);
    const whole = measureLoudness(signal.data, 44100, 2);
    const meter = createLoudnessMeter(44100, 2);
    let position = 0;
    const sizes = [1, 7, 4410, 999, 65536, 3];
    for (let i = 0; position < signal.data.length / 2; i++) {
      const count = Math.min(sizes[i % sizes.length]!, signal.data.length / 2 - position);
      feedMeter(meter, signal.data.subarray(position * 2, (position + count) * 2), count);
      position += count;
    }
    const parts = meterResult(meter);
    expect(parts.integratedLufs).toBeCloseTo(whole.integratedLufs, 9);
    expect(parts.truePeakDb).toBeCloseTo(whole.truePeakDb, 9);
    expect(parts.lra).toBeCloseTo(whole.lra, 9);
  });

  it('when the input is digital silence, then loudness and peaks are -Infinity', () => {
    const result = measureLoudness(silence(5).data, 44100, 2);
    expect(result.integratedLufs).toBe(-Infinity);
    expect(result.truePeakDb).toBe(-Infinity);
    expect(result.lra).toBe(0);
  });
});

/** Every momentary (400 ms) and short-term (3 s) loudness the meter produced for a signal, LUFS. */
function loudnessSeries(signal: { data: Float32Array }, sampleRate = 48000) {
  const meter = createLoudnessMeter(sampleRate, 2);
  feedMeter(meter, signal.data, signal.data.length / 2);
  const lufs = (series: { data: Float64Array; length: number }) => Array.from(series.data.subarray(0, series.length), powerToLufs);
  return { momentary: lufs(meter.blocks), shortTerm: lufs(meter.shortTerm) };
}

const alternating = (seconds: number, loudSeconds: number, quietSeconds: number) => {
  const parts = [];
  for (let t = 0; t < seconds; t += loudSeconds + quietSeconds) parts.push(tone(-20, loudSeconds), tone(-30, quietSeconds));
  return concat(...parts);
};

describe('momentary and short-term loudness (EBU Tech 3341)', () => {
  it('when 1.34 s at -20 dBFS and 1.66 s at -30 dBFS alternate (case 9), then every short-term value is -23.0 LUFS', () => {
    // Every 3 s window holds one period; the first second is skipped while the K-filter settles.
    const { shortTerm } = loudnessSeries(alternating(15, 1.34, 1.66));
    const settled = shortTerm.slice(10);
    expect(settled.length).toBeGreaterThan(100);
    expect(Math.max(...settled.map((v) => Math.abs(v + 23)))).toBeLessThan(0.1);
  });

  it('when 0.18 s at -20 dBFS and 0.22 s at -30 dBFS alternate (case 12), then every momentary value is -23.0 LUFS', () => {
    const { momentary } = loudnessSeries(alternating(10, 0.18, 0.22));
    const settled = momentary.slice(10);
    expect(settled.length).toBeGreaterThan(80);
    expect(Math.max(...settled.map((v) => Math.abs(v + 23)))).toBeLessThan(0.1);
  });
});

describe('loudness range (EBU Tech 3342)', () => {
  it.each([
    [[-20, -30], 10],
    [[-20, -15], 5],
    [[-40, -20], 20],
  ])('when 20 s sines at %j dBFS follow each other, then LRA is %i LU ±1', (levels, expected) => {
    const signal = concat(...levels.map((level) => tone(level, 20)));
    expect(Math.abs(measureLoudness(signal.data, 48000, 2).lra - expected)).toBeLessThan(1);
  });

  it('when -50/-35/-20/-35/-50 dBFS parts play for 20 s each, then LRA is 15 LU ±1', () => {
    const signal = concat(tone(-50, 20), tone(-35, 20), tone(-20, 20), tone(-35, 20), tone(-50, 20));
    expect(Math.abs(measureLoudness(signal.data, 48000, 2).lra - 15)).toBeLessThan(1);
  });
});

describe('peaks (BS.1770-4 Annex 2)', () => {
  it('when a 0 dBFS sine at fs/4 is sampled 45° off its peaks, then the sample peak reads -3.01 dB and the true peak about 0 dBTP', () => {
    const signal = sine({ frequency: 12000, amplitudeDb: 0, seconds: 1, sampleRate: 48000, phase: Math.PI / 4 });
    const result = measureLoudness(signal.data, 48000, 2);
    expect(result.samplePeakDb).toBeCloseTo(-3.01, 2);
    expect(Math.abs(result.truePeakDb)).toBeLessThan(0.3);
  });

  it('when a low-frequency sine peaks at -6 dBFS, then true and sample peak agree', () => {
    const result = measureLoudness(sine({ frequency: 997, amplitudeDb: -6, seconds: 1, sampleRate: 44100 }).data, 44100, 2);
    expect(result.samplePeakDb).toBeCloseTo(-6, 2);
    expect(Math.abs(result.truePeakDb + 6)).toBeLessThan(0.05);
  });
});
