/**
 * Hand-built WAV files for tests, including ones that lie: every header field can be overridden so
 * a test states exactly which byte is wrong. The samples are a quiet sine, so a valid file is also
 * playable audio.
 */
export interface WavBytesOptions {
  sampleRate?: number;
  channels?: number;
  bitsPerSample?: number;
  /** 1 PCM, 3 IEEE float, anything else as given. */
  formatCode?: number;
  /** Wrap the format in WAVE_FORMAT_EXTENSIBLE with this sub-format code. */
  extensible?: boolean;
  /** Write an RF64 file (ds64 chunk, 0xFFFFFFFF size fields). */
  rf64?: boolean;
  frames?: number;
  /** Chunks placed between fmt and data, e.g. a LIST chunk; odd sizes get their pad byte. */
  extraChunks?: { id: string; body: Uint8Array }[];
  // Lies:
  riffSize?: number;
  dataSize?: number;
  blockAlign?: number;
  byteRate?: number;
  fmtSize?: number;
  /** Cut the file to this many bytes. */
  truncateTo?: number;
}

const SUBFORMAT_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];

function chunk(id: string, body: Uint8Array, sizeOverride?: number): Uint8Array {
  const padded = body.length % 2 === 1 ? body.length + 1 : body.length;
  const out = new Uint8Array(8 + padded);
  out.set(Buffer.from(id, 'latin1'), 0);
  new DataView(out.buffer).setUint32(4, sizeOverride ?? body.length, true);
  out.set(body, 8);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The fmt chunk body alone (16 or 40 bytes). */
export function fmtBody(options: WavBytesOptions = {}): Uint8Array {
  const channels = options.channels ?? 2;
  const sampleRate = options.sampleRate ?? 44100;
  const bits = options.bitsPerSample ?? 16;
  const code = options.formatCode ?? (bits === 64 ? 3 : 1);
  const blockAlign = options.blockAlign ?? (channels * bits) / 8;
  const body = new Uint8Array(options.extensible ? 40 : 16);
  const view = new DataView(body.buffer);
  view.setUint16(0, options.extensible ? 0xfffe : code, true);
  view.setUint16(2, channels, true);
  view.setUint32(4, sampleRate, true);
  view.setUint32(8, options.byteRate ?? sampleRate * blockAlign, true);
  view.setUint16(12, blockAlign, true);
  view.setUint16(14, bits, true);
  if (options.extensible) {
    view.setUint16(16, 22, true);
    view.setUint16(18, bits, true);
    view.setUint32(20, channels === 1 ? 0x4 : 0x3, true);
    view.setUint16(24, code, true);
    body.set(SUBFORMAT_TAIL, 26);
  }
  return body;
}

/** Sample data: a -12 dBFS 440 Hz sine in the requested encoding. */
export function sineSamples(options: WavBytesOptions = {}): Uint8Array {
  const channels = options.channels ?? 2;
  const sampleRate = options.sampleRate ?? 44100;
  const bits = options.bitsPerSample ?? 16;
  const float = (options.formatCode ?? (bits === 64 ? 3 : 1)) === 3;
  const frames = options.frames ?? 4410;
  const bytesPerSample = bits / 8;
  const out = new Uint8Array(Math.max(0, frames * channels * bytesPerSample));
  const view = new DataView(out.buffer);
  for (let f = 0; f < frames; f++) {
    const value = 0.25 * Math.sin((2 * Math.PI * 440 * f) / Math.max(1, sampleRate));
    for (let c = 0; c < channels; c++) {
      const at = (f * channels + c) * bytesPerSample;
      if (float && bits === 32) view.setFloat32(at, value, true);
      else if (float && bits === 64) view.setFloat64(at, value, true);
      else if (bits === 16) view.setInt16(at, Math.round(value * 32767), true);
      else if (bits === 24) {
        const int = Math.round(value * 8388607);
        view.setUint8(at, int & 0xff);
        view.setUint8(at + 1, (int >> 8) & 0xff);
        view.setUint8(at + 2, (int >> 16) & 0xff);
      } else if (bits === 32) view.setInt32(at, Math.round(value * 2147483647), true);
    }
  }
  return out;
}

export function wavBytes(options: WavBytesOptions = {}): Uint8Array {
  const samples = sineSamples(options);
  const fmt = fmtBody(options);
  const extras = (options.extraChunks ?? []).map((c) => chunk(c.id, c.body));
  const fmtChunk = chunk('fmt ', fmt, options.fmtSize);
  let file: Uint8Array;
  if (options.rf64) {
    const ds64 = new Uint8Array(28);
    const dataChunk = chunk('data', samples, options.dataSize ?? 0xffffffff);
    const total = 12 + 8 + ds64.length + fmtChunk.length + extras.reduce((s, c) => s + c.length, 0) + dataChunk.length;
    const view = new DataView(ds64.buffer);
    view.setUint32(0, total - 8, true);
    view.setUint32(8, samples.length, true);
    view.setUint32(16, options.frames ?? 4410, true);
    const head = new Uint8Array(12);
    head.set(Buffer.from('RF64', 'latin1'), 0);
    new DataView(head.buffer).setUint32(4, options.riffSize ?? 0xffffffff, true);
    head.set(Buffer.from('WAVE', 'latin1'), 8);
    file = concat([head, chunk('ds64', ds64), fmtChunk, ...extras, dataChunk]);
  } else {
    const dataChunk = chunk('data', samples, options.dataSize);
    const body = concat([Buffer.from('WAVE', 'latin1'), fmtChunk, ...extras, dataChunk]);
    const head = new Uint8Array(8);
    head.set(Buffer.from('RIFF', 'latin1'), 0);
    new DataView(head.buffer).setUint32(4, options.riffSize ?? body.length, true);
    file = concat([head, body]);
  }
  return options.truncateTo === undefined ? file : file.subarray(0, options.truncateTo);
}

/** Not WAV files, with the magic bytes of what they are. */
export const FOREIGN_FILES = {
  mp3WithId3: concat([Buffer.from('ID3', 'latin1'), new Uint8Array([4, 0, 0, 0, 0, 0, 0]), new Uint8Array([0xff, 0xfb, 0x90, 0x64]), new Uint8Array(400)]),
  mp3FrameSync: concat([new Uint8Array([0xff, 0xfb, 0x90, 0x64]), new Uint8Array(400)]),
  png: concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(200)]),
  empty: new Uint8Array(0),
} as const;
