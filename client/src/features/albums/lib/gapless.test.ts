import { describe, expect, it } from 'vitest';
import { backToBackStarts } from './gapless.js';

describe('back-to-back starts', () => {
  it('when three tracks are scheduled, then each starts exactly where the one before ends', () => {
    const durations = [3.25, 4.5, 1.125];
    const starts = backToBackStarts(10, durations);
    expect(starts).toEqual([10, 13.25, 17.75]);
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBe(starts[i - 1]! + durations[i - 1]!);
  });

  it('when nothing is scheduled, then there is no start', () => {
    expect(backToBackStarts(0, [])).toEqual([]);
  });
});
