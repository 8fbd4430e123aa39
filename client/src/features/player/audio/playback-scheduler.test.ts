import { describe, expect, it } from 'vitest';
import { limiterMakeupGain } from './playback-scheduler.js';

describe("the platform limiter's makeup gain", () => {
  it('when the limiter is set at -1 dB and 20:1, then the gain the compressor adds on its own is taken off (about 0.57 dB)', () => {
    const makeup = limiterMakeupGain(-1, 20);
    expect(20 * Math.log10(makeup)).toBeCloseTo(0.57, 2);
  });

  it('when the threshold is at full scale, then the compressor adds nothing to take off', () => {
    expect(limiterMakeupGain(0, 20)).toBe(1);
  });
});
