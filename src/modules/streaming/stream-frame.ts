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

export function streamIndexOf(styleIndex: number, intensity: StreamIntensity = 'medium'): number {
  if (styleIndex === ORIGINAL_STYLE_INDEX || intensity === 'medium') return styleIndex;
  if (!Number.isInteger(styleIndex) || styleIndex < 0 || styleIndex >= INTENSITY_SHIFT) throw new RangeError(`style index out of range: ${styleIndex}`);
  return INTENSITY_CODES[intensity] * INTENSITY_SHIFT + styleIndex;
}

/** The style's index and intensity a stream index names; null for an index no stream has. */
export function styleOfStreamIndex(streamIndex: number): { styleIndex: number; intensity: StreamIntensity } | null {
  if (streamIndex === ORIGINAL_STYLE_INDEX) return { styleIndex: ORIGINAL_STYLE_INDEX, intensity: 'medium' };
  const code = Math.floor(streamIndex / INTENSITY_SHIFT);
  const intensity = (Object.keys(INTENSITY_CODES) as StreamIntensity[]).find((name) => INTENSITY_CODES[name] === code);
  return intensity ? { styleIndex: streamIndex % INTENSITY_SHIFT, intensity } : null;
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
