import { describe, expect, it } from 'vitest';
import { BAR_SPACING, BAR_WIDTH, waveformBars } from './waveform.js';

describe('waveformBars (2 px bars at 3.5 px from 512 points)', () => {
  const peaks = Array.from({ length: 512 }, (_, i) => (i % 64) / 64);

  it('when drawn 700 px wide, then one 2 px bar every 3.5 px that fits whole', () => {
    const bars = waveformBars(peaks, 700, 100);
    expect(bars).toHaveLength(Math.floor((700 - BAR_WIDTH) / BAR_SPACING) + 1);
    expect(bars.slice(0, 3).map((b) => b.x)).toEqual([0, 3.5, 7]);
    expect(bars.every((b) => b.width === 2)).toBe(true);
    const last = bars[bars.length - 1]!;
    expect(last.x + last.width).toBeLessThanOrEqual(700);
  });

  it('when a bar covers several points, then it takes the largest and is centred', () => {
    const spike = new Array(512).fill(0.1);
    spike[300] = 0.9;
    const bars = waveformBars(spike, 100, 50);
    const tallest = Math.max(...bars.map((b) => b.height));
    expect(tallest).toBeCloseTo(45);
    for (const bar of bars) expect(bar.y + bar.height / 2).toBeCloseTo(25);
  });

  it('when silent, then hairlines remain; when there are no peaks, then no bars', () => {
    expect(waveformBars(new Array(512).fill(0), 50, 40).every((b) => b.height === 1)).toBe(true);
    expect(waveformBars([], 500, 40)).toEqual([]);
  });
});
