import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parseWavHeader, type WavFormat } from './wav-header.js';

/**
 * What stores check in a delivered audio file, measured from its samples (notes/distribution-facts
 * .md: 16-bit/44.1 kHz at least, stereo, no clipping; and the true-peak ceiling of -1 dBTP that
 * lossy store encoders need): format from the header, sample peak, true peak and clipped runs from
 * every sample.
 *
 * True peak follows ITU-R BS.1770-4, Annex 2: 4x oversampling with the annex's 48-tap polyphase FIR
 * (12 taps per phase), the largest absolute interpolated value. The media process's engine meters
 * its masters with the same filter (sidecar/engine/meter/true-peak.ts); the web process may not
 * import the engine (issue 9), so the annex's table is written out here as well, and
 * sidecar/media/true-peak-agreement.test.ts holds both to the same answers.
 */
const PHASES: readonly Float64Array[] = [
  Float64Array.from([0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625, 0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125]),
  Float64Array.from([-0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.16650390625, 0.465087890625, 0.77978515625, -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375]),
  Float64Array.from([-0.0189208984375, 0.0330810546875, -0.0582275390625, 0.1015625, -0.2003173828125, 0.77978515625, 0.465087890625, -0.16650390625, 0.089111328125, -0.0517578125, 0.029296875, -0.0291748046875]),
  Float64Array.from([-0.00830078125, 0.014892578125, -0.026611328125, 0.047607421875, -0.102294921875, 0.97216796875, 0.1373291015625, -0.0594482421875, 0.033203125, -0.0196533203125, 0.010986328125, 0.001708984375]),
];
const TAPS = 12;
const HISTORY = TAPS - 1;
/** Largest gain any phase applies to samples bounded by 1: a window below peak / BOUND cannot raise the peak. */
const BOUND = Math.max(...PHASES.map((phase) => phase.reduce((sum, h) => sum + Math.abs(h), 0)));
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

/**
 * The four phases of PHASES at input index n unrolled with their coefficients as constants (the
 * meter's hot loop; `p[n + 11 - k]` is x[n - k]); the unit test holds it to PHASES.
 */
export function interpolatedPeak(p: Float32Array, n: number): number {
  const x0 = p[n + 11]!, x1 = p[n + 10]!, x2 = p[n + 9]!, x3 = p[n + 8]!, x4 = p[n + 7]!, x5 = p[n + 6]!;
  const x6 = p[n + 5]!, x7 = p[n + 4]!, x8 = p[n + 3]!, x9 = p[n + 2]!, x10 = p[n + 1]!, x11 = p[n]!;
  const s0 = 0.001708984375 * x0 + 0.010986328125 * x1 - 0.0196533203125 * x2 + 0.033203125 * x3 - 0.0594482421875 * x4 + 0.1373291015625 * x5 + 0.97216796875 * x6 - 0.102294921875 * x7 + 0.047607421875 * x8 - 0.026611328125 * x9 + 0.014892578125 * x10 - 0.00830078125 * x11;
  const s1 = -0.0291748046875 * x0 + 0.029296875 * x1 - 0.0517578125 * x2 + 0.089111328125 * x3 - 0.16650390625 * x4 + 0.465087890625 * x5 + 0.77978515625 * x6 - 0.2003173828125 * x7 + 0.1015625 * x8 - 0.0582275390625 * x9 + 0.0330810546875 * x10 - 0.0189208984375 * x11;
  const s2 = -0.0189208984375 * x0 + 0.0330810546875 * x1 - 0.0582275390625 * x2 + 0.1015625 * x3 - 0.2003173828125 * x4 + 0.77978515625 * x5 + 0.465087890625 * x6 - 0.16650390625 * x7 + 0.089111328125 * x8 - 0.0517578125 * x9 + 0.029296875 * x10 - 0.0291748046875 * x11;
  const s3 = -0.00830078125 * x0 + 0.014892578125 * x1 - 0.026611328125 * x2 + 0.047607421875 * x3 - 0.102294921875 * x4 + 0.97216796875 * x5 + 0.1373291015625 * x6 - 0.0594482421875 * x7 + 0.033203125 * x8 - 0.0196533203125 * x9 + 0.010986328125 * x10 + 0.001708984375 * x11;
  const a0 = s0 < 0 ? -s0 : s0;
  const a1 = s1 < 0 ? -s1 : s1;
  const a2 = s2 < 0 ? -s2 : s2;
  const a3 = s3 < 0 ? -s3 : s3;
  const m01 = a0 > a1 ? a0 : a1;
  const m23 = a2 > a3 ? a2 : a3;
  return m01 > m23 ? m01 : m23;
}

/** Reference form of interpolatedPeak (loops over PHASES), for the test that pins the unrolled one. */
export function interpolatedPeakReference(p: Float32Array, n: number): number {
  let peak = 0;
  for (const phase of PHASES) {
    let sum = 0;
    for (let k = 0; k < TAPS; k++) sum += phase[k]! * p[n + HISTORY - k]!;
    peak = Math.max(peak, Math.abs(sum));
  }
  return peak;
}

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
    const SUB = 32;
    for (let start = 0; start < this.count; start += SUB) {
      const end = Math.min(this.count, start + SUB);
      let windowMax = 0;
      for (let i = start; i < end + HISTORY; i++) {
        const a = Math.abs(p[i]!);
        if (a > windowMax) windowMax = a;
      }
      if (windowMax * BOUND <= this.peak) continue;
      for (let n = start; n < end; n++) {
        const m = interpolatedPeak(p, n);
        if (m > this.peak) this.peak = m;
        const sample = Math.abs(p[n + HISTORY]!);
        if (sample > this.peak) this.peak = sample;
      }
    }
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
