import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { TRUE_PEAK_TAPS, truePeakOfPadded } from '../../audio-core/true-peak.js';
import { parseWavHeader, type WavFormat } from '../../audio-core/wav-header.js';

/**
 * What stores check in a delivered audio file, measured from its samples (16-bit/44.1 kHz at least,
 * stereo, no clipping; and the true-peak ceiling of -1 dBTP that lossy store encoders need): format from the header, sample peak, true peak and clipped runs from
 * every sample.
 *
 * True peak is the audio core's BS.1770-4 Annex 2 meter, the one the engine meters its masters with.
 */
const HISTORY = TRUE_PEAK_TAPS - 1;
/** A clip is this many consecutive samples at full scale (one such sample can be a legitimate peak). */
const CLIP_RUN = 3;

export interface AudioFacts {
  sampleRate: number;
  bitsPerSample: number;
  sampleFormat: 'int' | 'float';
  channels: number;
  frames: number;
  durationS: number;
  samplePeakDb: number;
  truePeakDb: number;
  clippedRuns: number;
}

const toDb = (linear: number) => (linear > 0 ? Math.round(2000 * Math.log10(linear)) / 100 : -200);

/** Per channel: the last 11 samples of the previous block ahead of the current block's samples. */
class ChannelMeter {
  padded: Float32Array;
  count = 0;
  peak = 0;
  samplePeak = 0;
  run = 0;
  clippedRuns = 0;
  constructor(
    capacity: number,
    private readonly fullScale: number,
  ) {
    this.padded = new Float32Array(HISTORY + capacity);
  }
  push(x: number) {
    this.padded[HISTORY + this.count++] = x;
    const a = x < 0 ? -x : x;
    if (a > this.samplePeak) this.samplePeak = a;
    if (a >= this.fullScale) {
      this.run++;
      if (this.run === CLIP_RUN) this.clippedRuns++;
    } else this.run = 0;
  }
  flush() {
    const p = this.padded;
    this.peak = truePeakOfPadded(p, this.count, this.peak);
    // Keep the last 11 samples as the next block's history.
    p.copyWithin(0, this.count, this.count + HISTORY);
    this.count = 0;
  }
}

function sampleReader(format: WavFormat): { bytes: number; read: (buffer: Buffer, offset: number) => number; fullScale: number } {
  const bits = format.bitsPerSample;
  if (format.sampleFormat === 'float') {
    return bits === 64
      ? { bytes: 8, read: (b, o) => b.readDoubleLE(o), fullScale: 1 }
      : { bytes: 4, read: (b, o) => b.readFloatLE(o), fullScale: 1 };
  }
  const scale = 2 ** (bits - 1);
  const fullScale = (scale - 1) / scale;
  if (bits === 16) return { bytes: 2, read: (b, o) => b.readInt16LE(o) / scale, fullScale };
  if (bits === 24) return { bytes: 3, read: (b, o) => (((b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16)) << 8) >> 8) / scale, fullScale };
  return { bytes: 4, read: (b, o) => b.readInt32LE(o) / scale, fullScale };
}

/** Reads the WAV header of a stored file (the first 4 MiB hold it, artwork chunks included). */
export async function readWavFormat(filePath: string): Promise<WavFormat> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 4 * 1024 * 1024));
    await handle.read(head, 0, head.length, 0);
    const result = parseWavHeader(head, { fileSize: size });
    if (result.status !== 'ok') throw new Error(`not a readable WAV file: ${result.status === 'incomplete' ? 'incomplete header' : result.reason}`);
    return result.format;
  } finally {
    await handle.close();
  }
}

/** Measures every sample of a WAV file (streamed, a block at a time). */
export async function measureWavFile(filePath: string): Promise<AudioFacts> {
  const format = await readWavFormat(filePath);
  const { bytes, read, fullScale } = sampleReader(format);
  const frameBytes = bytes * format.channels;
  const BLOCK_FRAMES = 16_384;
  const meters = Array.from({ length: format.channels }, () => new ChannelMeter(BLOCK_FRAMES, fullScale));
  let carry = Buffer.alloc(0);
  let framesInBlock = 0;
  if (format.dataBytes > 0) {
    const stream = createReadStream(filePath, { start: format.dataOffset, end: format.dataOffset + format.dataBytes - 1, highWaterMark: 1 << 20 });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % frameBytes);
      for (let offset = 0; offset < whole; offset += frameBytes) {
        for (let c = 0; c < format.channels; c++) meters[c]!.push(read(data, offset + c * bytes));
        if (++framesInBlock === BLOCK_FRAMES) {
          for (const meter of meters) meter.flush();
          framesInBlock = 0;
        }
      }
      carry = Buffer.from(data.subarray(whole));
    }
  }
  for (const meter of meters) meter.flush();
  const truePeak = Math.max(0, ...meters.map((meter) => meter.peak));
  const samplePeak = Math.max(0, ...meters.map((meter) => meter.samplePeak));
  return {
    sampleRate: format.sampleRate,
    bitsPerSample: format.bitsPerSample,
    sampleFormat: format.sampleFormat,
    channels: format.channels,
    frames: format.frames,
    durationS: Math.round((format.frames / format.sampleRate) * 1000) / 1000,
    samplePeakDb: toDb(samplePeak),
    truePeakDb: toDb(truePeak),
    clippedRuns: meters.reduce((sum, meter) => sum + meter.clippedRuns, 0),
  };
}
