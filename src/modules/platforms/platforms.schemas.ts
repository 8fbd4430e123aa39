import { z } from 'zod';

/**
 * How the streaming platforms play a file: each one's published loudness-normalisation rule, as
 * pure functions shared by the player's "played on" choice, the report card and the command line.
 * Loudness is ITU-R BS.1770 integrated (LUFS), peaks are true peaks (dBTP). Configuration, not
 * code: when a platform changes its reference level, only `PLATFORM_RULES` changes.
 *
 * - Spotify: Loud -11, Normal -14 (default), Quiet -19. Louder tracks are turned down freely;
 *   quieter ones turned up only as far as their true peak stays at -1 dBTP, except in Loud mode,
 *   which turns up regardless and catches the peaks with a limiter (-1 dB, 5 ms attack, 100 ms
 *   release). By album in an album context, by track in shuffle and playlists.
 * - Apple Music (Sound Check): -16, album-aware; turned up only as far as the peak allows (-1 dBTP).
 * - YouTube: -14, turned down only, per track.
 * - Tidal: -14, album normalisation by default. Amazon Music: -14, per track. Neither publishes
 *   whether it turns quiet tracks up, so the preview assumes it does not: it never plays a track
 *   louder than the platform may.
 */
export const PLATFORM_IDS = ['spotifyLoud', 'spotifyNormal', 'spotifyQuiet', 'appleMusic', 'youtube', 'tidal', 'amazonMusic'] as const;
export const ZPlatformId = z.enum(PLATFORM_IDS);
export type TPlatformId = z.infer<typeof ZPlatformId>;

/** How a platform groups tracks: one gain per track, or one gain for a whole album. */
export const ZPlatformContext = z.enum(['track', 'album']);
export type TPlatformContext = z.infer<typeof ZPlatformContext>;

export interface PlatformRule {
  id: TPlatformId;
  /** Proper name as the platform writes it (not translated). */
  name: string;
  referenceLufs: number;
  /**
   * Whether a quieter track is turned up: `null` never; otherwise the true peak it may reach when
   * raised (`peakCeilingDbtp`, or no ceiling when a limiter catches the peaks).
   */
  turnsUp: { peakCeilingDbtp: number | null } | null;
  /** A limiter after the gain (Spotify Loud): threshold in dB of full scale, attack and release. */
  limiter: { thresholdDb: number; attackMs: number; releaseMs: number } | null;
}

export const PLATFORM_RULES: Readonly<Record<TPlatformId, PlatformRule>> = {
  spotifyLoud: { id: 'spotifyLoud', name: 'Spotify Loud', referenceLufs: -11, turnsUp: { peakCeilingDbtp: null }, limiter: { thresholdDb: -1, attackMs: 5, releaseMs: 100 } },
  spotifyNormal: { id: 'spotifyNormal', name: 'Spotify Normal', referenceLufs: -14, turnsUp: { peakCeilingDbtp: -1 }, limiter: null },
  spotifyQuiet: { id: 'spotifyQuiet', name: 'Spotify Quiet', referenceLufs: -19, turnsUp: { peakCeilingDbtp: -1 }, limiter: null },
  appleMusic: { id: 'appleMusic', name: 'Apple Music', referenceLufs: -16, turnsUp: { peakCeilingDbtp: -1 }, limiter: null },
  youtube: { id: 'youtube', name: 'YouTube', referenceLufs: -14, turnsUp: null, limiter: null },
  tidal: { id: 'tidal', name: 'Tidal', referenceLufs: -14, turnsUp: null, limiter: null },
  amazonMusic: { id: 'amazonMusic', name: 'Amazon Music', referenceLufs: -14, turnsUp: null, limiter: null },
};

/** A version as a platform measures it. `truePeak` null: unknown (then a lift is not limited by it). */
export interface MeasuredLoudness {
  lufs: number;
  truePeak: number | null;
}

