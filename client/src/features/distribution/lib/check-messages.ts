import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The pre-submission check's items (GET /api/distribution/albums/{id}/validate): each names its
 * rule (`release.check.<name>`) and what to do when it fails (`release.fix.<name>`), with the
 * measured values as placeholders. The rule reads as a statement, so a passed item says what was
 * checked and a failed one says what is wrong next to its fix.
 */
const RULES: Record<string, MessageDescriptor> = {
  albumName: msg`The release has a title`,
  albumNameCase: msg({ message: 'The release title is not written in capitals only ("{name}")' }),
  artistName: msg({ message: 'The artist name is not a generic one ("{artist}")' }),
  productCode: msg({ message: 'The release has a valid barcode (EAN/UPC) {code}' }),
  hasTracks: msg`The release has at least one track`,
  cover: msg`The release has cover artwork`,
  coverFormat: msg({ message: 'The cover is a JPEG or PNG (it is {format})' }),
  coverRgb: msg({ message: 'The cover is in RGB colours (it is {space})' }),
  coverSquare: msg({ message: 'The cover is square (it is {width} × {height} px)' }),
  coverMinSize: msg({ message: 'The cover is at least {minPx} × {minPx} px (it is {width} × {height} px)' }),
  coverMaxSize: msg({ message: 'The cover is at most {maxPx} × {maxPx} px (it is {width} × {height} px)' }),
  bitDepth: msg({ message: 'The audio is 16- or 24-bit (it is {bitsPerSample}-bit {sampleFormat})' }),
  sampleRate: msg({ message: 'The audio has a sample rate of at least {minSampleRate} Hz (it has {sampleRate} Hz)' }),
  stereo: msg({ message: 'The audio is stereo (it has {channels} channels)' }),
  notClipped: msg({ message: 'The audio is not clipped ({clippedRuns} clipped passages)' }),
  truePeak: msg({ message: 'The true peak is at or below {limitDb} dBTP (measured: {truePeakDb} dBTP)' }),
  title: msg`The track has a title`,
  titleCase: msg`The track title is not written in capitals only`,
  genre: msg({ message: 'The track has 1 to {maxGenres} genres (it has {genres})' }),
  language: msg`The track has a language`,
  isrc: msg({ message: 'The track has a valid ISRC {isrc}' }),
  isrcUnique: msg({ message: 'No other recording in the catalogue uses the ISRC {isrc}' }),
  featuredNotInTitle: msg({ message: 'Featured artists are not named in the title as well {artists}' }),
  explicitLyrics: msg`The explicit flag matches the lyrics`,
  participantRoles: msg`Every participant has a role`,
  payoutTotal: msg({ message: 'The payout shares add up to 100 % (they add up to {total} %)' }),
  outlets: msg({ message: 'At least one store is chosen ({stores} chosen)' }),
  releaseDate: msg({ message: 'No release date lies in the past (earliest: {earliest})' }),
  storeElectronicOnly: msg({ message: 'Every track has an electronic genre ({store} lists electronic music only)' }),
  storeTitleCase: msg({ message: 'No title is written in capitals only ({store} refuses them)' }),
  storeReleaseLeadTime: msg({ message: 'The release date {date} is at least {days} days ahead ({store} needs the time to pitch it)' }),
};

const FIXES: Record<string, MessageDescriptor> = {
  albumName: msg`Enter the release title on the artwork step.`,
  albumNameCase: msg`Write the title with normal capitalisation.`,
  artistName: msg`Stores refuse names like "Various" or "Unknown". Rename the artist on the artists page.`,
  productCode: msg`Let us assign a barcode, or enter a valid one on the artwork step.`,
  hasTracks: msg`Choose at least one master on the tracks step.`,
  cover: msg`Upload a cover on the artwork step.`,
  coverFormat: msg`Save the cover as JPEG or PNG and upload it again.`,
  coverRgb: msg`Convert the cover to RGB (not CMYK or greyscale) and upload it again.`,
  coverSquare: msg`Crop the cover to a square and upload it again.`,
  coverMinSize: msg`Upload a cover of at least 3000 × 3000 px.`,
  coverMaxSize: msg`Scale the cover down to 6000 × 6000 px or less and upload it again.`,
  bitDepth: msg`Export the track as 16- or 24-bit WAV and upload it as a custom master.`,
  sampleRate: msg`Export the track at 44.1 kHz or more and upload it again.`,
  stereo: msg`Export the track in stereo and upload it again.`,
  notClipped: msg`Lower the level before the limiter so no samples hit full scale, then upload it again.`,
  truePeak: msg`Lower the limiter's ceiling to -1 dBTP or below and upload the track again.`,
  title: msg`Enter the track's title on the track details step.`,
  titleCase: msg`Write the title with normal capitalisation.`,
  genre: msg`Choose 1 to 10 genres on the track details step.`,
  language: msg`Choose the language on the track details step.`,
  isrc: msg`Enter a valid ISRC, or leave it empty to get one.`,
  isrcUnique: msg`Use the ISRC of this recording only; leave it empty to get a new one.`,
  featuredNotInTitle: msg`Remove the featured artists from the title; they are credited as featured artists.`,
  explicitLyrics: msg`The lyrics contain explicit words: mark the track as explicit.`,
  participantRoles: msg`Give every participant at least one role on the participants step.`,
  payoutTotal: msg`Change the shares on the participants step so they add up to 100 %.`,
  outlets: msg`Choose at least one store on the stores and dates step.`,
  releaseDate: msg`Choose today or a later date on the stores and dates step.`,
  storeElectronicOnly: msg`Give every track an electronic genre, or deselect this store.`,
  storeTitleCase: msg`Write the titles with normal capitalisation, or deselect this store.`,
  storeReleaseLeadTime: msg`Choose a release date at least a week from today on the stores and dates step.`,
};

const nameOf = (code: string) => code.replace(/^release\.(check|fix)\./, '');

export function checkRuleMessage(code: string): MessageDescriptor {
  return RULES[nameOf(code)] ?? { id: code, message: code };
}

export function checkFixMessage(code: string): MessageDescriptor | null {
  return FIXES[nameOf(code)] ?? null;
}

/** Decibels with one decimal, other numbers as they are, in the user's language. */
export function checkValues(values: Record<string, string | number>, locale: string): Record<string, string> {
  const format = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2, useGrouping: false });
  const decibels = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? (/Db$/.test(key) ? decibels.format(value) : format.format(value)) : value]),
  );
}
