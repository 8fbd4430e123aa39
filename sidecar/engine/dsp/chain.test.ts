import { describe, expect, it } from 'vitest';
import { highShelf, lowShelf, magnitudeDb, peaking } from './biquad.js';
import { CHAIN_BLOCK, createChain, runLimiterStage, runLinearStage, type ChainParams } from './chain.js';
import { interpolatedPeak, interpolatedPeakReference } from '../../../src/audio-core/true-peak.js';
import { measureLoudness } from '../meter/loudness-meter.js';
import { bandPower, bandShareDb, powerSpectrum } from '../testing/independent-meters.js';
import { createRandom } from '../testing/signals.js';

const params = (ceilingDbtp: number): ChainParams => ({
  highPassHz: 28,
  eqGainsDb: { low: 0, lowMid: 0, mid: 0, highMid: 0, high: 0 },
  midSide: { sideAirDb: 0, sideBassDb: 0 },
  preGainDb: 0,
  multiband: null,
  compressor: { thresholdDbfs: 0, ratio: 2, kneeDb: 6, attackMs: 10, releaseMs: 100, detectorMs: 10, sidechainHz: 100 },
  saturation: 0,
  saturationReferenceDbfs: -12,
  width: 1,
  limiter: { ceilingDbtp, lookaheadMs: 5, holdMs: 5, releaseFastMs: 40, releaseSlowMs: 400 },
});

describe('RBJ biquads', () => {
  it('when a peaking filter of +4 dB is asked at 1 kHz, then it answers +4 dB there and ~0 dB far away', () => {
    const c = peaking(1000, 0.8, 4, 44100);
    expect(magnitudeDb(c, 1000, 44100)).toBeCloseTo(4, 6);
    expect(Math.abs(magnitudeDb(c, 20, 44100))).toBeLessThan(0.05);
  });

  it('when shelves of -3 dB are asked, then they reach -3 dB on their side and stay flat on the other', () => {
    expect(magnitudeDb(lowShelf(120, 0.8, -3, 44100), 20, 44100)).toBeCloseTo(-3, 1);
    expect(Math.abs(magnitudeDb(lowShelf(120, 0.8, -3, 44100), 5000, 44100))).toBeLessThan(0.05);
    expect(magnitudeDb(highShelf(8000, 0.8, -3, 44100), 20000, 44100)).toBeCloseTo(-3, 0);
  });
});

describe('true-peak FIR', () => {
  it('when the unrolled FIR and the reference loop see the same samples, then they agree', () => {
    const random = createRandom(5);
    const p = Float32Array.from({ length: 200 }, () => 2 * random() - 1);
    for (let i = 0; i < 180; i++) expect(interpolatedPeak(p, i)).toBeCloseTo(interpolatedPeakReference(p, i), 12);
  });
});

describe('true-peak limiter', () => {
  it('when white noise 12 dB over the ceiling passes, then its output true peak stays at the ceiling', () => {
    const chain = createChain(params(-1.2), { mono: false });
    const random = createRandom(9);
    const frames = CHAIN_BLOCK * 40;
    const out = new Float32Array(frames * 2);
    const l = new Float32Array(CHAIN_BLOCK);
    const r = new Float32Array(CHAIN_BLOCK);
    const ol = new Float32Array(CHAIN_BLOCK);
    const or = new Float32Array(CHAIN_BLOCK);
    for (let b = 0; b < 40; b++) {
      for (let i = 0; i < CHAIN_BLOCK; i++) {
        l[i] = 4 * (2 * random() - 1);
        r[i] = 4 * (2 * random() - 1);
      }
      runLimiterStage(chain, l, r, CHAIN_BLOCK, ol, or);
      for (let i = 0; i < CHAIN_BLOCK; i++) {
        out[(b * CHAIN_BLOCK + i) * 2] = ol[i]!;
        out[(b * CHAIN_BLOCK + i) * 2 + 1] = or[i]!;
      }
    }
    const truePeak = measureLoudness(out, 44100, 2).truePeakDb;
    expect(truePeak).toBeLessThanOrEqual(-1.1);
    expect(truePeak).toBeGreaterThan(-1.6);
  });

  /** Milliseconds after a burst `burstMs` long, 12 dB over the ceiling, ends until the limiter's gain is back within 1.4 dB. */
  function recoveryMs(burstMs: number): number {
    const chain = createChain(params(-1.2), { mono: true });
    const burstStart = 44100;
    const burstEnd = burstStart + Math.round((burstMs / 1000) * 44100);
    const frames = burstEnd + 3 * 44100;
    const level = 0.3;
    const over = 4 * Math.pow(10, -1.2 / 20);
    const input = Float32Array.from({ length: frames }, (_, n) => (n >= burstStart && n < burstEnd ? over : level) * Math.sin((2 * Math.PI * 1000 * n) / 44100));
    const output = new Float32Array(frames);
    const ol = new Float32Array(CHAIN_BLOCK);
    const or = new Float32Array(CHAIN_BLOCK);
    for (let position = 0; position < frames; position += CHAIN_BLOCK) {
      const count = Math.min(CHAIN_BLOCK, frames - position);
      const block = input.slice(position, position + count);
      runLimiterStage(chain, block, block, count, ol, or);
      output.set(ol.subarray(0, count), position);
    }
    // 1 ms windows (one period of the tone) of the output, aligned with the input.
    const window = 44;
    for (let start = burstEnd + chain.latency; start + window < frames; start += window) {
      let peak = 0;
      for (let n = start; n < start + window; n++) peak = Math.max(peak, Math.abs(output[n]!));
      if (peak / level >= Math.pow(10, -1.4 / 20)) return ((start - burstEnd - chain.latency) / 44100) * 1000;
    }
    return Infinity;
  }

  it('when a short transient and a sustained passage drive it equally hard, then it recovers faster after the transient', () => {
    const transient = recoveryMs(5);
    const sustained = recoveryMs(1000);
    expect(transient).toBeLessThan(100);
    expect(sustained).toBeGreaterThan(3 * transient);
  });

  it('when the input is below the ceiling, then the limiter only delays it', () => {
    const chain = createChain(params(-1), { mono: true });
    const l = Float32Array.from({ length: CHAIN_BLOCK }, (_, i) => 0.5 * Math.sin(i * 0.01));
    const ol = new Float32Array(CHAIN_BLOCK);
    const or = new Float32Array(CHAIN_BLOCK);
    runLimiterStage(chain, l, l, CHAIN_BLOCK, ol, or);
    for (let i = chain.latency; i < CHAIN_BLOCK; i++) expect(ol[i]).toBeCloseTo(l[i - chain.latency]!, 6);
  });
});

