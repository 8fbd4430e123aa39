import { coverProblems } from '../release-rules.js';
import { coverOf, idsOf } from '../release-views.js';
import { COVER_PROBLEMS, RELEASE_LIMITS, STORE_REASONS, type TCoverFacts } from '../releases.schemas.js';

/**
 * The rules the stores refuse a delivered release for. The delivery side answers by them
 * (storeVerdict) and the pre-submission check applies every one of them to the stores chosen
 * (release-check.ts), so a release the check passes is never refused later for one of them.
 * - Every store: the cover is RGB, square and at least 3000 x 3000 px.
 * - Beatport lists electronic music only: every track needs an electronic genre.
 * - Apple Music's style guide refuses titles written in capitals only (the common check only warns).
 * - Spotify and Apple Music pitch new releases to their editors: the release date must leave them
 *   at least a week for it.
 */

/** A release as one store receives it, on the day it is judged. */
export interface DeliveredRelease {
  title: string;
  tracks: { title: string; genres: string[] }[];
  cover: TCoverFacts | null;
  /** The day the release starts at this store (YYYY-MM-DD). */
  releaseDate: string;
  /** The day it is judged (YYYY-MM-DD): the check's, or the delivery's. */
  today: string;
}

export type StoreCheck = 'coverRgb' | 'coverSquare' | 'coverMinSize' | 'storeElectronicOnly' | 'storeTitleCase' | 'storeReleaseLeadTime';

export interface StoreRule {
  /** The stores that refuse a release for it. */
  stores: 'every' | readonly string[];
  /** The pre-submission check's item (release.check.<check>, release.fix.<check>). */
  check: StoreCheck;
  section: 'artwork' | 'outlets';
  /** The store's refusal, as a translation key. */
  reason: string;
  passes(release: DeliveredRelease): boolean;
  /** The measured values the check item shows. */
  values(release: DeliveredRelease): Record<string, string | number>;
}

const ELECTRONIC_GENRES = new Set(['Electronic', 'Dance', 'House', 'Techno', 'Drum & Bass', 'Ambient', 'Lo-Fi']);
const allCaps = (text: string) => text.replace(/[^A-Za-z]/g, '').length > 3 && text === text.toUpperCase();
const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** A cover rule holds when the cover has none of that problem; no cover is the check's own item. */
const coverWithout = (problem: string) => (release: DeliveredRelease) => release.cover !== null && !coverProblems(release.cover).errors.includes(problem);
const coverValues = (release: DeliveredRelease): Record<string, string | number> =>
  release.cover ? { width: release.cover.width, height: release.cover.height, space: release.cover.space, channels: release.cover.channels ?? 0, minPx: RELEASE_LIMITS.coverMinPx } : {};

export const STORE_RULES: readonly StoreRule[] = [
  { stores: 'every', check: 'coverRgb', section: 'artwork', reason: STORE_REASONS.coverNotRgb, passes: coverWithout(COVER_PROBLEMS.notRgb), values: coverValues },
  { stores: 'every', check: 'coverSquare', section: 'artwork', reason: STORE_REASONS.coverNotSquare, passes: coverWithout(COVER_PROBLEMS.notSquare), values: coverValues },
  { stores: 'every', check: 'coverMinSize', section: 'artwork', reason: STORE_REASONS.coverTooSmall, passes: coverWithout(COVER_PROBLEMS.tooSmall), values: coverValues },
  {
    stores: ['Beatport'],
    check: 'storeElectronicOnly',
    section: 'outlets',
    reason: STORE_REASONS.electronicOnly,
    passes: (release) => release.tracks.every((track) => track.genres.some((genre) => ELECTRONIC_GENRES.has(genre))),
    values: () => ({}),
  },
  {
    stores: ['Apple Music'],
    check: 'storeTitleCase',
    section: 'outlets',
    reason: STORE_REASONS.allCapsTitle,
    passes: (release) => ![release.title, ...release.tracks.map((track) => track.title)].some(allCaps),
    values: () => ({}),
  },
  {
    stores: ['Spotify', 'Apple Music'],
    check: 'storeReleaseLeadTime',
    section: 'outlets',
    reason: STORE_REASONS.releaseTooSoon,
    passes: (release) => daysBetween(release.today, release.releaseDate) >= RELEASE_LIMITS.pitchLeadDays,
    values: (release) => ({ date: release.releaseDate, days: RELEASE_LIMITS.pitchLeadDays }),
  },
];

/** The rules every store applies (the check lists them once, in their own section). */
export const everyStoreRules = () => STORE_RULES.filter((rule) => rule.stores === 'every');
/** The rules of this store alone. */
export const storeRulesOf = (storeName: string) => STORE_RULES.filter((rule) => rule.stores !== 'every' && rule.stores.includes(storeName));

type Verdict = { accepted: true } | { accepted: false; reason: string };

/** What the store answers: the first rule of every store's and its own that the release breaks. */
export function storeVerdict(storeName: string, release: DeliveredRelease): Verdict {
  const broken = [...everyStoreRules(), ...storeRulesOf(storeName)].find((rule) => !rule.passes(release));
  return broken ? { accepted: false, reason: broken.reason } : { accepted: true };
}

/**
 * The release as one store receives it, from the stored rows: the store's own start date, else the
 * release's global date, else its original release date (what the delivery's deal says).
 */
export function deliveredReleaseOf(input: {
  album: { name: string; cover: unknown; global_release_date: string | null; original_release_date: string };
  tracks: readonly { name: string; genre_ids: unknown }[];
  genres: ReadonlyMap<number, string>;
  outlet: { release_start_date: string | null } | null;
  today: string;
}): DeliveredRelease {
  return {
    title: input.album.name,
    tracks: input.tracks.map((track) => ({ title: track.name, genres: idsOf(track.genre_ids).map((id) => input.genres.get(id) ?? '') })),
    cover: coverOf(input.album.cover)?.facts ?? null,
    releaseDate: input.outlet?.release_start_date ?? input.album.global_release_date ?? input.album.original_release_date,
    today: input.today,
  };
}
