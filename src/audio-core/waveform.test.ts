import { describe, expect, it } from 'vitest';
import { PeakWaveform } from './waveform.js';

describe('the waveform peaks', () => {
  it('when blocks are added, then each slice holds the largest magnitude of any channel in it', () => {
    const waveform = new PeakWaveform(4, 2);
    waveform.add(Float32Array.from([0.1, -0.5, 0.2, 0.1]), 2, 0, 2);
    waveform.add(Float32Array.from([0.3, 0, -0.9, 0.2]), 2, 2, 2);
    expect(waveform.result()).toEqual([0.5, 0.9]);
  });

  it('when channels are fed one after the other, then the peaks are those of the interleaved track', () => {
    const frames = 1000;
    const left = new Float32Array(frames).map((_, i) => Math.sin(i / 7) * (i / frames));
    const right = new Float32Array(frames).map((_, i) => Math.cos(i / 3) * (1 - i / frames));
    const interleaved = new Float32Array(frames * 2);
    left.forEach((sample, i) => (interleaved[2 * i] = sample));
    right.forEach((sample, i) => (interleaved[2 * i + 1] = sample));
    const together = new PeakWaveform(frames, 64);
    for (let start = 0; start < frames; start += 300) together.add(interleaved.subarray(start * 2), 2, start, Math.min(300, frames - start));
    const apart = new PeakWaveform(frames, 64);
    apart.add(left, 1, 0, frames);
    apart.add(right, 1, 0, frames);
    expect(apart.result()).toEqual(together.result());
    // Checked against a slice-by-slice reading of the same samples.
    const expected = Array.from({ length: 64 }, (_, point) => {
      let peak = 0;
      for (let i = 0; i < frames; i++) if (Math.floor((i * 64) / frames) === point) peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
      return Math.round(peak * 10000) / 10000;
    });
    expect(together.result()).toEqual(expected);
  });

  it('when frames run past the length, then they count in the last slice; loud samples clip to 1, and no frames give no peaks', () => {
    const waveform = new PeakWaveform(2, 2);
    waveform.add(Float32Array.from([0.1, 0.2, 0.3, 1.5]), 1, 0, 4);
    expect(waveform.result()).toEqual([0.1, 1]);
    expect(new PeakWaveform(0).result()).toEqual([]);
  });
});