describe('M/S equalisation', () => {
  it('when the side gets air and a bass cut, then the side rises above 8 kHz, falls under 120 Hz, and the mid stays as it was', () => {
    const chain = createChain({ ...params(-1), highPassHz: 5, midSide: { sideAirDb: 3, sideBassDb: -6 } }, { mono: false });
    const random = createRandom(21);
    const blocks = 40;
    const frames = CHAIN_BLOCK * blocks;
    const midIn = new Float64Array(frames);
    const sideIn = new Float64Array(frames);
    const midOut = new Float64Array(frames);
    const sideOut = new Float64Array(frames);
    const l = new Float32Array(CHAIN_BLOCK);
    const r = new Float32Array(CHAIN_BLOCK);
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < CHAIN_BLOCK; i++) {
        const m = 0.2 * (2 * random() - 1);
        const s = 0.1 * (2 * random() - 1);
        midIn[b * CHAIN_BLOCK + i] = m;
        sideIn[b * CHAIN_BLOCK + i] = s;
        l[i] = m + s;
        r[i] = m - s;
      }
      runLinearStage(chain, l, r, CHAIN_BLOCK);
      for (let i = 0; i < CHAIN_BLOCK; i++) {
        midOut[b * CHAIN_BLOCK + i] = (l[i]! + r[i]!) / 2;
        sideOut[b * CHAIN_BLOCK + i] = (l[i]! - r[i]!) / 2;
      }
    }
    // Band power change, dB: the white-noise inputs have equal power per bin.
    const change = (before: Float64Array, after: Float64Array, lowHz: number, highHz: number) =>
      10 * Math.log10(bandPower(powerSpectrum(after), 44100, lowHz, highHz) / bandPower(powerSpectrum(before), 44100, lowHz, highHz));
    expect(change(sideIn, sideOut, 12000, 20000)).toBeGreaterThan(2.5);
    expect(change(sideIn, sideOut, 30, 80)).toBeLessThan(-4.5);
    expect(Math.abs(change(sideIn, sideOut, 800, 2000))).toBeLessThan(0.3);
    for (const [low, high] of [[30, 80], [800, 2000], [12000, 20000]] as const) expect(Math.abs(change(midIn, midOut, low, high))).toBeLessThan(0.1);
    expect(Number.isFinite(bandShareDb(powerSpectrum(sideOut), 44100, 12000, 20000))).toBe(true);
  });

  it('when the source is mono, then the M/S stage leaves both channels identical', () => {
    const chain = createChain({ ...params(-1), midSide: { sideAirDb: 3, sideBassDb: -6 } }, { mono: true });
    const random = createRandom(22);
    const l = Float32Array.from({ length: CHAIN_BLOCK }, () => 0.3 * (2 * random() - 1));
    const r = new Float32Array(CHAIN_BLOCK);
    runLinearStage(chain, l, r, CHAIN_BLOCK);
    expect(r).toEqual(l);
  });
});
