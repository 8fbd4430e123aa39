import { describe, expect, it } from 'vitest';
import { albumLoudness, albumPlatformGains, PLATFORM_IDS, PLATFORM_RULES, platformGain, platformGains } from './platforms.schemas.js';

const rule = PLATFORM_RULES;

describe('how the streaming platforms play a file', () => {
  describe('Spotify Normal (-14 LUFS)', () => {
    it('when a master is louder than -14, then it is turned down freely to -14', () => {
      expect(platformGain(rule.spotifyNormal, { lufs: -8.5, truePeak: -0.2 })).toEqual({ gainDb: -5.5, playedLufs: -14, peakLimited: false, limiterEngaged: false });
    });

    it('when a -20 LUFS track peaks at -5 dBTP, then it is lifted only to -16 (its peak stays 1 dB under full scale)', () => {
      expect(platformGain(rule.spotifyNormal, { lufs: -20, truePeak: -5 })).toEqual({ gainDb: 4, playedLufs: -16, peakLimited: true, limiterEngaged: false });
    });

    it('when a quiet track has headroom enough, then it is lifted all the way to -14', () => {
      expect(platformGain(rule.spotifyNormal, { lufs: -18, truePeak: -9 })).toEqual({ gainDb: 4, playedLufs: -14, peakLimited: false, limiterEngaged: false });
    });

    it('when a quiet track already peaks above -1 dBTP, then it is not lifted at all', () => {
      expect(platformGain(rule.spotifyNormal, { lufs: -17, truePeak: 0.4 })).toMatchObject({ gainDb: 0, playedLufs: -17, peakLimited: true });
    });
  });

  describe('Spotify Loud (-11 LUFS, limiter)', () => {
    it('when a quiet track is played, then it is lifted to -11 whatever its peak, and the limiter catches the peaks', () => {
      expect(platformGain(rule.spotifyLoud, { lufs: -16, truePeak: -3 })).toEqual({ gainDb: 5, playedLufs: -11, peakLimited: false, limiterEngaged: true });
    });

    it('when a lifted track keeps its peaks under -1 dB, then the limiter does not engage', () => {
      expect(platformGain(rule.spotifyLoud, { lufs: -13, truePeak: -6 })).toMatchObject({ gainDb: 2, limiterEngaged: false });
    });

    it('when a loud master is played, then it is turned down to -11', () => {
      expect(platformGain(rule.spotifyLoud, { lufs: -7, truePeak: -1 })).toMatchObject({ gainDb: -4, playedLufs: -11, limiterEngaged: false });
    });
  });

  describe('Spotify Quiet (-19 LUFS)', () => {
    it('when a master at -14 is played, then it is turned down 5 dB', () => {
      expect(platformGain(rule.spotifyQuiet, { lufs: -14, truePeak: -1 })).toMatchObject({ gainDb: -5, playedLufs: -19 });
    });

    it('when a very quiet track is played, then it is lifted only as far as its peak allows', () => {
      expect(platformGain(rule.spotifyQuiet, { lufs: -25, truePeak: -3 })).toMatchObject({ gainDb: 2, playedLufs: -23, peakLimited: true });
    });
  });

  describe('Apple Music (Sound Check, -16 LUFS)', () => {
    it('when a master at -9 is played, then it is turned down 7 dB', () => {
      expect(platformGain(rule.appleMusic, { lufs: -9, truePeak: -1 })).toMatchObject({ gainDb: -7, playedLufs: -16 });
    });

    it('when a quiet track is played, then it is lifted up to -16 only while its peak stays at -1 dBTP', () => {
      expect(platformGain(rule.appleMusic, { lufs: -20, truePeak: -12 })).toMatchObject({ gainDb: 4, playedLufs: -16, peakLimited: false });
      expect(platformGain(rule.appleMusic, { lufs: -20, truePeak: -2 })).toMatchObject({ gainDb: 1, playedLufs: -19, peakLimited: true });
    });
  });

  describe('YouTube (-14 LUFS, down only)', () => {
    it('when a master is louder than -14, then it is turned down', () => {
      expect(platformGain(rule.youtube, { lufs: -10, truePeak: -1 })).toMatchObject({ gainDb: -4, playedLufs: -14 });
    });

    it('when a track is quieter than -14, then it is played as it is, however much headroom it has', () => {
      expect(platformGain(rule.youtube, { lufs: -20, truePeak: -12 })).toEqual({ gainDb: 0, playedLufs: -20, peakLimited: false, limiterEngaged: false });
    });
  });

  describe('Tidal and Amazon Music (-14 LUFS)', () => {
    it('when a master is louder than -14, then both turn it down to -14', () => {
      expect(platformGain(rule.tidal, { lufs: -9, truePeak: -1 })).toMatchObject({ gainDb: -5, playedLufs: -14 });
      expect(platformGain(rule.amazonMusic, { lufs: -9, truePeak: -1 })).toMatchObject({ gainDb: -5, playedLufs: -14 });
    });

    it('when a track is quieter than -14, then neither lifts it (no published rule to turn up)', () => {
      expect(platformGain(rule.tidal, { lufs: -18, truePeak: -10 })).toMatchObject({ gainDb: 0, playedLufs: -18 });
      expect(platformGain(rule.amazonMusic, { lufs: -18, truePeak: -10 })).toMatchObject({ gainDb: 0, playedLufs: -18 });
    });
  });

  describe('by album', () => {
    const album = [
      { lufs: -18, truePeak: -6, durationS: 200 },
      { lufs: -14, truePeak: -2, durationS: 200 },
      { lufs: -11, truePeak: -1, durationS: 200 },
    ];

    it('when an album is measured, then its loudness is the duration-weighted power mean and its peak the highest', () => {
      const measured = albumLoudness(album)!;
      const expected = 10 * Math.log10((10 ** -1.8 + 10 ** -1.4 + 10 ** -1.1) / 3);
      expect(measured.lufs).toBeCloseTo(expected, 9);
      expect(measured.truePeak).toBe(-1);
      expect(albumLoudness([{ lufs: -14, truePeak: -1, durationS: 60 }, { lufs: -14, truePeak: -1, durationS: 180 }])!.lufs).toBeCloseTo(-14, 9);
    });

    it('when played by album, then every track gets the one album gain and the differences between tracks stay', () => {
      const gains = albumPlatformGains(rule.spotifyNormal, album, 'album');
      const albumGain = platformGain(rule.spotifyNormal, albumLoudness(album))!.gainDb;
      expect(gains.map((g) => g!.gainDb)).toEqual([albumGain, albumGain, albumGain]);
      expect(gains[2]!.playedLufs - gains[0]!.playedLufs).toBeCloseTo(7, 2);
    });

    it('when played by track, then each track is normalised on its own and the differences are lost', () => {
      const gains = albumPlatformGains(rule.spotifyNormal, album, 'track');
      expect(gains.map((g) => g!.playedLufs)).toEqual([-14, -14, -14]);
    });

    it('when a silent track is in the album, then it has no gain and does not count toward the album loudness', () => {
      const withSilence = [...album, { lufs: -Infinity, truePeak: null, durationS: 30 }];
      expect(albumLoudness(withSilence)!.lufs).toBeCloseTo(albumLoudness(album)!.lufs, 9);
      expect(albumPlatformGains(rule.youtube, withSilence, 'album')[3]).toBeNull();
    });
  });

  it('when every platform is asked, then each named rule answers once, in order, and silence gets none', () => {
    const all = platformGains({ lufs: -9, truePeak: -1 });
    expect(all.map((p) => p.id)).toEqual([...PLATFORM_IDS]);
    expect(all.find((p) => p.id === 'spotifyNormal')).toMatchObject({ name: 'Spotify Normal', gainDb: -5, playedLufs: -14 });
    expect(platformGains({ lufs: -80, truePeak: null })).toEqual([]);
    expect(platformGains(null)).toEqual([]);
  });
});
