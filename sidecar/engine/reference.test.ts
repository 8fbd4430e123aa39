import { describe, expect, it } from 'vitest';
import { magnitudeDb } from './dsp/biquad.js';
import { eqFilters, TONE_BANDS } from './dsp/chain.js';
import type { TrackAnalysis } from './index.js';
import { MAX_REFERENCE_MOVE_DB, REFERENCE_BAND_CENTRES_HZ, referenceToneGains, styleTowardReference, styleWithReference, tonalDistanceDb, type ReferenceAnalysis } from './reference.js';
import { budgetOf } from './style.js';
import { seededStyle } from './testing/seed-styles.js';

const RATE = 44100;
const natural = seededStyle('Natural');
const flat = REFERENCE_BAND_CENTRES_HZ.map(() => 0);
/** A spectrum shaped by the tone EQ itself with these gains: the answer is known. */
const shapedBy = (gains: Record<(typeof TONE_BANDS)[number], number>) => {
  const filters = eqFilters(gains, 0, RATE);
  return REFERENCE_BAND_CENTRES_HZ.map((f) => filters.reduce((sum, c) => sum + magnitudeDb(c, f, RATE), 0));
};
const mix = (over: Partial<TrackAnalysis> = {}): TrackAnalysis => ({
  sampleRate: RATE,
  channels: 2,
  frames: RATE * 10,
  durationS: 10,
  lufs: -20,
  shortTermLufs: -20,
  lra: 6,
  truePeak: -3,
  samplePeak: -3,
  crest: 14,
  bandLevelsDb: { low: -2, lowMid: -6, mid: -7, highMid: -10, high: -14 },
  waveform: [],
  ...over,
});
const reference = (over: Partial<ReferenceAnalysis> = {}): ReferenceAnalysis => ({ spectrumDb: flat, lufs: -9, lra: 3, truePeak: 1, plr: 10, ...over });

describe('tonal distance', () => {
  it('when two spectra differ only in level, then their distance is 0', () => {
    expect(tonalDistanceDb(flat, flat.map(() => 7))).toBe(0);
  });

  it('when two spectra differ by +3 dB in half the bands and -3 dB in the other half, then their distance is 3 dB', () => {
    const even = REFERENCE_BAND_CENTRES_HZ.slice(0, 26).map((_, i) => (i % 2 === 0 ? 3 : -3));
    expect(tonalDistanceDb(even, even.map(() => 0))).toBe(3);
  });

  it('when either side is silence, then there is no distance', () => {
    expect(tonalDistanceDb(null, flat)).toBeNull();
  });
});

describe('reference tone gains', () => {
  it('when the reference differs from the mix by what the tone EQ itself makes, then the gains found make that balance within 0.2 dB (levels aside)', () => {
    const made = { low: 2, lowMid: -1, mid: 0.5, highMid: 1.5, high: 3 };
    const gains = referenceToneGains(flat, shapedBy(made), RATE);
    expect(tonalDistanceDb(shapedBy(gains), shapedBy(made))).toBeLessThanOrEqual(0.2);
  });

  it('when the reference is far brighter than any EQ move, then no band moves more than 6 dB', () => {
    const steep = REFERENCE_BAND_CENTRES_HZ.map((f) => 12 * Math.log2(f / 1000));
    const gains = referenceToneGains(flat, steep, RATE);
    for (const band of TONE_BANDS) expect(Math.abs(gains[band])).toBeLessThanOrEqual(MAX_REFERENCE_MOVE_DB);
    expect(gains.high).toBe(MAX_REFERENCE_MOVE_DB);
  });
});

describe('a style steered toward a reference', () => {
  it('when the reference is louder than the style target and clipped over 0 dBTP, then the target stays the style one and the ceiling at most -1 dBTP', () => {
    const steered = styleWithReference(natural, mix(), flat, reference({ lufs: -8, truePeak: 1 }));
    expect(steered.processing.targetLufs).toBe(natural.processing.targetLufs);
    expect(steered.processing.ceilingDbtp).toBeLessThanOrEqual(-1);
  });

  it('when the reference is quieter than the style target, then its loudness is the target', () => {
    expect(styleWithReference(natural, mix(), flat, reference({ lufs: -19.5 })).processing.targetLufs).toBe(-19.5);
  });

  it('when the reference has a third of the mix loudness range and a much lower peak-to-loudness ratio, then the master may keep a third of the range and the budget grows at most to 1.6 times the style one', () => {
    const steered = styleWithReference(natural, mix({ lra: 9, truePeak: -1, lufs: -21 }), flat, reference({ lra: 3, plr: 6 }));
    const budget = budgetOf(steered.processing);
    expect(budget.lraShare).toBe(0.4);
    expect(budget.limiterDb).toBeCloseTo(budgetOf(natural.processing).limiterDb * 1.6, 2);
  });

  it('when the reference is more dynamic than the mix, then its share is 1 and the budget shrinks to 0.35 of the style one', () => {
    const steered = styleWithReference(natural, mix({ lra: 3 }), flat, reference({ lra: 8, plr: 20 }));
    const budget = budgetOf(steered.processing);
    expect(budget.lraShare).toBe(1);
    expect(budget.limiterDb).toBeCloseTo(budgetOf(natural.processing).limiterDb * 0.35, 2);
  });

  it('when the mix is silence, then the tone is left flat', () => {
    const steered = styleWithReference(natural, mix({ lufs: null, truePeak: null }), null, reference());
    expect(Object.values(steered.processing.tone)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('a style steered toward a reference at amounts', () => {
  const dark = shapedBy({ low: 3, lowMid: 1, mid: 0, highMid: -2, high: -4 });

  it('when the amounts are the default, then the style is the one steered toward the reference', () => {
    expect(styleTowardReference(natural, mix(), dark, reference())).toEqual(styleWithReference(natural, mix(), dark, reference()));
  });

  it('when tone is 50 % and dynamics 0 %, then the move toward the reference is halved in every tone band and no budget is left, while the target stays the reference one', () => {
    const full = styleWithReference(natural, mix(), dark, reference({ lufs: -16 }));
    const scaled = styleTowardReference(natural, mix(), dark, reference({ lufs: -16 }), { tone: 50, width: 100, dynamics: 0 });
    expect(Math.abs(full.processing.tone.high)).toBeGreaterThan(1);
    for (const band of TONE_BANDS) expect(scaled.processing.tone[band]).toBeCloseTo(full.processing.tone[band] / 2, 1);
    expect(budgetOf(scaled.processing).limiterDb).toBe(0);
    expect(scaled.processing.targetLufs).toBe(-16);
  });
});
