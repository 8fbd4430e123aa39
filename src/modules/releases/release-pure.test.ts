import { describe, expect, it } from 'vitest';
import { isoDuration, newReleaseMessage } from './delivery/ddex-message.js';
import { STORE_RULES, storeRulesOf, storeVerdict } from './delivery/store-rules.js';
import { releaseMessageInput } from './delivery/testing/release-message-input.js';
import { coverProblems, featuredInTitle, lyricsLookExplicit, participantsProblems, trackDetailProblems } from './release-rules.js';
import { CHECK_NAMES, displayStatusName, trackInputProblems } from './releases.schemas.js';

describe('release rules (pure)', () => {
  it('when shares are thirds in hundredths, then they sum to exactly 100; 99.99 does not', () => {
    const p = (share: number, roles = [6]) => ({ id: 1, role_ids: roles, share });
    expect(participantsProblems([p(33.34), p(33.33), p(33.33)])).toEqual([]);
    expect(participantsProblems([p(33.33), p(33.33), p(33.33)])).toEqual(['release.error.payoutTotal']);
    expect(participantsProblems([p(100, [])])).toEqual(['release.error.participantRoleRequired']);
    expect(participantsProblems([])).toEqual(['release.error.firstParticipantFixed', 'release.error.payoutTotal']);
  });

  it('when the release\'s artist is featured or a code fails its check digit, then each field names its problem; empty codes pass', () => {
    expect(trackInputProblems({ featuredArtists: [3, 7], stereo_isrc: 'DE-AB-26-0001', iswc: 'T-034.524.680-2' }, 7)).toEqual({
      featuredArtists: 'release.error.featuredIsMainArtist',
      stereo_isrc: 'release.error.invalidIsrc',
      iswc: 'release.error.invalidIswc',
    });
    expect(trackInputProblems({ featuredArtists: [3], stereo_isrc: '', iswc: 'T-034.524.680-1' }, 7)).toEqual({});
  });

  it('when track details are missing, then each is named', () => {
    expect(trackDetailProblems({ name: ' ', genreIds: [], language: null, participants: [] })).toEqual(['release.error.titleRequired', 'release.error.genreRequired', 'release.error.languageRequired']);
    expect(trackDetailProblems({ name: 'A', genreIds: Array.from({ length: 11 }, (_, i) => i), language: 'en', participants: [] })).toEqual(['release.error.tooManyGenres']);
  });

  it('when a cover breaks store rules, then each rule has its own problem', () => {
    const facts = { format: 'jpeg', width: 3000, height: 3000, space: 'srgb', channels: 3, bytes: 2_000_000, sha256: '' };
    expect(coverProblems(facts)).toEqual({ errors: [] });
    expect(coverProblems({ ...facts, width: 2999, height: 2999 }).errors).toEqual(['release.check.coverTooSmall']);
    expect(coverProblems({ ...facts, width: 6001, height: 6001 }).errors).toEqual(['release.check.coverTooLarge']);
    expect(coverProblems({ ...facts, width: 3000, height: 3001 }).errors).toEqual(['release.check.coverNotSquare']);
    expect(coverProblems({ ...facts, space: 'cmyk', channels: 4 }).errors).toEqual(['release.check.coverNotRgb']);
    expect(coverProblems({ ...facts, space: 'b-w', channels: 1 }).errors).toEqual(['release.check.coverNotRgb']);
    expect(coverProblems({ ...facts, space: 'srgb', channels: 2 }).errors).toEqual(['release.check.coverNotRgb']);
    expect(coverProblems({ ...facts, format: 'webp' }).errors).toEqual(['release.check.coverFormat']);
  });

  it('when a featured artist is also in the title, or the title says feat., then it is found', () => {
    expect(featuredInTitle('Sunrise (feat. Guest Star)', ['Guest Star'])).toEqual(['Guest Star']);
    expect(featuredInTitle('Sunrise ft. Somebody', ['Guest Star'])).toEqual(['feat.']);
    expect(featuredInTitle('Sunrise', ['Guest Star'])).toEqual([]);
    expect(featuredInTitle('Sunrise feat. Nobody', [])).toEqual([]);
  });

  it('when lyrics hold an explicit word, then they look explicit', () => {
    expect(lyricsLookExplicit('what the fuck')).toBe(true);
    expect(lyricsLookExplicit('this shit is real')).toBe(true);
    // Words that merely contain one are not explicit.
    expect(lyricsLookExplicit('Shiitake and shitake mushrooms, Scunthorpe')).toBe(false);
    expect(lyricsLookExplicit('la la la')).toBe(false);
    expect(lyricsLookExplicit(null)).toBe(false);
  });

  it('when a provider status is displayed, then its prefix is stripped', () => {
    expect(displayStatusName('LOCAL_DELIVERED')).toBe('DELIVERED');
    expect(displayStatusName('DELIVERED')).toBe('DELIVERED');
  });
});

