import { describe, expect, it } from 'vitest';
import { applyGainOversampled, createOversampledGain, HALF_BAND_PASS_HZ, halfBandResponse, halfBandTaps, OVERSAMPLED_GAIN_LATENCY } from './half-band.js';

const RATE = 44100;
const BLOCK = 4096;

/** Amplitude of the `frequency` component of `x` (a Hann-windowed DFT bin, independent of the code under test). */
function amplitudeAt(x: Float32Array, frequency: number): number {
  let re = 0;
  let im = 0;
  let windowSum = 0;
  for (let n = 0; n < x.length; n++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / (x.length - 1));
    const phase = (2 * Math.PI * frequency * n) / RATE;
    re += w * x[n]! * Math.cos(phase);
    im -= w * x[n]! * Math.sin(phase);
    windowSum += w;
  }
  return (2 * Math.hypot(re, im)) / windowSum;
}

/** Streams `input` (mono) times `gain` through the oversampled stage, latency removed. */
function applyStreamed(input: Float32Array, gain: Float32Array): Float32Array {
  const state = createOversampledGain(BLOCK);
  const total = input.length + OVERSAMPLED_GAIN_LATENCY;
  const out = new Float32Array(total);
  const x = new Float32Array(BLOCK);
  const g = new Float32Array(BLOCK);
  const outL = new Float32Array(BLOCK);
  const outR = new Float32Array(BLOCK);
  for (let position = 0; position < total; position += BLOCK) {
    const count = Math.min(BLOCK, total - position);
    for (let i = 0; i < count; i++) {
      x[i] = input[position + i] ?? 0;
      g[i] = gain[position + i] ?? 1;
    }
    applyGainOversampled(state, x, x, g, count, true, outL, outR);
    out.set(outL.subarray(0, count), position);
  }
  return out.subarray(OVERSAMPLED_GAIN_LATENCY);
}

describe('half-band filter', () => {
  it('when its response is evaluated, then the stopband is at least 80 dB down and the passband flat within 0.01 dB', () => {
    const taps = halfBandTaps();
    let stopband = -Infinity;
    for (let f = 2 * 22050 - HALF_BAND_PASS_HZ; f <= 2 * 22050; f += 1) stopband = Math.max(stopband, 20 * Math.log10(halfBandResponse(taps, f / (2 * RATE))));
    let ripple = 0;
    for (let f = 0; f <= HALF_BAND_PASS_HZ; f += 1) ripple = Math.max(ripple, Math.abs(20 * Math.log10(halfBandResponse(taps, f / (2 * RATE)))));
    expect(stopband).toBeLessThanOrEqual(-80);
    expect(ripple).toBeLessThan(0.01);
  });
});

describe('gain applied at 2x', () => {
  it('when the gain holds still, then the output is exactly the input times the gain', () => {
    const input = Float32Array.from({ length: 3 * BLOCK }, (_, n) => 0.5 * Math.sin(n * 0.3) + 0.3 * Math.sin(n * 2.9));
    const gain = new Float32Array(input.length).fill(0.5);
    const out = applyStreamed(input, gain);
    // Where the spans checked for a moving gain reach neither the stream's start nor its end (gain 1 outside).
    const margin = 4 * OVERSAMPLED_GAIN_LATENCY;
    for (let n = margin; n < input.length - margin; n++) expect(out[n]).toBe(Math.fround(input[n]! * 0.5));
  });

  it('when a 17 kHz tone is gain-modulated at 9 kHz, then the product at 26 kHz is filtered out instead of folding back to 18.1 kHz', () => {
    const frames = 8 * BLOCK;
    const input = Float32Array.from({ length: frames }, (_, n) => 0.5 * Math.sin((2 * Math.PI * 17000 * n) / RATE));
    const gain = Float32Array.from({ length: frames }, (_, n) => 0.75 + 0.25 * Math.cos((2 * Math.PI * 9000 * n) / RATE));
    const baseRate = Float32Array.from(input, (x, n) => x * gain[n]!);
    const oversampled = applyStreamed(input, gain);
    const skip = 2 * BLOCK;
    const foldedBase = amplitudeAt(baseRate.subarray(skip), 18100);
    const foldedOversampled = amplitudeAt(oversampled.subarray(skip, frames - BLOCK), 18100);
    const wanted = amplitudeAt(oversampled.subarray(skip, frames - BLOCK), 17000);
    // At the base rate the upper sideband (0.5 * 0.125 at 26 kHz) folds to 18.1 kHz.
    expect(20 * Math.log10(foldedBase / 0.0625)).toBeGreaterThan(-1);
    expect(20 * Math.log10(foldedOversampled / wanted)).toBeLessThan(-70);
    expect(wanted).toBeCloseTo(0.375, 2);
  });
});
