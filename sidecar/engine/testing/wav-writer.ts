import { writeFileSync } from 'node:fs';
import { bytesPerSampleOf, wavHeader, type WavSampleFormat } from '../../../src/audio-core/wav-header.js';
import type { TestSignal } from './signals.js';

export type { WavSampleFormat } from '../../../src/audio-core/wav-header.js';

export interface WavWriteOptions {
  format?: WavSampleFormat;
  extensible?: boolean;
  rf64?: boolean;
}

/**
 * A whole WAV file in memory from interleaved float samples (test tooling: inputs of any format
 * the product accepts). Integer formats clamp to full scale and round to nearest.
 */
export function encodeWav(signal: TestSignal, options: WavWriteOptions = {}): Buffer {
  const format = options.format ?? 'pcm16';
  const frames = signal.data.length / signal.channels;
  const header = wavHeader({ sampleRate: signal.sampleRate, channels: signal.channels, format, frames, extensible: options.extensible ?? false, rf64: options.rf64 ?? false });
  const bytes = bytesPerSampleOf(format);
  const body = Buffer.alloc(signal.data.length * bytes);
  const data = signal.data;
  const intSample = (x: number, bits: number) => {
    const scale = 2 ** (bits - 1);
    return Math.max(-scale, Math.min(scale - 1, Math.round(x * scale)));
  };
  for (let i = 0; i < data.length; i++) {
    const x = data[i]!;
    const o = i * bytes;
    switch (format) {
      case 'pcm16':
        body.writeInt16LE(intSample(x, 16), o);
        break;
      case 'pcm24':
        body.writeIntLE(intSample(x, 24), o, 3);
        break;
      case 'pcm32':
        body.writeInt32LE(intSample(x, 32), o);
        break;
      case 'float32':
        body.writeFloatLE(x, o);
        break;
      case 'float64':
        body.writeDoubleLE(x, o);
        break;
    }
  }
  return Buffer.concat([header, body]);
}

export function writeWavFile(path: string, signal: TestSignal, options: WavWriteOptions = {}): void {
  writeFileSync(path, encodeWav(signal, options));
}

/** Reads a PCM 16/24-bit or float 32-bit WAV written by this module or by the engine (tests only). */
export function decodeSimpleWav(file: Buffer): TestSignal & { bitsPerSample: number; formatTag: number } {
  let o = 12;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  let formatTag = 0;
  while (o + 8 <= file.length) {
    const id = file.toString('ascii', o, o + 4);
    const size = file.readUInt32LE(o + 4);
    if (id === 'fmt ') {
      formatTag = file.readUInt16LE(o + 8);
      channels = file.readUInt16LE(o + 10);
      sampleRate = file.readUInt32LE(o + 12);
      bits = file.readUInt16LE(o + 22);
    } else if (id === 'data') {
      const bytes = bits / 8;
      const count = Math.floor(Math.min(size, file.length - o - 8) / bytes);
      const data = new Float32Array(count);
      for (let i = 0; i < count; i++) {
        const p = o + 8 + i * bytes;
        data[i] = bits === 16 ? file.readInt16LE(p) / 32768 : bits === 24 ? file.readIntLE(p, 3) / 8388608 : file.readFloatLE(p);
      }
      return { data, sampleRate, channels, bitsPerSample: bits, formatTag };
    }
    o += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}
