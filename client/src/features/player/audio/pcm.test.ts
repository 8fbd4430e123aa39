import { describe, expect, it } from 'vitest';
import { encodeStreamFrame, decodeStreamFrame } from '../../../../../src/modules/streaming/stream-frame.js';
import { int16ToFloatChannels } from './pcm.js';

function s16le(values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setInt16(i * 2, v, true));
  return out;
}

describe('int16 -> float (the stream is 16-bit little-endian interleaved PCM)', () => {
  it('when stereo, then samples are split into planar channels at s / 32768', () => {
    const [left, right] = int16ToFloatChannels(s16le([0, 32767, -32768, 16384, -1, 1]), 2);
    expect(Array.from(left!)).toEqual([0, -1, -1 / 32768]);
    expect(Array.from(right!)).toEqual([32767 / 32768, 0.5, 1 / 32768]);
  });

  it('when mono, then one channel of every sample', () => {
    const [mono, none] = int16ToFloatChannels(s16le([100, -100, 200]), 1);
    expect(Array.from(mono!)).toEqual([100 / 32768, -100 / 32768, 200 / 32768]);
    expect(none).toBeUndefined();
  });

  it('when the audio comes inside a stream frame at an odd offset, then it is read in place', () => {
    const frame = decodeStreamFrame(encodeStreamFrame(-1, 7, s16le([1000, -1000, 2000, -2000])));
    expect(frame.styleIndex).toBe(-1);
    expect(frame.chunkIndex).toBe(7);
    const [left, right] = int16ToFloatChannels(frame.audio, 2);
    expect(Array.from(left!)).toEqual([1000 / 32768, 2000 / 32768]);
    expect(Array.from(right!)).toEqual([-1000 / 32768, -2000 / 32768]);
  });
});
