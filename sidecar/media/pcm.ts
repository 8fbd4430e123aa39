import { SAMPLE_RATE } from '../../src/audio-core/constants.js';
/**
 * The stream's sample format (docs/product-rules.md, "Audio files"): 16-bit little-endian
 * interleaved PCM at 44.1 kHz, for the original and every master alike, so toggling keeps the
 * sample position.
 *
 * float -> int16 rule: s = clamp(roundHalfEven(x * 32768), -32768, 32767). This is the conversion
 * ffmpeg's swresample applies for flt -> s16 (`av_clip_int16(lrintf(x * (1 << 15)))`, lrintf rounding
 * half to even), so a chunk is byte-identical to ffmpeg's own 16-bit decode of the same range. No
 * dither: the stream is a preview; the 16-bit download is dithered separately (docs/product-rules.md, "Audio files").
 */
export const STREAM_BITS_PER_SAMPLE = 16;
/** One second of audio per chunk: small enough to start fast, large enough to keep frames few. */
export const CHUNK_FRAMES = SAMPLE_RATE;

export const chunkBytesOf = (channels: number) => CHUNK_FRAMES * channels * 2;
export const chunkCountOf = (frames: number) => Math.ceil(frames / CHUNK_FRAMES);

/** First frame and frame count of chunk `index` of a stream of `frames` frames (the last one is shorter). */
export function chunkRange(index: number, frames: number): { start: number; count: number } {
  const start = index * CHUNK_FRAMES;
  return { start, count: Math.max(0, Math.min(CHUNK_FRAMES, frames - start)) };
}

function int16Of(x: number): number {
  const v = x * 32768;
  let r = Math.round(v);
  // Math.round rounds .5 up; lrintf rounds half to even.
  if (r - v === 0.5 && (r & 1) !== 0) r -= 1;
  return r > 32767 ? 32767 : r < -32768 ? -32768 : r;
}

/** Interleaved float samples to 16-bit little-endian PCM, written at `offset` of `out`. */
export function floatToS16le(samples: Float32Array, out: Uint8Array, offset = 0): void {
  const view = new DataView(out.buffer, out.byteOffset + offset, samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    // NaN never reaches the stream as noise: it becomes silence.
    view.setInt16(i * 2, x === x ? int16Of(x) : 0, true);
  }
}

/** 24-bit little-endian PCM to 16-bit by the same rule (x = v / 2^23, so x * 32768 = v / 256). */
export function s24leToS16le(input: Uint8Array, out: Uint8Array, offset = 0): void {
  const samples = Math.floor(input.length / 3);
  const view = new DataView(out.buffer, out.byteOffset + offset, samples * 2);
  for (let i = 0; i < samples; i++) {
    const p = i * 3;
    let v = input[p]! | (input[p + 1]! << 8) | (input[p + 2]! << 16);
    if (v & 0x800000) v -= 0x1000000;
    const q = v / 256;
    let r = Math.round(q);
    if (r - q === 0.5 && (r & 1) !== 0) r -= 1;
    view.setInt16(i * 2, r > 32767 ? 32767 : r, true);
  }
}

