import { describe, expect, it } from 'vitest';
import { excerptOf } from './excerpt.js';

/** 100 peaks over `durationS`: quiet, with a loud passage from `loudFromS` for `loudS` seconds. */
function demoWith(durationS: number, loudFromS: number, loudS: number) {
  const peaks = Array.from({ length: 100 }, (_, index) => {
    const at = (index / 100) * durationS;
    return at >= loudFromS && at < loudFromS + loudS ? 0.9 : 0.2;
  });
  return { peaks, durationS };
}

describe('excerptOf', () => {
  it('when a demo has a loud chorus, then the excerpt is 20 s starting at it', () => {
    expect(excerptOf(demoWith(210, 105, 21), 20)).toEqual({ fromS: 105, lengthS: 20 });
  });

  it('when the loudest part is at the very end, then the excerpt still has its full length', () => {
    expect(excerptOf(demoWith(200, 190, 10), 20)).toEqual({ fromS: 180, lengthS: 20 });
  });

  it('when the demo is shorter than the excerpt, then the whole demo plays', () => {
    expect(excerptOf(demoWith(12, 0, 12), 20)).toEqual({ fromS: 0, lengthS: 12 });
  });

  it('when the demo has no peaks, then the excerpt starts a third of the way in', () => {
    expect(excerptOf({ peaks: [], durationS: 200 }, 20)).toEqual({ fromS: 60, lengthS: 20 });
  });
});
