import { describe, expect, it } from 'vitest';
import { createMultiband, runMultiband, type MultibandBand, type MultibandParams } from './multiband.js';

const FS = 44100;
const BLOCK = 4096;

const band = (thresholdDbfs: number, ratio: number): MultibandBand => ({ thresholdDbfs, ratio, attackMs: 20, releaseMs: 200, detectorMs: 40 });
const params = (low: MultibandBand, mid: MultibandBand, high: MultibandBand): MultibandParams => ({ crossoversHz: [150, 6000], kneeDb: 6, bands: [low, mid, high] });

/** Runs a mono signal through the stage block by block. */
function process(p: MultibandParams, input: Float32Array): Float32Array {
  const mb = createMultiband(p, { mono: true, sampleRate: FS, blockSize: BLOCK });
  const out = new Float32Array(input.length);
  const right = new Float32Array(BLOCK);
  for (let position = 0; position < input.length; position += BLOCK) {
    const count = Math.min(BLOCK, input.length - position);
    const block = input.slice(position, position + count);
    runMultiband(mb, block, right, count, FS);
    out.set(block.subarray(0, count), position);
  }
  return out;
}

/** Amplitude of the `hz` component of `x[start, start + length)` (a DFT bin: `length` holds whole cycles of it). */
function amplitudeAt(x: Float32Array, hz: number, start: number, length: number): number {
  let re = 0;
  let im = 0;
  for (let n = 0; n < length; n++) {
    const phase = (2 * Math.PI * hz * n) / FS;
    re += x[start + n]! * Math.cos(phase);
    im -= x[start + n]! * Math.sin(phase);
  }
  return (2 * Math.hypot(re, im)) / length;
}

const db = (x: number) => 20 * Math.log10(x);

describe('three-band compressor', () => {
  it('when no band compresses, then the stage passes the track unchanged (no phase rotation, no delay)', () => {
    const idle = params(band(0, 1), band(0, 1), band(0, 1));
    let seed = 7;
    const input = Float32Array.from({ length: FS }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648 - 0.5;
    });
    const output = process(idle, input);
    let worst = 0;
    for (let n = 0; n < input.length; n++) worst = Math.max(worst, Math.abs(output[n]! - input[n]!));
    expect(worst).toBeLessThan(1e-6);
    // A 150 Hz tone (at the crossover, where Linkwitz-Riley bands would turn it by 180 degrees) too.
    const tone = Float32Array.from({ length: FS }, (_, n) => 0.5 * Math.sin((2 * Math.PI * 150 * n) / FS));
    const toneOut = process(idle, tone);
    expect(Math.max(...tone.map((x, n) => Math.abs(toneOut[n]! - x)))).toBeLessThan(1e-6);
  });

  it('when 808 hits come and go under a steady 8 kHz tone, then the low band is held down and the tone above does not duck with it', () => {
    // Low band: 4:1 from -30 dBFS; the mid and high bands idle above their thresholds.
    const p = params(band(-30, 4), band(-10, 2), band(-10, 2));
    const frames = 4 * FS;
    const hit = 0.5;
    const tone = 0.1;
    // 40 Hz hits, 250 ms on and 250 ms off, under the tone.
    const on = (n: number) => Math.floor(n / (FS / 4)) % 2 === 0;
    const input = Float32Array.from({ length: frames }, (_, n) => (on(n) ? hit * Math.sin((2 * Math.PI * 40 * n) / FS) : 0) + tone * Math.sin((2 * Math.PI * 8000 * n) / FS));
    const output = process(p, input);
    // 50 ms windows (2 cycles of 40 Hz, 400 of 8 kHz) from the second second on.
    const window = FS / 20;
    const toneLevels: number[] = [];
    const hitChange: number[] = [];
    for (let start = FS; start + window <= frames; start += window) {
      toneLevels.push(db(amplitudeAt(output, 8000, start, window) / tone));
      if (on(start) && on(start + window - 1)) hitChange.push(db(amplitudeAt(output, 40, start, window) / amplitudeAt(input, 40, start, window)));
    }
    expect(Math.max(...toneLevels) - Math.min(...toneLevels)).toBeLessThan(0.1);
    expect(Math.abs(toneLevels[0]!)).toBeLessThan(0.1);
    // -6 dBFS hits 20 dB over a 4:1 threshold: well over 6 dB taken off once the gain has settled.
    expect(Math.max(...hitChange.slice(1))).toBeLessThan(-6);
  });
});
