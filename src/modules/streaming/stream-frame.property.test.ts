import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStreamFrame, encodeStreamFrame, STREAM_FRAME_HEADER_BYTES, STREAM_FRAME_VERSION } from './stream-frame.js';

const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 1500);

describe('stream frame decoder, property-based', () => {
  it('when given any bytes, then it returns a frame of version 1 or refuses with a RangeError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (bytes, asArrayBuffer) => {
        try {
          const frame = decodeStreamFrame(asArrayBuffer ? bytes.slice().buffer : bytes);
          expect(frame.version).toBe(STREAM_FRAME_VERSION);
          expect(frame.styleIndex).toBeGreaterThanOrEqual(-1);
          expect(Number.isInteger(frame.chunkIndex) && frame.chunkIndex >= 0).toBe(true);
          expect(frame.audio.byteLength).toBe(bytes.byteLength - STREAM_FRAME_HEADER_BYTES);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('when a frame is encoded, then decoding gives back style, chunk and audio', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 0xfffffffe }), fc.nat({ max: 0xffffffff }), fc.uint8Array({ maxLength: 256 }), (styleIndex, chunkIndex, audio) => {
        const frame = decodeStreamFrame(encodeStreamFrame(styleIndex, chunkIndex, audio));
        expect(frame).toMatchObject({ version: STREAM_FRAME_VERSION, styleIndex, chunkIndex });
        expect([...frame.audio]).toEqual([...audio]);
      }),
      { numRuns: RUNS },
    );
  });
});
