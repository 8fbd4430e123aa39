/**
 * The binary chunk frame of the real-time socket:
 * 2-byte version, 4-byte style index (0xFFFFFFFF = original), 4-byte chunk index, all big-endian,
 * then the chunk's audio as 16-bit little-endian interleaved PCM. Imported by the sidecar, the
 * client and the tests: the layout lives here only.
 */
export const STREAM_FRAME_VERSION = 1;
export const STREAM_FRAME_HEADER_BYTES = 10;
export const ORIGINAL_STYLE_INDEX = -1;
const ORIGINAL_ON_WIRE = 0xffffffff;

/**
 * A style heard at Low or High is a stream of its own, so switching intensity while playing drops
 * the other's waiting chunks as a style switch does: its index is the style's with the intensity
 * in the top byte (Medium: the style's index itself, as before intensities existed).
 */
const INTENSITY_SHIFT = 2 ** 24;
const INTENSITY_CODES = { medium: 0, low: 1, high: 2 } as const;
type StreamIntensity = keyof typeof INTENSITY_CODES;

/**
 * Other amounts (tone, width, dynamics: 0-150 % in steps of 10) are a stream of their own too, each
 * in 4 bits coded so that 100 % is 0 (so the default leaves an index as it was before amounts). The
 * intensity keeps bits 24-25; the style's index takes bits 0-16 (styles are numbered from 0 and
 * stay far under 131 072), bit 17 says the stored master made toward a reference track (which one the
 * request names), width 18-21, dynamics 22-23 and 30-31, tone 26-29. The top byte never reaches 255,
 * so no index is the original's 0xFFFFFFFF.
 */
const STYLE_BITS = 2 ** 17;
const REFERENCE_BIT = 2 ** 17;
const LOW_FIELDS = 2 ** 18;
const AMOUNT_STEPS = 16;
/** 100 % -> 0, 0 % -> 6, 150 % -> 5: every amount in 4 bits, the default none. */
const amountCode = (percent: number) => (Math.round(percent / 10) + 6) % AMOUNT_STEPS;
const amountOfCode = (code: number) => ((code + 10) % AMOUNT_STEPS) * 10;

export interface StreamAmounts {
  tone: number;
  width: number;
  dynamics: number;
}
const DEFAULT_STREAM_AMOUNTS: StreamAmounts = { tone: 100, width: 100, dynamics: 100 };

export function streamIndexOf(styleIndex: number, intensity: StreamIntensity = 'medium', amounts: StreamAmounts = DEFAULT_STREAM_AMOUNTS, towardReference = false): number {
  const tone = amountCode(amounts.tone);
  const width = amountCode(amounts.width);
  const dynamics = amountCode(amounts.dynamics);
  if (styleIndex === ORIGINAL_STYLE_INDEX || (intensity === 'medium' && tone === 0 && width === 0 && dynamics === 0 && !towardReference)) return styleIndex;
  if (!Number.isInteger(styleIndex) || styleIndex < 0 || styleIndex >= STYLE_BITS) throw new RangeError(`style index out of range: ${styleIndex}`);
  const high = INTENSITY_CODES[intensity] + tone * 4 + (dynamics >> 2) * 64;
  return high * INTENSITY_SHIFT + (dynamics & 3) * 2 ** 22 + width * LOW_FIELDS + (towardReference ? REFERENCE_BIT : 0) + styleIndex;
}

/** The style's index, intensity, amounts and whether toward a reference a stream index names; null for an index no stream has. */
export function styleOfStreamIndex(streamIndex: number): { styleIndex: number; intensity: StreamIntensity; amounts: StreamAmounts; reference: boolean } | null {
  if (streamIndex === ORIGINAL_STYLE_INDEX) return { styleIndex: ORIGINAL_STYLE_INDEX, intensity: 'medium', amounts: DEFAULT_STREAM_AMOUNTS, reference: false };
  const high = Math.floor(streamIndex / INTENSITY_SHIFT);
  const code = high % 4;
  const intensity = (Object.keys(INTENSITY_CODES) as StreamIntensity[]).find((name) => INTENSITY_CODES[name] === code);
  if (!intensity) return null;
  const low = streamIndex % INTENSITY_SHIFT;
  const amounts = { tone: amountOfCode(Math.floor(high / 4) % 16), width: amountOfCode(Math.floor(low / LOW_FIELDS) % 16), dynamics: amountOfCode((Math.floor(high / 64) % 4) * 4 + Math.floor(low / 2 ** 22)) };
  return { styleIndex: low % STYLE_BITS, intensity, amounts, reference: Math.floor(low / REFERENCE_BIT) % 2 === 1 };
}

export interface StreamFrame {
  version: number;
  /** -1 for the original, otherwise the style's styleIndex. */
  styleIndex: number;
  chunkIndex: number;
  /** 16-bit little-endian interleaved PCM bytes. */
  audio: Uint8Array;
}

export function encodeStreamFrame(styleIndex: number, chunkIndex: number, audio: Uint8Array): Uint8Array {
  if (!Number.isInteger(styleIndex) || styleIndex < -1 || styleIndex >= ORIGINAL_ON_WIRE) {
    throw new RangeError(`style index out of range: ${styleIndex}`);
  }
  if (!Number.isInteger(chunkIndex) || chunkIndex < 0 || chunkIndex > 0xffffffff) {
    throw new RangeError(`chunk index out of range: ${chunkIndex}`);
  }
  const frame = new Uint8Array(STREAM_FRAME_HEADER_BYTES + audio.byteLength);
  const view = new DataView(frame.buffer);
  view.setUint16(0, STREAM_FRAME_VERSION, false);
  view.setUint32(2, styleIndex === ORIGINAL_STYLE_INDEX ? ORIGINAL_ON_WIRE : styleIndex, false);
  view.setUint32(6, chunkIndex, false);
  frame.set(audio, STREAM_FRAME_HEADER_BYTES);
  return frame;
}

export function decodeStreamFrame(data: ArrayBuffer | Uint8Array): StreamFrame {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength < STREAM_FRAME_HEADER_BYTES) throw new RangeError('stream frame shorter than its header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(0, false);
  if (version !== STREAM_FRAME_VERSION) throw new RangeError(`unknown stream frame version ${version}`);
  const wireStyle = view.getUint32(2, false);
  return {
    version,
    styleIndex: wireStyle === ORIGINAL_ON_WIRE ? ORIGINAL_STYLE_INDEX : wireStyle,
    chunkIndex: view.getUint32(6, false),
    audio: bytes.subarray(STREAM_FRAME_HEADER_BYTES),
  };
}
