import type { ReleaseMessageInput } from '../ddex-message.js';

/**
 * A release message's input that the ERN validator accepts: an EP of two tracks (the first with an ISWC
 * and contributors, the second explicit), a title that needs escaping, a cover and one deal. Each call makes a
 * fresh object, so a test changes its copy.
 */
export const releaseMessageInput = (): ReleaseMessageInput => ({
  messageId: 'MD-4006381333931-1',
  threadId: 'MD-4006381333931-1-7',
  createdAt: new Date('2026-11-27T10:00:00Z'),
  sender: { partyId: 'PADPIDA2026112701M', name: 'Masterdeck Distribution' },
  recipients: [{ partyId: 'PADPIDA2007040502I', name: 'Spotify' }],
  release: { reference: 'R0', icpn: '4006381333931', title: 'Rock & <Roll>', type: 'ep', displayArtist: 'Erika', label: 'Erika Records', originalReleaseDate: '2026-11-27' },
  tracks: [
    {
      reference: 'A1',
      isrc: 'DEMDK2600001',
      iswc: 'T0345246801',
      title: 'One',
      displayArtist: 'Erika',
      featuredArtists: ['Guest'],
      contributors: [{ name: 'Max', roles: ['Composer'] }],
      durationS: 185.5,
      language: 'en',
      explicit: 1,
      genres: ['House'],
      file: { uri: 'resources/01_DEMDK2600001.wav', sha256: 'a'.repeat(64), bytes: 10, bitsPerSample: 24, sampleRate: 44100, channels: 2 },
    },
    {
      reference: 'A2',
      isrc: 'DEMDK2600002',
      iswc: null,
      title: 'Two',
      displayArtist: 'Erika',
      featuredArtists: [],
      contributors: [],
      durationS: 61,
      language: 'de',
      explicit: 2,
      genres: ['Techno'],
      file: { uri: 'resources/02_DEMDK2600002.wav', sha256: 'c'.repeat(64), bytes: 12, bitsPerSample: 16, sampleRate: 48000, channels: 2 },
    },
  ],
  cover: { reference: 'A3', uri: 'resources/4006381333931_cover.jpg', sha256: 'b'.repeat(64), bytes: 5, width: 3000, height: 3000, format: 'jpeg' },
  deals: [{ startDate: '2027-01-01' }],
});
