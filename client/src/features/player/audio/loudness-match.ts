import { platformGain, type PlatformRule } from '../../../../../src/modules/platforms/platforms.schemas.js';

/**
 * Loudness-matched A/B: each version's gain so that both are heard at
 * the same integrated loudness (ITU-R BS.1770-4 LUFS from the stream's meta), so a listener judges
 * tone, not level. The louder version is turned down to the quieter one, never the quieter up:
 * boosting could push a peak over full scale.
 */
export interface VersionLoudness {
  lufs: number;
  /** Channels of the stream as heard: a mono original is played on both speakers. */
  channels: number;
  /** True peak, dBTP, when known (a platform lifts a quiet version only as far as its peak allows). */
  truePeak?: number | null;
}

/**
 * BS.1770 sums channel powers, so a mono file measures 3.01 dB lower than the same signal played
 * as dual mono on two speakers, which is how the browser up-mixes it.
 */
const DUAL_MONO_DB = 10 * Math.log10(2);

export const heardLufs = (version: VersionLoudness) => version.lufs + (version.channels === 1 ? DUAL_MONO_DB : 0);

export interface MatchGains {
  originalDb: number;
  masteredDb: number;
  /** The reference track's, when one is heard beside the others (referenceGainDb). */
  referenceDb?: number;
}

/** A reference track's loudness as the player measured it, its highest sample (the headroom a lift may use) and its true peak. */
export interface ReferenceLoudness extends VersionLoudness {
  samplePeakDb: number;
  truePeakDb: number;
}

/**
 * The reference track's gain: its loudness brought to the master's as heard (after the master's own
 * gain), so a listener compares tone and dynamics, not level; lifted at most until its highest sample
 * reaches full scale. "Played on" a platform, the platform's own gain instead, as for the other versions.
 */
export function referenceGainDb(reference: ReferenceLoudness | null, mastered: VersionLoudness | null, masteredDb: number, rule: PlatformRule | null): number {
  if (!reference || !Number.isFinite(reference.lufs)) return 0;
  if (rule) return platformGain(rule, { lufs: heardLufs(reference), truePeak: reference.truePeakDb })?.gainDb ?? 0;
  if (!mastered || !Number.isFinite(mastered.lufs)) return 0;
  return Math.min(heardLufs(mastered) + masteredDb - heardLufs(reference), -reference.samplePeakDb);
}

export function loudnessMatchGains(original: VersionLoudness | null, mastered: VersionLoudness | null, enabled: boolean): MatchGains {
  if (!enabled || !original || !mastered || !Number.isFinite(original.lufs) || !Number.isFinite(mastered.lufs)) {
    return { originalDb: 0, masteredDb: 0 };
  }
  const o = heardLufs(original);
  const m = heardLufs(mastered);
  const target = Math.min(o, m);
  return { originalDb: target - o, masteredDb: target - m };
}

/**
 * "Played on": each version at the gain the platform would apply to it, so a listener hears
 * whether the master's loudness bought anything once the platform has normalised both.
 */
export function platformPlayGains(original: VersionLoudness | null, mastered: VersionLoudness | null, rule: PlatformRule): MatchGains {
  const gainOf = (version: VersionLoudness | null) => (version ? (platformGain(rule, { lufs: heardLufs(version), truePeak: version.truePeak ?? null })?.gainDb ?? 0) : 0);
  return { originalDb: gainOf(original), masteredDb: gainOf(mastered) };
}

export const dbToGain = (db: number) => Math.pow(10, db / 20);

/** Volume slider 0-100 (default 100) to a gain: squared, so the slider feels even to the ear. */
export const volumeToGain = (volume: number, muted: boolean) => (muted ? 0 : Math.pow(Math.max(0, Math.min(100, volume)) / 100, 2));
