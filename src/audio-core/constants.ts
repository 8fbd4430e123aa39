/**
 * The rate of the product's working audio: the engine decodes every upload to it for analysis,
 * fitting and previews, and the media process streams original and masters to the browser's
 * player at it (so an A/B toggle keeps the sample position). The CD rendition is made at it too.
 */
export const SAMPLE_RATE = 44100;

/**
 * Peaks in a track's waveform: the engine stores a master's, the media process sends the stream's
 * in its meta, and the player draws its bars from them.
 */
export const WAVEFORM_POINTS = 512;

/** Rates a 24-bit master is written at: the source's own, when it is one of these. */
export const MASTER_SAMPLE_RATES = [44100, 48000, 88200, 96000] as const;

/**
 * The rate of the 24-bit master of a source at `sourceRate`: a rate over 96 kHz halved until it is
 * not (176.4 kHz gives 88.2 kHz and 192 kHz gives 96 kHz, in their own family), then the highest of
 * MASTER_SAMPLE_RATES not above it, and 44.1 kHz for anything lower (no master under the CD rate,
 * and none claims a bandwidth its mix did not have).
 */
export function masterSampleRateOf(sourceRate: number): number {
  let reduced = sourceRate;
  while (reduced > MASTER_SAMPLE_RATES[3]) reduced /= 2;
  let rate: number = MASTER_SAMPLE_RATES[0];
  for (const candidate of MASTER_SAMPLE_RATES) if (candidate <= reduced) rate = candidate;
  return rate;
}

/** The MP3 rendition's rate for a master at `masterRate`: 48 kHz for the 48 kHz family, else 44.1 kHz (LAME stops at 48 kHz). */
export const mp3SampleRateOf = (masterRate: number): number => (masterRate % 48000 === 0 ? 48000 : 44100);
