import { STORE_REASONS } from '../releases.schemas.js';

/**
 * The stores' own rules, beyond the common check: what those stores publish and refuse a release
 * for. The pre-submission check applies each rule of the stores chosen (release-check.ts), so a
 * release the check passes is never refused later for one of them; the local provider's stand-in
 * stores answer by the same rules.
 * - Beatport lists electronic music only: every track needs an electronic genre.
 * - Apple Music's style guide refuses titles written in capitals only (the common check only warns).
 */

export interface DeliveredRelease {
  title: string;
  tracks: { title: string; genres: string[] }[];
}

const ELECTRONIC_GENRES = new Set(['Electronic', 'Dance', 'House', 'Techno', 'Drum & Bass', 'Ambient', 'Lo-Fi']);
const allCaps = (text: string) => text.replace(/[^A-Za-z]/g, '').length > 3 && text === text.toUpperCase();

export interface StoreRule {
  store: string;
  /** The pre-submission check's item (release.check.<check>). */
  check: 'storeElectronicOnly' | 'storeTitleCase';
  /** The store's refusal, as a translation key. */
  reason: string;
  passes(release: DeliveredRelease): boolean;
}

export const STORE_RULES: readonly StoreRule[] = [
  { store: 'Beatport', check: 'storeElectronicOnly', reason: STORE_REASONS.electronicOnly, passes: (release) => release.tracks.every((track) => track.genres.some((genre) => ELECTRONIC_GENRES.has(genre))) },
  { store: 'Apple Music', check: 'storeTitleCase', reason: STORE_REASONS.allCapsTitle, passes: (release) => ![release.title, ...release.tracks.map((track) => track.title)].some(allCaps) },
];

export const storeRulesOf = (storeName: string) => STORE_RULES.filter((rule) => rule.store === storeName);

type Verdict = { accepted: true } | { accepted: false; reason: string };

export function storeVerdict(storeName: string, release: DeliveredRelease): Verdict {
  const broken = storeRulesOf(storeName).find((rule) => !rule.passes(release));
  return broken ? { accepted: false, reason: broken.reason } : { accepted: true };
}