export interface PlatformGain {
  /** Gain the platform applies, dB (negative: turned down). */
  gainDb: number;
  /** Loudness as played, LUFS (before a limiter, which takes off only peaks). */
  playedLufs: number;
  /** The platform would raise it further, but the true peak stops it. */
  peakLimited: boolean;
  /** The raised peaks reach the platform's limiter (Spotify Loud): it will squeeze them. */
  limiterEngaged: boolean;
}

/** Below this the track is silence to every platform's meter (BS.1770's absolute gate). */
const SILENCE_LUFS = -70;
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The gain a platform applies to a file (or, by album, to every track of an album whose loudness
 * and highest true peak are these). Null for silence or a missing measurement.
 */
export function platformGain(rule: PlatformRule, measured: MeasuredLoudness | null): PlatformGain | null {
  if (!measured || !Number.isFinite(measured.lufs) || measured.lufs <= SILENCE_LUFS) return null;
  const wanted = rule.referenceLufs - measured.lufs;
  let gainDb = wanted;
  let peakLimited = false;
  if (wanted > 0) {
    if (!rule.turnsUp) gainDb = 0;
    else if (rule.turnsUp.peakCeilingDbtp !== null && measured.truePeak !== null) {
      const headroom = Math.max(0, rule.turnsUp.peakCeilingDbtp - measured.truePeak);
      if (headroom < wanted) {
        gainDb = headroom;
        peakLimited = true;
      }
    }
  }
  const limiterEngaged = rule.limiter !== null && measured.truePeak !== null && measured.truePeak + gainDb > rule.limiter.thresholdDb;
  return { gainDb: round2(gainDb), playedLufs: round2(measured.lufs + gainDb), peakLimited, limiterEngaged };
}

export interface AlbumTrackLoudness extends MeasuredLoudness {
  durationS: number;
}

/**
 * An album measured as one programme: the duration-weighted power mean of its tracks' integrated
 * loudness (what BS.1770 reads over the album when every track is above the gate), and its highest
 * true peak.
 */
export function albumLoudness(tracks: readonly AlbumTrackLoudness[]): MeasuredLoudness | null {
  const audible = tracks.filter((t) => Number.isFinite(t.lufs) && t.lufs > SILENCE_LUFS && t.durationS > 0);
  if (audible.length === 0) return null;
  const seconds = audible.reduce((sum, t) => sum + t.durationS, 0);
  const power = audible.reduce((sum, t) => sum + t.durationS * 10 ** (t.lufs / 10), 0) / seconds;
  const peaks = audible.map((t) => t.truePeak).filter((p): p is number => p !== null);
  return { lufs: 10 * Math.log10(power), truePeak: peaks.length > 0 ? Math.max(...peaks) : null };
}

/**
 * By album, every track gets the album's one gain, so the differences between tracks stay; by
 * track, each its own. Tracks in the order given; null where a track is silent.
 */
export function albumPlatformGains(rule: PlatformRule, tracks: readonly AlbumTrackLoudness[], context: TPlatformContext): Array<PlatformGain | null> {
  if (context === 'track') return tracks.map((track) => platformGain(rule, track));
  const album = platformGain(rule, albumLoudness(tracks));
  return tracks.map((track) => {
    if (!album || !Number.isFinite(track.lufs) || track.lufs <= SILENCE_LUFS) return null;
    const limiterEngaged = rule.limiter !== null && track.truePeak !== null && track.truePeak + album.gainDb > rule.limiter.thresholdDb;
    return { gainDb: album.gainDb, playedLufs: round2(track.lufs + album.gainDb), peakLimited: album.peakLimited, limiterEngaged };
  });
}

/** Every platform's gain for one file, in the order of `PLATFORM_IDS` (the command line's `platforms`). */
export function platformGains(measured: MeasuredLoudness | null): Array<{ id: TPlatformId; name: string } & PlatformGain> {
  return PLATFORM_IDS.flatMap((id) => {
    const rule = PLATFORM_RULES[id];
    const gain = platformGain(rule, measured);
    return gain ? [{ id, name: rule.name, ...gain }] : [];
  });
}
