/**
 * A pure reader of a WAV file's beginning: finds the format and where the samples are, or says
 * precisely why the bytes are not a WAV file we accept (docs/product-rules.md, "Audio files").
 *
 * Sources: Microsoft "Multimedia Programming Interface and Data Specifications 1.0" (RIFF, fmt, odd
 * chunk padding), "WAVEFORMATEXTENSIBLE" (mmreg.h / ksmedia.h sub-format GUIDs), EBU Tech 3306
 * (RF64 and its ds64 chunk; ITU-R BS.2088 BW64 uses the same layout).
 *
 * The parser sees a prefix of the file (`head`) and, when known, the whole file's size. Without a
 * size it may answer `incomplete` ("give me more bytes"); a streaming reader feeds it until it
 * answers something else, then asks once more with the final size to check the data chunk arrived.
 *
 * Its inverse, wavHeader, writes the header of the files the product makes (masters, test signals).
 */

export type SampleFormat = 'int' | 'float';

export interface WavFormat {
  container: 'RIFF' | 'RF64';
  sampleRate: number;
  channels: number;
  /** Container bits per sample (16, 24, 32 or 64). */
  bitsPerSample: number;
  sampleFormat: SampleFormat;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of sample data the data chunk declares. */
  dataBytes: number;
  /** Whole sample frames in the data chunk. */
  frames: number;
}

export type WavHeaderResult =
  | { status: 'ok'; format: WavFormat }
  | { status: 'incomplete' }
  | { status: 'noWaveFile'; reason: string }
  | { status: 'unsupportedWave'; reason: string };

export const WAV_LIMITS = {
  minSampleRate: 8000,
  maxSampleRate: 192000,
  maxChannels: 2,
} as const;

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Bytes 2..15 of every KSDATAFORMAT_SUBTYPE_* GUID built from a WAVE_FORMAT code (ksmedia.h). */
const SUBFORMAT_GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];

/** Names of format codes people actually send, so the reason says what the file is (mmreg.h). */
const KNOWN_FORMAT_CODES: Record<number, string> = {
  0x0002: 'Microsoft ADPCM',
  0x0006: 'A-law',
  0x0007: 'µ-law',
  0x0011: 'IMA ADPCM',
  0x0031: 'GSM 6.10',
  0x0050: 'MPEG',
  0x0055: 'MPEG Layer 3 (MP3)',
  0x00ff: 'AAC',
  0x0161: 'Windows Media Audio',
  0x2000: 'AC-3',
  0xf1ac: 'FLAC',
};

const ACCEPTED_BITS: Record<SampleFormat, readonly number[]> = { int: [16, 24, 32], float: [32, 64] };

/** RF64 writes this into 32-bit size fields whose real value lives in ds64. */
const SIZE_IN_DS64 = 0xffffffff;

const ascii = (bytes: Uint8Array, at: number, length = 4) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const hex = (code: number) => `0x${code.toString(16).padStart(4, '0')}`;

/** What a non-WAV file most likely is, from its magic bytes, for a helpful reason. */
function sniffOtherFormat(head: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((byte, i) => head[i] === byte);
  if (starts(0x49, 0x44, 0x33)) return 'an MP3 file (ID3 tag)';
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return 'an MP3 or AAC stream (MPEG frame sync)';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'a PNG image';
  if (starts(0xff, 0xd8, 0xff)) return 'a JPEG image';
  if (starts(0x66, 0x4c, 0x61, 0x43)) return 'a FLAC file';
  if (starts(0x4f, 0x67, 0x67, 0x53)) return 'an Ogg file';
  if (starts(0x46, 0x4f, 0x52, 0x4d)) return 'an AIFF file';
  if (head.length >= 8 && ascii(head, 4) === 'ftyp') return 'an MP4/M4A file';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'a PDF document';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'a ZIP archive';
  return null;
}

function isPrefixOf(head: Uint8Array, magic: string): boolean {
  for (let i = 0; i < head.length && i < magic.length; i++) if (head[i] !== magic.charCodeAt(i)) return false;
  return true;
}

interface FmtChunk {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  sampleFormat: SampleFormat;
  blockAlign: number;
}

