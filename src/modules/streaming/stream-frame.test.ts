import { describe, expect, it } from 'vitest';
import { decodeStreamFrame, encodeStreamFrame, ORIGINAL_STYLE_INDEX, STREAM_FRAME_HEADER_BYTES, streamIndexOf, styleOfStreamIndex } from './stream-frame.js';

const DEFAULT = { tone: 100, width: 100, dynamics: 100 };

describe('stream frame', () => {
  it('when a style is heard at Low or High, then its stream index carries the intensity beside the style and comes back from a frame; Medium is the style index itself', () => {
    expect(streamIndexOf(7)).toBe(7);
    expect(streamIndexOf(7, 'medium')).toBe(7);
    expect(streamIndexOf(ORIGINAL_STYLE_INDEX, 'high')).toBe(ORIGINAL_STYLE_INDEX);
    const [low, high] = [streamIndexOf(7, 'low'), streamIndexOf(7, 'high')];
    expect(new Set([7, low, high, streamIndexOf(8, 'low')]).size).toBe(4);
    for (const intensity of ['low', 'medium', 'high'] as const) {
      const index = streamIndexOf(7, intensity);
      expect(styleOfStreamIndex(decodeStreamFrame(encodeStreamFrame(index, 3, new Uint8Array(4))).styleIndex)).toEqual({ styleIndex: 7, intensity, amounts: DEFAULT, reference: false });
    }
    expect(styleOfStreamIndex(ORIGINAL_STYLE_INDEX)).toEqual({ styleIndex: ORIGINAL_STYLE_INDEX, intensity: 'medium', amounts: DEFAULT, reference: false });
    expect(styleOfStreamIndex(3 * 2 ** 24 + 7)).toBeNull();
    expect(() => streamIndexOf(2 ** 17, 'high')).toThrow(RangeError);
  });

  it('when a style is heard at other amounts or as its master toward a reference, then every combination is a stream of its own that comes back from a frame, and the default amounts leave the index as it was', () => {
    expect(streamIndexOf(7, 'high', DEFAULT)).toBe(streamIndexOf(7, 'high'));
    const seen = new Set<number>();
    for (const intensity of ['low', 'medium', 'high'] as const) {
      for (let tone = 0; tone <= 150; tone += 10) {
        for (let width = 0; width <= 150; width += 10) {
          for (let dynamics = 0; dynamics <= 150; dynamics += 10) {
            const amounts = { tone, width, dynamics };
            for (const reference of [false, true]) {
              const index = streamIndexOf(12, intensity, amounts, reference);
              expect(index).not.toBe(ORIGINAL_STYLE_INDEX);
              seen.add(index);
              expect(styleOfStreamIndex(decodeStreamFrame(encodeStreamFrame(index, 0, new Uint8Array(0))).styleIndex)).toEqual({ styleIndex: 12, intensity, amounts, reference });
            }
          }
        }
      }
    }
    expect(seen.size).toBe(2 * 3 * 16 ** 3);
  });

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
