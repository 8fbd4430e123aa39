import { describe, expect, it } from 'vitest';
import { interpolatedPeak, interpolatedPeakReference, truePeakOf, truePeakOfPadded } from './true-peak.js';

describe('the true-peak filter of BS.1770-4 Annex 2', () => {
  it('when fed random samples, then the unrolled filter equals the one written from the annex table', () => {
    const p = new Float32Array(4096).map((_, i) => Math.sin(i * 12.9898) * Math.cos(i * 4.1414));
    for (let n = 0; n < p.length - 12; n += 7) expect(interpolatedPeak(p, n)).toBeCloseTo(interpolatedPeakReference(p, n), 12);
  });

  it('when a quarter-rate sine peaks between its samples, then the true peak is found 3 dB above the sample peak', () => {
    const count = 4096;
    const padded = new Float32Array(count + 11).map((_, i) => 0.9 * Math.sin((Math.PI / 2) * i + Math.PI / 4));
    const peak = truePeakOfPadded(padded, count, 0);
    expect(peak).toBeGreaterThan(0.88);
    expect(peak).toBeLessThan(0.92);
  });

  it('when a whole channel is measured, then its first samples count, its inter-sample peak is found, and silence measures 0', () => {
    // A quarter-rate sine whose samples reach 0.9 / sqrt 2; the waveform between them reaches 0.9.
    const sine = new Float32Array(4096).map((_, i) => 0.9 * Math.sin((Math.PI / 2) * i + Math.PI / 4));
    expect(truePeakOf(sine)).toBeGreaterThan(0.88);
    expect(truePeakOf(sine)).toBeLessThan(0.92);
    const click = new Float32Array(64);
    click[0] = -0.5;
    expect(truePeakOf(click)).toBeCloseTo(0.5, 6);
    expect(truePeakOf(new Float32Array(1000))).toBe(0);
  });
});
