import { describe, expect, it } from 'vitest';
import { FOREIGN_FILES, wavBytes, type WavBytesOptions } from '../test/wav-bytes.js';
import { parseWavHeader, wavHeader, type WavHeaderResult } from './wav-header.js';

const parseWhole = (bytes: Uint8Array) => parseWavHeader(bytes, { fileSize: bytes.length });
const parse = (options: WavBytesOptions) => parseWhole(wavBytes(options));

function reasonOf(result: WavHeaderResult): string {
  if (result.status === 'ok' || result.status === 'incomplete') throw new Error(`expected a refusal, got ${result.status}`);
  return result.reason;
}

describe('parseWavHeader', () => {
  it('when given a 16-bit stereo 44.1 kHz file, then its format and data position come back', () => {
    expect(parse({ frames: 1000 })).toEqual({
      status: 'ok',
      format: { container: 'RIFF', sampleRate: 44100, channels: 2, bitsPerSample: 16, sampleFormat: 'int', dataOffset: 44, dataBytes: 4000, frames: 1000 },
    });
  });

  it.each([
    ['24-bit', { bitsPerSample: 24 }, { bitsPerSample: 24, sampleFormat: 'int' }],
    ['32-bit int', { bitsPerSample: 32 }, { bitsPerSample: 32, sampleFormat: 'int' }],
    ['32-bit float', { bitsPerSample: 32, formatCode: 3 }, { bitsPerSample: 32, sampleFormat: 'float' }],
    ['64-bit float', { bitsPerSample: 64, formatCode: 3 }, { bitsPerSample: 64, sampleFormat: 'float' }],
    ['mono', { channels: 1 }, { channels: 1 }],
    ['96 kHz', { sampleRate: 96000 }, { sampleRate: 96000 }],
    ['8 kHz', { sampleRate: 8000 }, { sampleRate: 8000 }],
    ['192 kHz', { sampleRate: 192000 }, { sampleRate: 192000 }],
    ['extensible 24-bit PCM', { extensible: true, bitsPerSample: 24 }, { bitsPerSample: 24, sampleFormat: 'int' }],
    ['extensible float', { extensible: true, bitsPerSample: 32, formatCode: 3 }, { sampleFormat: 'float' }],
    ['RF64', { rf64: true, frames: 100 }, { container: 'RF64', frames: 100, dataBytes: 400 }],
  ] as const)('when given a %s file, then it is accepted', (_name, options, expected) => {
    const result = parse(options);
    expect(result.status).toBe('ok');
    expect(result).toMatchObject({ format: expected });
  });

  it('when unknown and odd-sized chunks come before the data, then they are skipped with their pad byte', () => {
    const result = parse({ frames: 10, extraChunks: [{ id: 'LIST', body: new Uint8Array(5) }, { id: 'bext', body: new Uint8Array(3) }] });
    // 12 RIFF + 24 fmt + (8 + 5 + 1) LIST + (8 + 3 + 1) bext + 8 data header
    expect(result).toMatchObject({ status: 'ok', format: { dataOffset: 12 + 24 + 14 + 12 + 8, frames: 10 } });
  });

  it('when only a prefix is known and the data chunk is not reached yet, then more bytes are asked for', () => {
    const bytes = wavBytes({ extraChunks: [{ id: 'JUNK', body: new Uint8Array(100) }] });
    expect(parseWavHeader(bytes.subarray(0, 30))).toEqual({ status: 'incomplete' });
    expect(parseWavHeader(bytes.subarray(0, 2))).toEqual({ status: 'incomplete' });
    expect(parseWavHeader(bytes.subarray(0, 200)).status).toBe('ok');
  });

  it('when the file is empty, then it is not a WAV file', () => {
    expect(parseWhole(FOREIGN_FILES.empty)).toEqual({ status: 'noWaveFile', reason: 'the file is empty' });
  });

  it.each([
    ['an MP3 with an ID3 tag', FOREIGN_FILES.mp3WithId3, /MP3 file \(ID3/],
    ['a bare MP3 frame', FOREIGN_FILES.mp3FrameSync, /MPEG frame sync/],
    ['a PNG', FOREIGN_FILES.png, /PNG image/],
    ['text', new TextEncoder().encode('hello, this is not audio at all'), /does not start with a RIFF/],
    ['an AVI', new Uint8Array([...Buffer.from('RIFF'), 100, 0, 0, 0, ...Buffer.from('AVI LIST')]), /form type is "AVI "/],
  ])('when given %s named .wav, then it is not a WAV file and the reason says what it is', (_name, bytes, reason) => {
    const result = parseWhole(bytes);
    expect(result.status).toBe('noWaveFile');
    expect(reasonOf(result)).toMatch(reason);
  });

  it.each([
    ['MP3 format code 0x55', { formatCode: 0x55 }, /MPEG Layer 3 \(MP3\) \(0x0055\)/],
    ['Microsoft ADPCM (2)', { formatCode: 2 }, /Microsoft ADPCM \(0x0002\)/],
    ['an unknown format code', { formatCode: 0x1234 }, /format \(0x1234\) is not supported/],
    ['extensible with an MP3 sub-format', { extensible: true, formatCode: 0x55 }, /0x0055/],
    ['0 channels', { channels: 0 }, /0 channels/],
    ['99 channels', { channels: 99 }, /99 channels are not supported/],
    ['a 0 Hz rate', { sampleRate: 0 }, /sample rate 0 Hz/],
    ['a 7999 Hz rate', { sampleRate: 7999 }, /sample rate 7999 Hz/],
    ['an absurd 4 GHz rate', { sampleRate: 4_000_000_000 }, /sample rate 4000000000 Hz/],
    ['a 192001 Hz rate', { sampleRate: 192001 }, /192001/],
    ['8-bit PCM', { bitsPerSample: 8 }, /8-bit PCM is not supported/],
    ['12-bit PCM', { bitsPerSample: 12, blockAlign: 3 }, /12-bit PCM/],
    ['16-bit float', { bitsPerSample: 16, formatCode: 3 }, /16-bit float/],
    ['an inconsistent block align', { blockAlign: 3 }, /block align 3 does not match/],
    ['a 14-byte fmt chunk', { fmtSize: 14 }, /fmt chunk is 14 bytes/],
  ] as const)('when the fmt chunk has %s, then the WAV is unsupported with a reason', (_name, options, reason) => {
    const result = parse(options);
    expect(result.status).toBe('unsupportedWave');
    expect(reasonOf(result)).toMatch(reason);
  });

  it('when the file is cut inside the header, then it is unsupported, not foreign', () => {
    for (const cut of [4, 11, 20, 40]) {
      const result = parseWhole(wavBytes({ truncateTo: cut }));
      expect(result.status, `cut at ${cut}`).toBe('unsupportedWave');
    }
  });

  it('when the data chunk declares more bytes than arrived, then the file is truncated', () => {
    const result = parseWhole(wavBytes({ frames: 1000, truncateTo: 44 + 2000 }));
    expect(reasonOf(result)).toMatch(/truncated: its data chunk declares 4000 bytes but only 2000 follow/);
  });

  it('when the sizes lie, then the reason names the lie', () => {
    expect(reasonOf(parse({ frames: 100, dataSize: 10_000 }))).toMatch(/more than the declared RIFF size/);
    expect(reasonOf(parse({ frames: 100, riffSize: 30 }))).toMatch(/declared RIFF size/);
    expect(reasonOf(parse({ frames: 100, riffSize: 2 }))).toMatch(/too small/);
    expect(reasonOf(parse({ frames: 100, fmtSize: 100_000 }))).toMatch(/fmt chunk extends past/);
    expect(reasonOf(parse({ frames: 0 }))).toMatch(/no audio samples/);
    expect(reasonOf(parse({ rf64: true, riffSize: 1000 }))).toMatch(/does not defer its size/);
  });

  it('when the data chunk comes before fmt, then it is refused', () => {
    const good = wavBytes({ frames: 4 });
    const swapped = new Uint8Array([...good.subarray(0, 12), ...good.subarray(36), ...good.subarray(12, 36)]);
    expect(reasonOf(parseWhole(swapped))).toMatch(/data chunk comes before the fmt chunk/);
  });

  it('when the extensible sub-format GUID is not a WAVE_FORMAT GUID, then it is refused', () => {
    const bytes = wavBytes({ extensible: true, frames: 4 });
    bytes[12 + 8 + 30] = 0x42;
    expect(reasonOf(parseWhole(bytes))).toMatch(/unknown sub-format GUID/);
  });
});

describe('wavHeader', () => {
  it('when the writer makes a header, then the parser reads back what it was given', () => {
    for (const options of [
      { sampleRate: 44100, channels: 2, format: 'pcm24', frames: 10 },
      { sampleRate: 48000, channels: 1, format: 'float32', frames: 7, extensible: true },
      { sampleRate: 96000, channels: 2, format: 'pcm16', frames: 5, rf64: true },
    ] as const) {
      const header = wavHeader(options);
      const bytesPerFrame = (options.format === 'pcm24' ? 3 : options.format === 'pcm16' ? 2 : 4) * options.channels;
      const result = parseWavHeader(new Uint8Array(header), { fileSize: header.length + options.frames * bytesPerFrame });
      expect(result).toMatchObject({ status: 'ok', format: { sampleRate: options.sampleRate, channels: options.channels, frames: options.frames, dataOffset: header.length } });
    }
  });
});