describe('store rules', () => {
  const release = {
    title: 'Morning',
    tracks: [{ title: 'Sunrise', genres: ['Pop'] }],
    cover: { format: 'jpeg', width: 3000, height: 3000, space: 'srgb', channels: 3, bytes: 2_000_000, sha256: '' },
    releaseDate: '2026-12-10',
    today: '2026-12-01',
  };

  it('when Beatport gets a track without an electronic genre, then it disapproves; Apple Music refuses all-caps titles; others accept', () => {
    expect(storeVerdict('Beatport', release)).toEqual({ accepted: false, reason: 'release.storeReason.electronicOnly' });
    expect(storeVerdict('Beatport', { ...release, tracks: [{ title: 'Sunrise', genres: ['Pop', 'House'] }] })).toEqual({ accepted: true });
    expect(storeVerdict('Apple Music', { ...release, title: 'MORNING SONGS' })).toEqual({ accepted: false, reason: 'release.storeReason.allCapsTitle' });
    expect(storeVerdict('Spotify', { ...release, title: 'MORNING SONGS' })).toEqual({ accepted: true });
  });

  it('when a release starts less than 7 days after the day it is judged, then the stores that pitch refuse it and the others accept it', () => {
    expect(storeVerdict('Spotify', { ...release, releaseDate: '2026-12-08' })).toEqual({ accepted: true });
    expect(storeVerdict('Spotify', { ...release, releaseDate: '2026-12-07' })).toEqual({ accepted: false, reason: 'release.storeReason.releaseTooSoon' });
    expect(storeVerdict('Apple Music', { ...release, releaseDate: '2026-12-01' })).toEqual({ accepted: false, reason: 'release.storeReason.releaseTooSoon' });
    expect(storeVerdict('Deezer', { ...release, releaseDate: '2026-12-01' })).toEqual({ accepted: true });
  });

  it('when the cover is CMYK, greyscale, not square or under 3000 px, then every store refuses it', () => {
    for (const store of ['Deezer', 'Spotify', 'Beatport']) {
      expect(storeVerdict(store, { ...release, cover: { ...release.cover, space: 'cmyk', channels: 4 } })).toEqual({ accepted: false, reason: 'release.storeReason.coverNotRgb' });
      expect(storeVerdict(store, { ...release, cover: { ...release.cover, space: 'b-w', channels: 1 } })).toEqual({ accepted: false, reason: 'release.storeReason.coverNotRgb' });
      expect(storeVerdict(store, { ...release, cover: { ...release.cover, height: 3100 } })).toEqual({ accepted: false, reason: 'release.storeReason.coverNotSquare' });
      expect(storeVerdict(store, { ...release, cover: { ...release.cover, width: 2000, height: 2000 } })).toEqual({ accepted: false, reason: 'release.storeReason.coverTooSmall' });
    }
  });

  it('when a rule is listed, then it names a check item and a store reason of its own', () => {
    for (const rule of STORE_RULES) {
      expect(CHECK_NAMES).toContain(rule.check);
      expect(rule.reason).toMatch(/^release\.storeReason\./);
      if (rule.stores !== 'every') for (const store of rule.stores) expect(storeRulesOf(store)).toContain(rule);
    }
    expect(new Set(STORE_RULES.map((rule) => rule.check)).size).toBe(STORE_RULES.length);
  });
});

describe('the release message', () => {
  it('when built, then it escapes text, orders tracks, carries hashes and one deal per store', () => {
    const xml = newReleaseMessage({ ...releaseMessageInput(), deals: [{ startDate: '2027-01-01' }, { startDate: '2027-02-01', territories: ['DE', 'AT'] }] });
    expect(xml).toContain('<DisplayTitleText>Rock &amp; &lt;Roll&gt;</DisplayTitleText>');
    expect(xml).toContain('<ReleaseType>EP</ReleaseType>');
    expect(xml).toContain('<ParentalWarningType>Explicit</ParentalWarningType>');
    expect(xml).toContain('<Duration>PT3M5.500S</Duration>');
    expect(xml.match(/<ReleaseDeal>/g)).toHaveLength(2);
    expect(xml).toContain(`<HashSumValue>${'a'.repeat(64)}</HashSumValue>`);
    expect(xml).toContain('<MessageCreatedDateTime>2026-11-27T10:00:00.000Z</MessageCreatedDateTime>');
    expect(isoDuration(3725)).toBe('PT1H2M5.000S');
  });
});
