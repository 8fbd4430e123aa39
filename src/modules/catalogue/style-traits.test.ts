import { describe, expect, it } from 'vitest';
import type { TStyleProcessing } from './catalogue.schemas.js';
import { styleTraits } from './catalogue.service.js';

const neutral: TStyleProcessing = {
  targetLufs: -14,
  ceilingDbtp: -1,
  tone: { low: 0, lowMid: 0, mid: 0, highMid: 0, high: 0 },
  eqStrength: 0.5,
  maxEqDb: 4,
  compression: { ratio: 2, thresholdLu: 3, attackMs: 20, releaseMs: 150 },
  width: 1,
  saturation: 0,
};

describe('style traits', () => {
  it('when a style moves nothing clearly, then it has no traits', () => {
    expect(styleTraits(neutral)).toEqual([]);
  });

  it('when a style lifts the lows and the top, compresses hard, widens and saturates, then each move is named', () => {
    expect(
      styleTraits({ ...neutral, tone: { low: 3, lowMid: -1, mid: 0, highMid: 0.5, high: 2 }, compression: { ...neutral.compression, ratio: 3 }, width: 1.2, saturation: 0.3 }),
    ).toEqual(['fullLowEnd', 'cleanLowMids', 'brightTop', 'punchy', 'wide', 'analogColour']);
  });

  it('when a style is soft and narrow with a gentle compressor, then it reads warm, soft, dynamic and focused', () => {
    expect(styleTraits({ ...neutral, tone: { low: 0, lowMid: 1, mid: 0, highMid: -1, high: -1.5 }, compression: { ...neutral.compression, ratio: 1.3 }, width: 0.9 })).toEqual([
      'warmBody',
      'softTop',
      'dynamic',
      'focused',
    ]);
  });

  it('when a style puts air on the sides, keeps the bass in the middle and holds the low end in its own band, then each is named', () => {
    expect(styleTraits({ ...neutral, midSide: { sideAirDb: 2, sideBassDb: -6 }, multiband: { ratios: { low: 2, mid: 1.3, high: 1.3 }, thresholdLu: 4 } })).toEqual([
      'airySides',
      'centredBass',
      'bandwiseLowEnd',
    ]);
    expect(styleTraits({ ...neutral, midSide: { sideAirDb: 1, sideBassDb: -2 } })).toEqual([]);
  });
});
