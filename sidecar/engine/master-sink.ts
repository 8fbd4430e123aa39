import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-entry.js';
import { CHAIN_BLOCK, createChain, runLimiterStage, type ChainParams } from './dsp/chain.js';
import { createLoudnessMeter, feedMeter, meterResult, type LoudnessMeter, type LoudnessResult } from './meter/loudness-meter.js';
import { lowPass, runBiquad, type BiquadCoefficients } from './dsp/biquad.js';
import { OUTPUT_CHANNELS } from './render.js';
import { wavHeader } from '../../src/audio-core/wav-header.js';
import { PeakWaveform } from '../../src/audio-core/waveform.js';

/** What one render pass wrote and measured. */
export interface PassResult {
  loudness: LoudnessResult;
  sha256: string;
  waveform: number[];
}

/**
 * Everything a bounce does with the rendered audio: quantise to 24 bits, write the WAV, hash it,
 * and measure exactly the values the file holds (loudness, peaks, waveform).
 */
export interface MasterSink {
  /** Takes ownership of `block` (interleaved stereo float, `frames` frames). */
  write(block: Float32Array, frames: number): Promise<void>;
  finish(): Promise<PassResult>;
  /** Gives up the pass: the file is closed (and, threaded, the thread gone) when this resolves. */
  abort(): Promise<void>;
}

export const FULL_SCALE_24 = 8388608;

/**
 * Above this rate the master is also metered through a low-pass at AUDIBLE_BAND_HZ: the loudness
 * the product promises is what ffmpeg's ebur128 reads, and it reads at 48 kHz (it resamples
 * anything else), so a 88.2 or 96 kHz master's content above 24 kHz does not count. Counted, a
 * bright 96 kHz master read 0.5 LU louder on the engine's meter than on ffmpeg's.
 */
const FULL_BAND_MAX_RATE = 48000;
const AUDIBLE_BAND_HZ = 23000;
/** Q of the four sections of an 8th-order Butterworth low-pass. */
const BUTTERWORTH8_Q = [0.5097956, 0.6013449, 0.8999762, 2.5629154];

/**
 * The meter of an 88.2 or 96 kHz master's audible band (null at 48 kHz and under): loudness from
 * it; true peak the higher of its reading and the full band's, so the ceiling holds for both.
 */
function createAudibleBandMeter(sampleRate: number): { meter: LoudnessMeter; feed(block: Float32Array, frames: number): void } | null {
  if (sampleRate <= FULL_BAND_MAX_RATE) return null;
  const meter = createLoudnessMeter(sampleRate, OUTPUT_CHANNELS);
  const sections: BiquadCoefficients[] = BUTTERWORTH8_Q.map((q) => lowPass(AUDIBLE_BAND_HZ, q, sampleRate));
  const state = new Float64Array(sections.length * 4);
  let left = new Float32Array(0);
  let right = new Float32Array(0);
  let band = new Float32Array(0);
  return {
    meter,
    feed(block, frames) {
      if (left.length < frames) {
        left = new Float32Array(frames);
        right = new Float32Array(frames);
        band = new Float32Array(frames * OUTPUT_CHANNELS);
      }
      for (let i = 0; i < frames; i++) {
        left[i] = block[i * 2]!;
        right[i] = block[i * 2 + 1]!;
      }
      sections.forEach((section, s) => {
        runBiquad(section, state, s * 4, left, frames);
        runBiquad(section, state, s * 4 + 2, right, frames);
      });
      for (let i = 0; i < frames; i++) {
        band[i * 2] = left[i]!;
        band[i * 2 + 1] = right[i]!;
      }
      feedMeter(meter, band, frames);
    },
  };
}

/** The full band's reading, with an audible-band meter's loudness figures and the higher true peak. */
function resultOf(meter: LoudnessMeter, audible: LoudnessMeter | null): LoudnessResult {
  const full = meterResult(meter);
  if (!audible) return full;
  const band = meterResult(audible);
  return { ...band, truePeakDb: Math.max(full.truePeakDb, band.truePeakDb), samplePeakDb: full.samplePeakDb, rmsDb: full.rmsDb };
}

/** The sink in the calling thread: a master of `totalFrames` frames at `sampleRate`. */
export function createLocalSink(path: string, totalFrames: number, sampleRate: number): MasterSink {
  const fd = openSync(path, 'w');
  let open = true;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  const hash = createHash('sha256');
  const header = wavHeader({ sampleRate, channels: OUTPUT_CHANNELS, format: 'pcm24', frames: totalFrames });
  writeSync(fd, header);
  hash.update(header);
  const meter = createLoudnessMeter(sampleRate, OUTPUT_CHANNELS);
  const audible = createAudibleBandMeter(sampleRate);
  const waveform = new PeakWaveform(totalFrames);
  let bytes = Buffer.alloc(0);
  let position = 0;
  return {
    async write(block, frames) {
      const samples = frames * OUTPUT_CHANNELS;
      if (bytes.length < samples * 3) bytes = Buffer.alloc(samples * 3);
      for (let i = 0, o = 0; i < samples; i++, o += 3) {
        // floor(v + 0.5) is Math.round here (v has 24 significant bits, so v + 0.5 is exact) and
        // compiles to a faster loop.
        let q = Math.floor(block[i]! * FULL_SCALE_24 + 0.5);
        if (q > FULL_SCALE_24 - 1) q = FULL_SCALE_24 - 1;
        else if (q < -FULL_SCALE_24) q = -FULL_SCALE_24;
        block[i] = q / FULL_SCALE_24;
        bytes[o] = q & 0xff;
        bytes[o + 1] = (q >> 8) & 0xff;
        bytes[o + 2] = (q >> 16) & 0xff;
      }
      feedMeter(meter, block, frames);
      audible?.feed(block, frames);
      waveform.add(block, OUTPUT_CHANNELS, position, frames);
      position += frames;
      const chunk = bytes.subarray(0, samples * 3);
      writeSync(fd, chunk);
      hash.update(chunk);
    },
    async finish() {
      close();
      return { loudness: resultOf(meter, audible?.meter ?? null), sha256: hash.digest('hex'), waveform: waveform.result() };
    },
    async abort() {
      close();
    },
  };
}

