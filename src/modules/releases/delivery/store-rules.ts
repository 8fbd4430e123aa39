import { STORE_REASONS } from '../releases.schemas.js';

/**
 * How each store of the local provider answers a delivery (decisions.md: "each store's outlet moved
 * to 1202 or 1034 by that store's own rules"). The rules are what those stores publish beyond the
 * common check that distribute already enforces:
 * - Beatport lists electronic music only: every track needs an electronic genre.
 * - Apple Music's style guide refuses titles written in capitals only (the common check only warns).
 * Every other store accepts a release that passed the pre-submission check.
 * A refusal carries the store's reason as a translation key.
 */

export interface DeliveredRelease {
  title: string;
  tracks: { title: string; genres: string[] }[];
}


const ELECTRONIC_GENRES = new Set(['Electronic', 'Dance', 'House', 'Techno', 'Drum & Bass', 'Ambient', 'Lo-Fi']);
const allCaps = (text: string) => text.replace(/[^A-Za-z]/g, '').length > 3 && text === text.toUpperCase();

type Verdict = { accepted: true } | { accepted: false; reason: string };
const rules: Record<string, (release: DeliveredRelease) => Verdict> = {
  Beatport: (release) =>
    release.tracks.every((track) => track.genres.some((genre) => ELECTRONIC_GENRES.has(genre))) ? { accepted: true } : { accepted: false, reason: STORE_REASONS.electronicOnly },
  'Apple Music': (release) =>
    [release.title, ...release.tracks.map((track) => track.title)].some(allCaps) ? { accepted: false, reason: STORE_REASONS.allCapsTitle } : { accepted: true },
};

export function storeVerdict(storeName: string, release: DeliveredRelease): Verdict {
  return rules[storeName]?.(release) ?? { accepted: true };
}