/** Reads and checks a fmt chunk body; returns the reason string when it is not acceptable. */
function readFmt(view: DataView, at: number, size: number): FmtChunk | string {
  if (size < 16) return `fmt chunk is ${size} bytes, at least 16 are needed`;
  let formatCode = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bitsPerSample = view.getUint16(at + 14, true);

  if (formatCode === WAVE_FORMAT_EXTENSIBLE) {
    if (size < 40) return `extensible fmt chunk is ${size} bytes, 40 are needed`;
    const extraSize = view.getUint16(at + 16, true);
    if (extraSize < 22) return `extensible fmt chunk declares ${extraSize} extra bytes, 22 are needed`;
    const validBits = view.getUint16(at + 18, true);
    if (validBits > bitsPerSample) return `extensible format declares ${validBits} valid bits in a ${bitsPerSample}-bit container`;
    const guidCode = view.getUint16(at + 24, true);
    for (let i = 0; i < SUBFORMAT_GUID_TAIL.length; i++) {
      if (view.getUint8(at + 26 + i) !== SUBFORMAT_GUID_TAIL[i]) return 'extensible format has an unknown sub-format GUID';
    }
    formatCode = guidCode;
  }

  let sampleFormat: SampleFormat;
  if (formatCode === WAVE_FORMAT_PCM) sampleFormat = 'int';
  else if (formatCode === WAVE_FORMAT_IEEE_FLOAT) sampleFormat = 'float';
  else {
    const name = KNOWN_FORMAT_CODES[formatCode];
    return `${name ? `compressed format ${name}` : 'format'} (${hex(formatCode)}) is not supported; only PCM and IEEE float are`;
  }

  if (channels === 0) return 'the file declares 0 channels';
  if (channels > WAV_LIMITS.maxChannels) return `${channels} channels are not supported; only mono and stereo are`;
  if (sampleRate < WAV_LIMITS.minSampleRate || sampleRate > WAV_LIMITS.maxSampleRate) {
    return `sample rate ${sampleRate} Hz is outside ${WAV_LIMITS.minSampleRate}..${WAV_LIMITS.maxSampleRate} Hz`;
  }
  if (!ACCEPTED_BITS[sampleFormat].includes(bitsPerSample)) {
    const accepted = ACCEPTED_BITS[sampleFormat].join('/');
    return `${bitsPerSample}-bit ${sampleFormat === 'int' ? 'PCM' : 'float'} is not supported; only ${accepted}-bit is`;
  }
  const expectedAlign = (channels * bitsPerSample) / 8;
  if (blockAlign !== expectedAlign) {
    return `block align ${blockAlign} does not match ${channels} channel(s) of ${bitsPerSample} bits (${expectedAlign})`;
  }
  return { sampleRate, channels, bitsPerSample, sampleFormat, blockAlign };
}

/**
 * Parses the beginning of a WAV file. `fileSize`, when given, is the size of the whole file, and
 * the data chunk must then fit in it (a truncated upload is refused).
 */