/**
 * A sink fed with the first half of a style's chain (render.ts, streamColour's steps of CHAIN_BLOCK
 * frames, the latency's flush included): runs the limiter half (its gain applied at 2x) on the
 * same blocks the whole chain would, skips the limiter's latency and hands `inner` the master's
 * `totalFrames` frames. So a bounce limits in its second thread, beside the quantising and writing.
 */
export function createLimitingSink(inner: MasterSink, params: ChainParams, mono: boolean, totalFrames: number, sampleRate: number): MasterSink {
  const chain = createChain(params, { mono, sampleRate });
  let skip = chain.latency;
  let remaining = totalFrames;
  const left = new Float32Array(CHAIN_BLOCK);
  const right = new Float32Array(CHAIN_BLOCK);
  const outLeft = new Float32Array(CHAIN_BLOCK);
  const outRight = new Float32Array(CHAIN_BLOCK);
  return {
    async write(block, frames) {
      for (let offset = 0; offset < frames && remaining > 0; offset += CHAIN_BLOCK) {
        const count = Math.min(CHAIN_BLOCK, frames - offset);
        for (let i = 0, j = offset * OUTPUT_CHANNELS; i < count; i++, j += OUTPUT_CHANNELS) {
          left[i] = block[j]!;
          right[i] = block[j + 1]!;
        }
        runLimiterStage(chain, left, right, count, outLeft, outRight);
        const from = Math.min(skip, count);
        skip -= from;
        const take = Math.min(count - from, remaining);
        if (take <= 0) continue;
        const out = new Float32Array(take * OUTPUT_CHANNELS);
        for (let i = 0; i < take; i++) {
          out[i * 2] = outLeft[from + i]!;
          out[i * 2 + 1] = outRight[from + i]!;
        }
        remaining -= take;
        await inner.write(out, take);
      }
    },
    finish: () => inner.finish(),
    abort: () => inner.abort(),
  };
}

/** The limiter half a threaded sink runs itself (createLimitingSink). */
export interface SinkLimiter {
  params: ChainParams;
  mono: boolean;
}

export type SinkRequest = { kind: 'open'; path: string; totalFrames: number; sampleRate: number; limiter?: SinkLimiter | undefined } | { kind: 'block'; block: Float32Array; frames: number } | { kind: 'finish' } | { kind: 'abort' };
export type SinkReply = { kind: 'written' } | { kind: 'finished'; result: PassResult } | { kind: 'error'; message: string };

/** Blocks handed over but not yet written, at most: bounds memory when the sink falls behind. */
const MAX_IN_FLIGHT = 128;

/**
 * The sink in a second thread (master-sink-worker.ts), so rendering and the quantise, write and
 * measure work run on both cores at once; with `limiter`, the limiter half of the chain runs there
 * too. Blocks are transferred, not copied.
 */
export function createThreadedSink(path: string, totalFrames: number, sampleRate: number, limiter?: SinkLimiter): MasterSink {
  const worker: Worker = startWorker('./engine/master-sink-worker');
  let failure: Error | null = null;
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let finished: { resolve: (result: PassResult) => void; reject: (error: Error) => void } | null = null;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fail = (error: Error) => {
    failure ??= error;
    finished?.reject(failure);
    wake?.();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`master sink exited (${code})`)));
  worker.on('message', (reply: SinkReply) => {
    if (reply.kind === 'written') {
      inFlight--;
      wake?.();
    } else if (reply.kind === 'finished') {
      finished?.resolve(reply.result);
      void worker.terminate();
    } else fail(new Error(reply.message));
  });
  worker.postMessage({ kind: 'open', path, totalFrames, sampleRate, limiter } satisfies SinkRequest);
  return {
    async write(block, frames) {
      while (inFlight >= MAX_IN_FLIGHT && !failure) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (failure) throw failure;
      inFlight++;
      worker.postMessage({ kind: 'block', block, frames } satisfies SinkRequest, [block.buffer as ArrayBuffer]);
    },
    finish() {
      return new Promise<PassResult>((resolve, reject) => {
        if (failure) return reject(failure);
        finished = { resolve, reject };
        worker.postMessage({ kind: 'finish' } satisfies SinkRequest);
      });
    },
    async abort() {
      // Asked to close its file and end; terminated if it does not within a second.
      worker.postMessage({ kind: 'abort' } satisfies SinkRequest);
      const timer = setTimeout(() => void worker.terminate(), 1000);
      await exited;
      clearTimeout(timer);
    },
  };
}
