import { COVER_PROBLEMS, participantsProblems, RELEASE_ERRORS, RELEASE_LIMITS, type StoredParticipant, type TCoverFacts } from './releases.schemas.js';

// The participants' rule lives in the schemas file, as the wizard applies it too.
export { COVER_PROBLEMS, participantsProblems, type StoredParticipant };

/**
 * The completeness rules of a release (release track rules), as pure
 * functions over stored values: the draft's section flags and the pre-submission check both call
 * them, so the wizard and the check never disagree.
 */

export interface TrackFacts {
  name: string;
  genreIds: number[];
  language: string | null;
  participants: StoredParticipant[];
}

/** Track details: title, 1-10 genres, a language. */
export function trackDetailProblems(track: TrackFacts): string[] {
  const problems: string[] = [];
  if (track.name.trim() === '') problems.push(RELEASE_ERRORS.titleRequired);
  if (track.genreIds.length === 0) problems.push(RELEASE_ERRORS.genreRequired);
  if (track.genreIds.length > RELEASE_LIMITS.maxGenres) problems.push(RELEASE_ERRORS.tooManyGenres);
  if (!track.language) problems.push(RELEASE_ERRORS.languageRequired);
  return problems;
}

/**
 * What stores check on a cover: JPEG or PNG, RGB (sharp's colour space srgb or rgb with three or
 * four bands: CMYK and greyscale are refused), square, 3000 to 6000 px a side.
 */
export function coverProblems(facts: TCoverFacts): { errors: string[] } {
  const errors: string[] = [];
  if (facts.format !== 'jpeg' && facts.format !== 'png') errors.push(COVER_PROBLEMS.format);
  if ((facts.space !== 'srgb' && facts.space !== 'rgb') || (facts.channels !== undefined && facts.channels < 3)) errors.push(COVER_PROBLEMS.notRgb);
  if (facts.width !== facts.height) errors.push(COVER_PROBLEMS.notSquare);
  if (Math.max(facts.width, facts.height) > RELEASE_LIMITS.coverMaxPx) errors.push(COVER_PROBLEMS.tooLarge);
  if (Math.min(facts.width, facts.height) < RELEASE_LIMITS.coverMinPx) errors.push(COVER_PROBLEMS.tooSmall);
  return { errors };
}

/** Featured artists are credited as such, never also in the title ("feat. X" or the name itself). */
export function featuredInTitle(title: string, featuredNames: readonly string[]): string[] {
  const lower = title.toLowerCase();
  const named = featuredNames.filter((name) => name.trim() !== '' && lower.includes(name.trim().toLowerCase()));
  if (named.length === 0 && featuredNames.length > 0 && /\b(feat\.?|ft\.|featuring)\s/i.test(title)) return ['feat.'];
  return named;
}

/**
 * Words that make lyrics explicit in every store's guidelines (a short list of unambiguous ones;
 * the flag is the artist's statement, the check only catches the obvious contradiction).
 */
const EXPLICIT_WORDS = /\b(fuck(s|ed|er|ers|ing|in)?|motherfuck\w*|shit(s|ty|ting)?|bitch(es)?|cunts?|niggas?|pussy)\b/i;
export const lyricsLookExplicit = (lyrics: string | null) => lyrics !== null && EXPLICIT_WORDS.test(lyrics);
