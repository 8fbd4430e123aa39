import { eqFilters } from './dsp/chain.js';
import { runBiquad } from './dsp/biquad.js';
import type { Excerpt } from './excerpt.js';
import { TRUE_PEAK_TAPS, truePeakOfPadded } from '../../src/audio-core/true-peak.js';

/**
 * Corners the subsonic high-pass may take, in order of preference, Hz: 28 takes rumble and DC
 * out; 16 turns the phase of a kick's fundamental far less.
 */
export const SUBSONIC_CORNERS_HZ = [28, 16] as const;
/** True-peak rise a corner may cause on the excerpt and still be used, dB. */
export const SUBSONIC_PEAK_RISE_DB = 0.05;
const ZERO_BANDS = { low: 0, lowMid: 0, mid: 0, highMid: 0, high: 0 };
const SAMPLE_RATE = 44100;

/**
 * Largest true peak of the excerpt's channels after the high-pass at `hz` (0: as they are),
 * linear, read from each segment's measured part on (the filter has settled by then).
 */
function excerptTruePeak(excerpt: Excerpt, hz: number): number {
  const filters = hz > 0 ? eqFilters(ZERO_BANDS, hz, SAMPLE_RATE) : [];
  let peak = 0;
  const channels = excerpt.mono ? [excerpt.left] : [excerpt.left, excerpt.right];
  for (const segments of channels) {
    for (const [s, samples] of segments.entries()) {
      const settled = excerpt.segments[s]!.measureStart - excerpt.segments[s]!.start;
      const padded = new Float32Array(samples.length + TRUE_PEAK_TAPS - 1);
      padded.set(samples, TRUE_PEAK_TAPS - 1);
      const state = new Float64Array(filters.length * 2);
      const body = padded.subarray(TRUE_PEAK_TAPS - 1);
      filters.forEach((filter, f) => runBiquad(filter, state, f * 2, body, body.length));
      peak = truePeakOfPadded(padded.subarray(settled), samples.length - settled, peak);
    }
  }
  return peak;
}

/**
 * The subsonic filter's corner for a track (0: none). A minimum-phase high-pass turns the phase
 * of the lowest notes, which on an already limited mix lifts its peaks (2-3 dB on some), and every
 * dB of that the limiter would have to take back: headroom spent on removing almost nothing. So
 * the filter is placed before the loudness fit and its peak change measured on the excerpt: the
 * first corner that lifts the true peak by no more than SUBSONIC_PEAK_RISE_DB is used, none if
 * every one would. A mix with real rumble or DC offset loses peak to the filter and keeps it.
 */
export function subsonicCorner(excerpt: Excerpt): number {
  const original = excerptTruePeak(excerpt, 0);
  if (!(original > 0)) return SUBSONIC_CORNERS_HZ[0];
  const allowed = original * Math.pow(10, SUBSONIC_PEAK_RISE_DB / 20);
  for (const hz of SUBSONIC_CORNERS_HZ) {
    if (excerptTruePeak(excerpt, hz) <= allowed) return hz;
  }
  return 0;
}
