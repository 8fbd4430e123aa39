import { describe, expect, it } from 'vitest';
import { masterSampleRateOf, mp3SampleRateOf } from './constants.js';

describe('the rates of a master and its downloads', () => {
  it.each([
    [44100, 44100, 44100],
    [48000, 48000, 48000],
    [88200, 88200, 44100],
    [96000, 96000, 48000],
    [22050, 44100, 44100],
    [32000, 44100, 44100],
    [64000, 48000, 48000],
    [176400, 88200, 44100],
    [192000, 96000, 48000],
  ])('when the source is at %i Hz, then its 24-bit master is at %i Hz and its MP3 at %i Hz', (source, master, mp3) => {
    expect(masterSampleRateOf(source)).toBe(master);
    expect(mp3SampleRateOf(master)).toBe(mp3);
  });
});
