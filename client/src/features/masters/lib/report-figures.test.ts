import { describe, expect, it } from 'vitest';
import { PLATFORM_RULES } from '../../../../../src/modules/platforms/platforms.schemas.js';
import { loudnessOutcomeOf, normalisationOf, reportFiguresOf } from './report-figures.js';

const target = (id: 'spotify' | 'appleMusic' | 'youtube') => PLATFORM_RULES[id === 'spotify' ? 'spotifyNormal' : id];

describe('report figures', () => {
  it('when measurements carry master, original and an EQ curve, then all three are read', () => {
    const figures = reportFiguresOf({
      lufs: -9.5,
      truePeak: -1.1,
      lra: 5.2,
      frames: 44100,
      channels: 2,
      sampleRate: 44100,
      original: { lufs: -18, truePeak: -3, lra: 8, crest: 17 },
      eq: { frequencies: [1000, 60], gainsDb: [-0.5, 1.5] },
    });
    expect(figures.master).toMatchObject({ lufs: -9.5, truePeak: -1.1, lra: 5.2, crest: null });
    expect(figures.master?.plr).toBeCloseTo(8.4);
    expect(figures.original).toMatchObject({ lufs: -18, crest: 17 });
    expect(figures.eq).toEqual([{ hz: 60, db: 1.5 }, { hz: 1000, db: -0.5 }]);
  });

  it('when a loud, clipped mix was kept at its loudness or brought to the target, then the outcome says so with the overs removed, not only that it was held back', () => {
    const measured = { lufs: -10.6, truePeak: -1.2, frames: 1, channels: 2, sampleRate: 44100, targetLufs: -9, heldBackLu: 1.6 };
    const kept = reportFiguresOf({ ...measured, keptMixLoudness: true, mixAboveTarget: false, oversRemovedDb: 2.4 }).budget!;
    expect(loudnessOutcomeOf(kept)).toEqual({ kind: 'keptMix', oversDb: 2.4 });
    const above = reportFiguresOf({ ...measured, heldBackLu: 0, keptMixLoudness: true, mixAboveTarget: true, oversRemovedDb: 1.2 }).budget!;
    expect(loudnessOutcomeOf(above)).toEqual({ kind: 'aboveTarget', oversDb: 1.2 });
    // A mix without overs (or an older master that does not say) is told as before.
    expect(loudnessOutcomeOf(reportFiguresOf({ ...measured, keptMixLoudness: true, oversRemovedDb: null }).budget!)).toEqual({ kind: 'keptMix', oversDb: null });
    expect(loudnessOutcomeOf(reportFiguresOf(measured).budget!)).toEqual({ kind: 'heldBack' });
    expect(loudnessOutcomeOf(reportFiguresOf({ ...measured, heldBackLu: 0 }).budget!)).toEqual({ kind: 'reached' });
  });

  it('when a master was made toward a reference, then its distances before and after are read; a silent side (null) or no reference gives none', () => {
    const measured = { lufs: -11, truePeak: -1.2, frames: 1, channels: 2, sampleRate: 44100 };
    expect(reportFiguresOf({ ...measured, reference: { distanceBeforeDb: 5.9, distanceAfterDb: 2.3 } }).reference).toEqual({ beforeDb: 5.9, afterDb: 2.3 });
    expect(reportFiguresOf({ ...measured, reference: { distanceBeforeDb: null, distanceAfterDb: 2.3 } }).reference).toBeNull();
    expect(reportFiguresOf(measured).reference).toBeNull();
  });

  it('when measurements carry the target and heldBackLu, then the budget is read; without heldBackLu (an older master) it is null', () => {
    const measured = { lufs: -11.8, truePeak: -1.3, frames: 1, channels: 2, sampleRate: 44100, targetLufs: -10 };
    expect(reportFiguresOf({ ...measured, heldBackLu: 1.8 }).budget).toEqual({ targetLufs: -10, heldBackLu: 1.8 });
    expect(reportFiguresOf({ ...measured, heldBackLu: 0 }).budget).toEqual({ targetLufs: -10, heldBackLu: 0 });
    expect(reportFiguresOf(measured).budget).toBeNull();
  });

  it('when there are no measurements, or no original and too short an EQ curve, then those parts are null', () => {
    expect(reportFiguresOf(null)).toEqual({ original: null, master: null, eq: null, budget: null, reference: null });
    const bare = reportFiguresOf({ lufs: -10, truePeak: -1, frames: 1, channels: 1, sampleRate: 44100, eq: { frequencies: [100], gainsDb: [1] } });
    expect(bare.original).toBeNull();
    expect(bare.eq).toBeNull();
    expect(bare.master).toMatchObject({ lufs: -10, truePeak: -1, lra: null, crest: null });
  });

  it('when a loud master is normalised, then every service turns it down to its reference', () => {
    const loud = { lufs: -8, truePeak: -1, lra: 4, crest: null, plr: 7 };
    expect(normalisationOf(loud, target('spotify'))).toMatchObject({ gainDb: -6, peakLimited: false });
    expect(normalisationOf(loud, target('appleMusic'))).toMatchObject({ gainDb: -8, peakLimited: false });
    expect(normalisationOf(loud, target('youtube'))).toMatchObject({ gainDb: -6, peakLimited: false });
  });

  it('when a quiet track is normalised, then YouTube leaves it and the others raise it only up to the peak ceiling', () => {
    const quiet = { lufs: -20, truePeak: -4, lra: 9, crest: 15, plr: 16 };
    expect(normalisationOf(quiet, target('youtube'))).toMatchObject({ gainDb: 0, peakLimited: false });
    expect(normalisationOf(quiet, target('spotify'))).toMatchObject({ gainDb: 3, peakLimited: true });
    expect(normalisationOf({ ...quiet, truePeak: -12 }, target('appleMusic'))).toMatchObject({ gainDb: 4, peakLimited: false });
    expect(normalisationOf({ ...quiet, lufs: null }, target('spotify'))).toBeNull();
  });
});
