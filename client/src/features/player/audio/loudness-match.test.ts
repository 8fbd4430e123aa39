import { describe, expect, it } from 'vitest';
import { PLATFORM_RULES } from '../../../../../src/modules/platforms/platforms.schemas.js';
import { dbToGain, heardLufs, loudnessMatchGains, platformPlayGains, referenceGainDb, volumeToGain } from './loudness-match.js';

describe('loudness-matched A/B', () => {
  it('when the master is 6 LU louder, then the master is turned down 6 dB and the original kept', () => {
    const gains = loudnessMatchGains({ lufs: -16, channels: 2 }, { lufs: -10, channels: 2 }, true);
    expect(gains.originalDb).toBeCloseTo(0);
    expect(gains.masteredDb).toBeCloseTo(-6);
  });

  it('when the original is louder, then the original is turned down, never the master up', () => {
    const gains = loudnessMatchGains({ lufs: -8, channels: 2 }, { lufs: -11, channels: 2 }, true);
    expect(gains).toEqual({ originalDb: -3, masteredDb: 0 });
  });

  it('when the original is mono, then it counts as heard on two speakers (+3.01 dB)', () => {
    expect(heardLufs({ lufs: -17, channels: 1 })).toBeCloseTo(-13.99, 2);
    const gains = loudnessMatchGains({ lufs: -17, channels: 1 }, { lufs: -10, channels: 2 }, true);
    expect(gains.masteredDb).toBeCloseTo(-3.99, 2);
  });

  it('when switched off or a measurement is missing, then both play as they are', () => {
    expect(loudnessMatchGains({ lufs: -16, channels: 2 }, { lufs: -10, channels: 2 }, false)).toEqual({ originalDb: 0, masteredDb: 0 });
    expect(loudnessMatchGains(null, { lufs: -10, channels: 2 }, true)).toEqual({ originalDb: 0, masteredDb: 0 });
  });

  it('when matched, then both versions are heard at the same loudness', () => {
    const original = { lufs: -19.3, channels: 2 };
    const mastered = { lufs: -9.7, channels: 2 };
    const gains = loudnessMatchGains(original, mastered, true);
    expect(original.lufs + gains.originalDb).toBeCloseTo(mastered.lufs + gains.masteredDb, 9);
    expect(dbToGain(-6)).toBeCloseTo(0.501, 3);
  });

  it('when the volume is 0-100 or muted, then the gain follows a squared curve', () => {
    expect(volumeToGain(100, false)).toBe(1);
    expect(volumeToGain(50, false)).toBe(0.25);
    expect(volumeToGain(100, true)).toBe(0);
    expect(volumeToGain(150, false)).toBe(1);
  });

  it('when played on Spotify Normal, then the loud master is turned down to -14 and the quiet original lifted only as far as its peak allows', () => {
    const gains = platformPlayGains({ lufs: -20, channels: 2, truePeak: -4 }, { lufs: -9, channels: 2, truePeak: -1 }, PLATFORM_RULES.spotifyNormal);
    expect(gains).toEqual({ originalDb: 3, masteredDb: -5 });
  });

  it('when played on YouTube, then the quiet original stays as it is and only the master is turned down', () => {
    expect(platformPlayGains({ lufs: -20, channels: 2, truePeak: -12 }, { lufs: -9, channels: 2, truePeak: -1 }, PLATFORM_RULES.youtube)).toEqual({ originalDb: 0, masteredDb: -5 });
  });

  it('when a mono original is played on a platform, then it is measured as heard on two speakers', () => {
    expect(platformPlayGains({ lufs: -17.01, channels: 1, truePeak: -20 }, null, PLATFORM_RULES.spotifyNormal).originalDb).toBeCloseTo(0, 1);
  });

  it('when a reference is heard beside the master, then it is brought to the master as heard, lifted only as far as its peak allows, and played on a platform as that platform would', () => {
    const mastered = { lufs: -10, channels: 2 };
    const loudReference = { lufs: -7, channels: 2, samplePeakDb: -0.1, truePeakDb: 0.4 };
    expect(referenceGainDb(loudReference, mastered, 0, null)).toBeCloseTo(-3, 9);
    // With the versions matched, the master is turned down to the original, and the reference with it.
    expect(referenceGainDb(loudReference, mastered, -6, null)).toBeCloseTo(-9, 9);
    expect(referenceGainDb({ lufs: -16, channels: 2, samplePeakDb: -2, truePeakDb: -1.8 }, mastered, 0, null)).toBe(2);
    expect(referenceGainDb({ lufs: -13.01, channels: 1, samplePeakDb: -10, truePeakDb: -10 }, mastered, 0, null)).toBeCloseTo(0, 1);
    expect(referenceGainDb(loudReference, mastered, 0, PLATFORM_RULES.spotifyNormal)).toBeCloseTo(-7, 9);
    // A platform that turns up only to a true-peak ceiling reads the reference's true peak, not its highest sample.
    expect(referenceGainDb({ lufs: -20, channels: 2, samplePeakDb: -3, truePeakDb: -1.5 }, mastered, 0, PLATFORM_RULES.spotifyNormal)).toBeCloseTo(0.5, 9);
    expect(referenceGainDb(null, mastered, 0, null)).toBe(0);
    expect(referenceGainDb(loudReference, null, 0, null)).toBe(0);
  });
});