export function parseWavHeader(head: Uint8Array, options: { fileSize?: number } = {}): WavHeaderResult {
  const { fileSize } = options;
  const complete = fileSize !== undefined && head.length >= fileSize;
  const incompleteOr = (reason: string): WavHeaderResult =>
    complete ? { status: 'unsupportedWave', reason } : { status: 'incomplete' };

  if (fileSize === 0 || (complete && head.length === 0)) return { status: 'noWaveFile', reason: 'the file is empty' };

  const magicCandidates = ['RIFF', 'RF64', 'BW64'];
  if (head.length < 12) {
    if (!magicCandidates.some((magic) => isPrefixOf(head, magic))) {
      return { status: 'noWaveFile', reason: notRiffReason(head) };
    }
    if (head.length >= 4 || !complete) return incompleteOr(`the file ends after ${head.length} bytes, inside the RIFF header`);
    return { status: 'noWaveFile', reason: `the file has only ${head.length} bytes` };
  }

  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const magic = ascii(head, 0);
  if (!magicCandidates.includes(magic)) return { status: 'noWaveFile', reason: notRiffReason(head) };
  if (ascii(head, 8) !== 'WAVE') return { status: 'noWaveFile', reason: `RIFF form type is "${printable(ascii(head, 8))}", not WAVE` };
  const container = magic === 'RIFF' ? 'RIFF' : 'RF64';

  let riffEnd = view.getUint32(4, true) + 8;
  if (container === 'RIFF' && riffEnd < 12 + 8) return { status: 'unsupportedWave', reason: `RIFF size ${riffEnd - 8} is too small to hold any chunk` };

  let ds64DataBytes: number | null = null;
  let fmt: FmtChunk | null = null;
  let offset = 12;

  for (;;) {
    if (offset + 8 > head.length) {
      return incompleteOr(fmt ? 'the file ends before its data chunk' : 'the file ends before its fmt chunk');
    }
    if (offset + 8 > riffEnd) {
      return { status: 'unsupportedWave', reason: fmt ? 'no data chunk inside the declared RIFF size' : 'no fmt chunk inside the declared RIFF size' };
    }
    const id = ascii(head, offset);
    const size = view.getUint32(offset + 4, true);
    const bodyAt = offset + 8;

    if (container === 'RF64' && offset === 12) {
      if (id !== 'ds64') return { status: 'unsupportedWave', reason: `RF64 file starts with a "${printable(id)}" chunk instead of ds64` };
      if (size < 24) return { status: 'unsupportedWave', reason: `ds64 chunk is ${size} bytes, at least 24 are needed` };
      if (bodyAt + 24 > head.length) return incompleteOr('the file ends inside its ds64 chunk');
      const riffSize = readUint64(view, bodyAt);
      ds64DataBytes = readUint64(view, bodyAt + 8);
      if (riffSize === null || ds64DataBytes === null) return { status: 'unsupportedWave', reason: 'ds64 sizes are beyond what this service accepts' };
      if (view.getUint32(4, true) !== SIZE_IN_DS64) return { status: 'unsupportedWave', reason: 'RF64 header does not defer its size to ds64' };
      riffEnd = riffSize + 8;
    } else if (id === 'fmt ') {
      if (fmt) return { status: 'unsupportedWave', reason: 'the file has two fmt chunks' };
      if (bodyAt + size > riffEnd) return { status: 'unsupportedWave', reason: 'fmt chunk extends past the declared RIFF size' };
      if (bodyAt + Math.min(size, 40) > head.length) return incompleteOr('the file ends inside its fmt chunk');
      const read = readFmt(view, bodyAt, size);
      if (typeof read === 'string') return { status: 'unsupportedWave', reason: read };
      fmt = read;
    } else if (id === 'data') {
      if (!fmt) return { status: 'unsupportedWave', reason: 'data chunk comes before the fmt chunk' };
      let dataBytes = size;
      if (container === 'RF64' && size === SIZE_IN_DS64) {
        if (ds64DataBytes === null) return { status: 'unsupportedWave', reason: 'RF64 data size missing from ds64' };
        dataBytes = ds64DataBytes;
      }
      if (bodyAt + dataBytes > riffEnd) {
        return { status: 'unsupportedWave', reason: `data chunk declares ${dataBytes} bytes, more than the declared RIFF size leaves (${Math.max(0, riffEnd - bodyAt)})` };
      }
      const frames = Math.floor(dataBytes / fmt.blockAlign);
      if (frames === 0) return { status: 'unsupportedWave', reason: 'the data chunk holds no audio samples' };
      if (fileSize !== undefined && bodyAt + dataBytes > fileSize) {
        return { status: 'unsupportedWave', reason: `the file is truncated: its data chunk declares ${dataBytes} bytes but only ${Math.max(0, fileSize - bodyAt)} follow` };
      }
      return {
        status: 'ok',
        format: {
          container,
          sampleRate: fmt.sampleRate,
          channels: fmt.channels,
          bitsPerSample: fmt.bitsPerSample,
          sampleFormat: fmt.sampleFormat,
          dataOffset: bodyAt,
          dataBytes,
          frames,
        },
      };
    } else if (bodyAt + size > riffEnd) {
      return { status: 'unsupportedWave', reason: `"${printable(id)}" chunk extends past the declared RIFF size` };
    }
    // RIFF chunks are word-aligned: an odd-sized body is followed by one pad byte.
    offset = bodyAt + size + (size % 2);
  }
}

