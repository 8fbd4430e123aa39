import { describe, expect, it } from 'vitest';
import { RELEASE_ERRORS } from '../../../../../../src/modules/releases/releases.schemas.js';
import { shareProblems, shareTotal } from './participants-step.js';
import { detailProblems } from './track-details-step.js';

const valid = { name: 'Song', genre: ['3'], language: 'en', featuredArtists: [], isrc: '', iswc: '', explicit: '1' as const, lyrics: '' };

describe('the wizard applies the server rules while the user types', () => {
  it('when every track detail is filled in, then no field has a problem', () => {
    expect(detailProblems(valid, 7, 1)).toEqual({});
  });

  it('when the title, genre and language are empty, then each field names the rule of the server schema', () => {
    expect(detailProblems({ ...valid, name: ' ', genre: [], language: null }, 7, 1)).toEqual({
      name: RELEASE_ERRORS.titleRequired,
      genre: RELEASE_ERRORS.genreRequired,
      language: RELEASE_ERRORS.languageRequired,
    });
  });

  it('when the main artist is featured or the codes are malformed, then those fields are refused', () => {
    expect(detailProblems({ ...valid, featuredArtists: [7], isrc: 'nonsense', iswc: 'T-1' }, 7, 1)).toEqual({
      featuredArtists: RELEASE_ERRORS.featuredIsMainArtist,
      isrc: RELEASE_ERRORS.invalidIsrc,
      iswc: RELEASE_ERRORS.invalidIswc,
    });
  });

  it('when shares are thirds in hundredths, then the total is exactly 100 as the server counts it', () => {
    const share = (value: number) => ({ id: 1, roles: ['1'], share: value });
    expect(shareTotal([share(33.33), share(33.33), share(33.34)])).toBe(100);
    expect(shareTotal([share(33.33), share(33.33), share(33.33)])).toBe(99.99);
  });

  it('when a participant has no role and the shares miss 100 by a hundredth, then the step names the problems the server refuses', () => {
    const share = (value: number, roles = ['1']) => ({ id: 1, roles, share: value });
    expect(shareProblems([share(33.34), share(33.33), share(33.33)])).toEqual([]);
    expect(shareProblems([share(50), share(49.99, [])])).toEqual([RELEASE_ERRORS.participantRoleRequired, RELEASE_ERRORS.payoutTotal]);
  });

  it('when the codes are typed with hyphens and dots, then they pass as the server normalises them', () => {
    expect(detailProblems({ ...valid, isrc: 'us-s1z-99-00001', iswc: 'T-034.524.680-1' }, 7, 1)).toEqual({});
  });
});
