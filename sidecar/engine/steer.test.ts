import { describe, expect, it } from 'vitest';
import { ZStyleProcessing } from '../../src/audio-core/style-parameters.js';
import { DEFAULT_AMOUNTS, LOW_UNDER_MEDIUM_LU, paramsAtIntensity, paramsWithAmounts, styleAtIntensity, styleWithTarget } from './steer.js';
import { albumTargets, anchorOf, lowTargetLufs } from './steered-master.js';
import { seededEngineStyles } from './testing/seed-styles.js';

const styles = seededEngineStyles();
const byLabel = (label: string) => styles.find((s) => `${s.groupName}/${s.name}` === label)!;

describe('a style steered by intensity', () => {
  it('when the intensity is medium, then the style is the catalogue style itself', () => {
    const style = byLabel('Pop/Bright');
    expect(styleAtIntensity(style, 'medium')).toBe(style);
  });

  it('when every style is steered, then low aims lower, high higher, with budgets and moves in the same order', () => {
    for (const style of styles) {
      const low = paramsAtIntensity(style.processing, 'low');
      const medium = style.processing;
      const high = paramsAtIntensity(style.processing, 'high');
      expect(low.targetLufs).toBeLessThan(medium.targetLufs);
      expect(high.targetLufs).toBeGreaterThan(medium.targetLufs);
      expect(low.budget!.limiterDb).toBeLessThan(medium.budget!.limiterDb);
      expect(high.budget!.limiterDb).toBeGreaterThan(medium.budget!.limiterDb);
      // Low keeps more of the loudness range and of the attacks, High gives up more (never under a 0.4 share).
      expect(low.budget!.lraShare!).toBeGreaterThan(medium.budget!.lraShare!);
      expect(high.budget!.lraShare!).toBeLessThanOrEqual(medium.budget!.lraShare!);
      expect(high.budget!.lraShare!).toBeGreaterThanOrEqual(0.4);
      expect(low.budget!.attackLossDb!).toBeLessThan(medium.budget!.attackLossDb!);
      expect(high.budget!.attackLossDb!).toBeGreaterThan(medium.budget!.attackLossDb!);
      expect(low.compression.ratio).toBeLessThanOrEqual(medium.compression.ratio);
      expect(high.compression.ratio).toBe(medium.compression.ratio);
      for (const band of ['low', 'lowMid', 'mid', 'highMid', 'high'] as const) {
        expect(Math.abs(low.tone[band])).toBeLessThanOrEqual(Math.abs(medium.tone[band]));
        expect(Math.abs(high.tone[band])).toBeGreaterThanOrEqual(Math.abs(medium.tone[band]));
        expect(Math.sign(high.tone[band])).toBe(Math.sign(medium.tone[band]));
      }
      for (const steered of [low, high]) {
        expect(steered.ceilingDbtp).toBeLessThanOrEqual(-1);
        expect(steered.saturation).toBeLessThanOrEqual(1);
        expect(steered.compression.ratio).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('when a style widens or narrows, then the intensity scales how far from a kept image it goes', () => {
    const wide = byLabel('Electronic/Wide').processing;
    expect(paramsAtIntensity(wide, 'low').width - 1).toBeCloseTo((wide.width - 1) * 0.6, 3);
    expect(paramsAtIntensity(wide, 'high').width).toBeGreaterThan(wide.width);
    const intimate = byLabel('Acoustic/Intimate').processing;
    expect(paramsAtIntensity(intimate, 'high').width).toBeLessThan(intimate.width);
  });

  it('when an album track is given its own target, then only the target moves and the ceiling stays at -1 dBTP or under', () => {
    const style = byLabel('Rock/Modern');
    const aimed = styleWithTarget(style, -15.25);
    expect(aimed.processing).toEqual({ ...style.processing, targetLufs: -15.25 });
    expect(styleWithTarget({ ...style, processing: { ...style.processing, ceilingDbtp: 0 } }, -12).processing.ceilingDbtp).toBe(-1);
  });
});

describe('album targets and Low against Medium', () => {
  it('when an album is planned, then the loudest mix anchors it and every other track keeps its distance to it', () => {
    const plan = albumTargets([-18, -14, -11], -9.6);
    expect(plan.anchor).toBe(2);
    expect(plan.targets).toEqual([-16.6, -12.6, -9.6]);
  });

  it('when two mixes are equally loud or one is silent, then the first loudest anchors and the silent one gets the anchor level', () => {
    expect(anchorOf([-12, -12, -20])).toBe(0);
    expect(albumTargets([-Infinity, -12], -10).targets).toEqual([-10, -10]);
  });

  it('when Medium is held back on a track, then Low aims the fixed distance under what Medium reaches, else at its own target', () => {
    expect(lowTargetLufs(-13, { effectiveTargetLufs: -12.4 })).toBeCloseTo(-12.4 - LOW_UNDER_MEDIUM_LU, 9);
    expect(lowTargetLufs(-13, { effectiveTargetLufs: -9.5 })).toBe(-13);
  });
});

describe('a style steered by amounts', () => {
  it('when every amount is 100 %, then the parameters are the style s own', () => {
    const params = byLabel('Electronic/Wide').processing;
    expect(paramsWithAmounts(params, DEFAULT_AMOUNTS)).toBe(params);
  });

  it('when every amount is 0 %, then there is no tone move, the mix s own width and no compression, saturation or limiting budget', () => {
    for (const style of styles) {
      const p = paramsWithAmounts(style.processing, { tone: 0, width: 0, dynamics: 0 });
      expect(Object.values(p.tone).every((db) => db === 0)).toBe(true);
      expect(p.eqStrength).toBe(0);
      expect(p.width).toBe(1);
      if (p.midSide) expect([p.midSide.sideAirDb, p.midSide.sideBassDb].every((db) => db === 0)).toBe(true);
      expect(p.compression.ratio).toBe(1);
      expect(p.multiband).toBeUndefined();
      expect(p.saturation).toBe(0);
      expect(p.budget!.limiterDb).toBe(0);
      expect(p.budget!.compressionDb).toBe(0);
      expect(p.targetLufs).toBe(style.processing.targetLufs);
    }
  });

  it('when every amount is 150 %, then each move is half again the style s, within the parameters bounds', () => {
    const p = byLabel('Electronic/Wide').processing;
    const more = paramsWithAmounts(p, { tone: 150, width: 150, dynamics: 150 });
    expect(more.tone.high).toBeCloseTo(p.tone.high * 1.5, 3);
    expect(more.width - 1).toBeCloseTo((p.width - 1) * 1.5, 3);
    expect(more.compression.ratio - 1).toBeCloseTo((p.compression.ratio - 1) * 1.5, 2);
    expect(more.budget!.limiterDb).toBeCloseTo(p.budget!.limiterDb * 1.5, 3);
    expect(ZStyleProcessing.safeParse(more).success).toBe(true);
    for (const style of styles) expect(ZStyleProcessing.safeParse(paramsWithAmounts(paramsAtIntensity(style.processing, 'high'), { tone: 150, width: 150, dynamics: 150 })).success).toBe(true);
  });
});
