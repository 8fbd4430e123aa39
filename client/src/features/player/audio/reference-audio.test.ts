import { describe, expect, it } from 'vitest';
import { SR } from './playback-scheduler.js';
import { referencePeaks, type ReferenceAudio } from './reference-audio.js';

/** A one-second stream chunk whose channels hold a constant level each (what a decoded reference is cut into). */
function chunk(...levels: number[]): AudioBuffer {
  const channels = levels.map((level) => new Float32Array(SR).fill(level));
  return { numberOfChannels: channels.length, length: SR, getChannelData: (channel: number) => channels[channel]! } as unknown as AudioBuffer;
}

const reference = (chunks: AudioBuffer[]): ReferenceAudio => ({ id: 'ref', chunks, loudness: null });

describe('the reference waveform on the track timeline', () => {
  it('when the track is longer than the reference, then the reference loops under it, as it is played', () => {
    // Two seconds of reference under five of track, five slices: seconds 0, 1, 0, 1, 0 of the reference.
    const peaks = referencePeaks(reference([chunk(0.5, -0.25), chunk(0.1, -0.75)]), 5 * SR);
    const midSecond = [0, 1, 2, 3, 4].map((second) => peaks[Math.floor(((second + 0.5) * peaks.length) / 5)]);
    expect(midSecond).toEqual([0.5, 0.75, 0.5, 0.75, 0.5]);
  });

  it('when the track is shorter, then only what is heard of the reference is drawn', () => {
    const peaks = referencePeaks(reference([chunk(0.5), chunk(0.5), chunk(0.9)]), 2 * SR);
    expect(Math.max(...peaks)).toBe(0.5);
    expect(peaks).toHaveLength(512);
  });
});
