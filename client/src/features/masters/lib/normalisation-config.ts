/**
 * Loudness normalisation of the big streaming services, as they publish it. Configuration, not
 * code: when a service changes its reference level, only this table changes.
 *
 * - Spotify: -14 LUFS by default ("Normal"); it raises quiet tracks only as far as the true peak
 *   stays at or below -1 dBTP (Spotify for Artists, "Loudness normalization").
 * - Apple Music (Sound Check): -16 LUFS; raises quiet tracks as far as the peak allows (-1 dBTP).
 * - YouTube: -14 LUFS; only turns loud tracks down, never up.
 */
export interface NormalisationTarget {
  id: 'spotify' | 'appleMusic' | 'youtube';
  name: string;
  referenceLufs: number;
  /** Whether a quiet track is turned up, and how far its true peak may then go. */
  boost: { peakCeilingDbtp: number } | null;
}

export const NORMALISATION_TARGETS: readonly NormalisationTarget[] = [
  { id: 'spotify', name: 'Spotify', referenceLufs: -14, boost: { peakCeilingDbtp: -1 } },
  { id: 'appleMusic', name: 'Apple Music', referenceLufs: -16, boost: { peakCeilingDbtp: -1 } },
  { id: 'youtube', name: 'YouTube', referenceLufs: -14, boost: null },
];
