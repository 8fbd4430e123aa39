import { describe, expect, it } from 'vitest';
import {
  chunksToEvict,
  chunksToRequest,
  equalPowerCurves,
  frameAt,
  framesIntoPiece,
  normalizeRange,
  onSampleGrid,
  upcomingChunks,
  wholeTrack,
} from './timeline.js';

const CHUNK = 44100;

describe('which chunks the player asks for (8 ahead)', () => {
  it('when playing at 2.5 s of a 60 s track, then the chunk under the playhead and 8 more', () => {
    expect(upcomingChunks(2.5 * CHUNK, CHUNK, wholeTrack(60 * CHUNK))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('when near the end of a loop range, then the chunks wrap to its start', () => {
    const range = { start: 10 * CHUNK + 100, end: 14 * CHUNK - 5 };
    expect(upcomingChunks(13 * CHUNK, CHUNK, range)).toEqual([13, 10, 11, 12]);
  });

  it('when near the end of the track, then it wraps to chunk 0 without duplicates', () => {
    expect(upcomingChunks(4 * CHUNK, CHUNK, wholeTrack(5 * CHUNK + 10))).toEqual([4, 5, 0, 1, 2, 3]);
  });

  it('when chunks are held or already asked for, then only the rest is requested, at most 32', () => {
    const upcoming = [2, 3, 4, 5, 6];
    expect(chunksToRequest(upcoming, (c) => c === 3, new Set([5]))).toEqual([2, 4, 6]);
    expect(chunksToRequest(Array.from({ length: 40 }, (_, i) => i), () => false, new Set())).toHaveLength(32);
  });

  it('when the cache is over its size, then the chunks farthest from the playhead go first', () => {
    expect(chunksToEvict([0, 1, 2, 10, 11, 30], 10, 4).sort((a, b) => a - b)).toEqual([0, 30]);
    expect(chunksToEvict([1, 2], 1, 4)).toEqual([]);
  });
});

describe('the playhead on the audio clock', () => {
  const anchors = [{ time: 1000, frame: 44100 }];

  it('when the clock runs, then the playhead advances one frame per tick from the anchor', () => {
    expect(frameAt(1000, anchors, { time: 50000, frame: 0 }, 1)).toBe(44100);
    expect(frameAt(1000 + 22050, anchors, { time: 50000, frame: 0 }, 1)).toBe(44100 + 22050);
  });

  it('when a loop wrapped, then the later anchor counts from the range start', () => {
    const looped = [...anchors, { time: 5000, frame: 10 }];
    expect(frameAt(5100, looped, { time: 90000, frame: 0 }, 1)).toBe(110);
  });

  it('when the scheduled audio ran out (a missing chunk), then the playhead waits where it ends', () => {
    expect(frameAt(90000, anchors, { time: 45100, frame: 88200 }, 1)).toBe(88200);
  });

  it('when in seconds, then frames follow the stream rate', () => {
    expect(frameAt(2.5, [{ time: 2, frame: 0 }], { time: 10, frame: 0 })).toBe(22050);
  });
});

describe('toggling Original/Mastered continues at the same sample', () => {
  it('when the switch comes 0.25 s into a piece, then the other version starts 11025 frames into it', () => {
    const pieceTick = 88200;
    const switchTick = pieceTick + 11025;
    const skip = framesIntoPiece(pieceTick, switchTick, 1);
    expect(skip).toBe(11025);
    // The incoming buffer's first frame is the outgoing one's frame at the switch: no gap, no repeat.
    const pieceFrame = 3 * CHUNK + 500;
    expect(pieceFrame + skip).toBe(frameAt(switchTick, [{ time: pieceTick, frame: pieceFrame }], { time: 1e9, frame: 0 }, 1));
  });

  it('when the piece starts after the switch, then nothing is skipped', () => {
    expect(framesIntoPiece(5, 3, 1)).toBe(0);
  });

  it('when times are put on the sample grid, then they are whole frames', () => {
    expect(onSampleGrid(1.00001) * 44100).toBeCloseTo(Math.ceil(1.00001 * 44100), 6);
  });

  it('when crossfading, then the curves keep constant power and end closed and open', () => {
    const { fadeOut, fadeIn } = equalPowerCurves(16);
    for (let i = 0; i < 16; i++) expect(fadeOut[i]! ** 2 + fadeIn[i]! ** 2).toBeCloseTo(1, 5);
    expect([fadeOut[0], fadeIn[0], fadeOut[15], fadeIn[15]]).toEqual([1, 0, 0, 1]);
  });
});

describe('loop ranges', () => {
  it('when dragged right to left or past the end, then the range is ordered and inside the track', () => {
    expect(normalizeRange(500, 100, 1000)).toEqual({ start: 100, end: 500 });
    expect(normalizeRange(900, 5000, 1000)).toEqual({ start: 900, end: 1000 });
    expect(normalizeRange(-5, -5, 1000)).toEqual({ start: 0, end: 1 });
  });
});
