import { describe, expect, it } from 'vitest';
import { decodeStreamFrame, encodeStreamFrame, ORIGINAL_STYLE_INDEX, STREAM_FRAME_HEADER_BYTES } from './stream-frame.js';

describe('stream frame', () => {
  it('when the original is encoded, then the header is version 1, all-ones style and big-endian chunk index', () => {
    const audio = new Uint8Array([1, 2, 3, 4]);
    const frame = encodeStreamFrame(ORIGINAL_STYLE_INDEX, 258, audio);
    expect(Array.from(frame.subarray(0, STREAM_FRAME_HEADER_BYTES))).toEqual([0, 1, 0xff, 0xff, 0xff, 0xff, 0, 0, 1, 2]);
    expect(Array.from(frame.subarray(STREAM_FRAME_HEADER_BYTES))).toEqual([1, 2, 3, 4]);
  });

  it('when a style frame is decoded, then style, chunk and audio come back unchanged', () => {
    const audio = new Uint8Array(4096).map((_, i) => i % 251);
    const decoded = decodeStreamFrame(encodeStreamFrame(7, 123456, audio));
    expect(decoded.styleIndex).toBe(7);
    expect(decoded.chunkIndex).toBe(123456);
    expect(decoded.audio).toEqual(audio);
  });

  it('when all ones arrives as style index, then it reads as the original (-1)', () => {
    const frame = encodeStreamFrame(ORIGINAL_STYLE_INDEX, 0, new Uint8Array(0));
    expect(decodeStreamFrame(frame.buffer as ArrayBuffer).styleIndex).toBe(-1);
  });

  it('when a frame is shorter than its header or of another version, then decoding refuses it', () => {
    expect(() => decodeStreamFrame(new Uint8Array(9))).toThrow(RangeError);
    const frame = encodeStreamFrame(0, 0, new Uint8Array(2));
    frame[1] = 2;
    expect(() => decodeStreamFrame(frame)).toThrow(/version/);
  });

  it('when indices are out of range, then encoding refuses them', () => {
    expect(() => encodeStreamFrame(-2, 0, new Uint8Array(0))).toThrow(RangeError);
    expect(() => encodeStreamFrame(0, -1, new Uint8Array(0))).toThrow(RangeError);
    expect(() => encodeStreamFrame(1.5, 0, new Uint8Array(0))).toThrow(RangeError);
  });
});