/** A little-endian uint64 as a number, or null beyond 2^53. */
function readUint64(view: DataView, at: number): number | null {
  const low = view.getUint32(at, true);
  const high = view.getUint32(at + 4, true);
  if (high >= 0x200000) return null;
  return high * 0x1_0000_0000 + low;
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

function notRiffReason(head: Uint8Array): string {
  const other = sniffOtherFormat(head);
  return other ? `the content is ${other}, not a WAV file` : 'the content does not start with a RIFF/RF64 WAVE header';
}

/**
 * WAV headers (RIFF/WAVE, WAVE_FORMAT_EXTENSIBLE and EBU Tech 3306 RF64) for sample data that
 * follows immediately in one `data` chunk: what the engine writes, and what parseWavHeader reads.
 */
export type WavSampleFormat = 'pcm16' | 'pcm24' | 'pcm32' | 'float32' | 'float64';

export interface WavHeaderOptions {
  sampleRate: number;
  channels: number;
  format: WavSampleFormat;
  frames: number;
  /** WAVE_FORMAT_EXTENSIBLE (0xFFFE) fmt chunk with a channel mask and sub-format GUID. */
  extensible?: boolean;
  /** RF64 container: 'RF64', a ds64 chunk with 64-bit sizes, 0xFFFFFFFF in the 32-bit fields. */
  rf64?: boolean;
}

export const bytesPerSampleOf = (format: WavSampleFormat): number =>
  ({ pcm16: 2, pcm24: 3, pcm32: 4, float32: 4, float64: 8 })[format];

const isFloatFormat = (format: WavSampleFormat) => format === 'float32' || format === 'float64';

export function wavHeader(options: WavHeaderOptions): Buffer {
  const bytesPerSample = bytesPerSampleOf(options.format);
  const blockAlign = bytesPerSample * options.channels;
  const dataBytes = options.frames * blockAlign;
  const fmtSize = options.extensible ? 40 : 16;
  const ds64Size = options.rf64 ? 8 + 28 : 0;
  const headerSize = 12 + ds64Size + 8 + fmtSize + 8;
  const header = Buffer.alloc(headerSize);
  let o = 0;
  const riffSize = headerSize - 8 + dataBytes;
  header.write(options.rf64 ? 'RF64' : 'RIFF', o, 'ascii');
  header.writeUInt32LE(options.rf64 ? 0xffffffff : riffSize, o + 4);
  header.write('WAVE', o + 8, 'ascii');
  o += 12;
  if (options.rf64) {
    header.write('ds64', o, 'ascii');
    header.writeUInt32LE(28, o + 4);
    header.writeBigUInt64LE(BigInt(riffSize), o + 8);
    header.writeBigUInt64LE(BigInt(dataBytes), o + 16);
    header.writeBigUInt64LE(BigInt(options.frames), o + 24);
    header.writeUInt32LE(0, o + 32);
    o += 36;
  }
  header.write('fmt ', o, 'ascii');
  header.writeUInt32LE(fmtSize, o + 4);
  const formatTag = options.extensible ? WAVE_FORMAT_EXTENSIBLE : isFloatFormat(options.format) ? WAVE_FORMAT_IEEE_FLOAT : WAVE_FORMAT_PCM;
  header.writeUInt16LE(formatTag, o + 8);
  header.writeUInt16LE(options.channels, o + 10);
  header.writeUInt32LE(options.sampleRate, o + 12);
  header.writeUInt32LE(options.sampleRate * blockAlign, o + 16);
  header.writeUInt16LE(blockAlign, o + 20);
  header.writeUInt16LE(bytesPerSample * 8, o + 22);
  if (options.extensible) {
    header.writeUInt16LE(22, o + 24);
    header.writeUInt16LE(bytesPerSample * 8, o + 26);
    header.writeUInt32LE(options.channels === 1 ? 0x4 : 0x3, o + 28);
    // KSDATAFORMAT_SUBTYPE_PCM / _IEEE_FLOAT: the format code, then the common GUID tail.
    header.writeUInt16LE(isFloatFormat(options.format) ? WAVE_FORMAT_IEEE_FLOAT : WAVE_FORMAT_PCM, o + 32);
    Buffer.from(SUBFORMAT_GUID_TAIL).copy(header, o + 34);
  }
  o += 8 + fmtSize;
  header.write('data', o, 'ascii');
  header.writeUInt32LE(options.rf64 ? 0xffffffff : dataBytes, o + 4);
  return header;
}
