import { closeSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { CHAIN_BLOCK } from './dsp/chain.js';
import { EngineError } from './engine-error.js';
import type { FittedStyle } from './fit.js';
import { createLocalSink, createThreadedSink, FULL_SCALE_24, type PassResult } from './master-sink.js';
import { OUTPUT_CHANNELS, streamColour, streamStyle } from './render.js';
import { openWorkFile, type WorkFile, type WorkFileReader } from './work-file.js';
import { wavHeader } from '../../src/audio-core/wav-header.js';

/** Bounce loudness tolerance before a re-render, LU (the product's bar is 0.5). */
export const BOUNCE_TOLERANCE_LU = 0.2;
const MAX_PASSES = 3;
/**
 * A master louder than its target by at most this much is turned down on the written file (exact:
 * loudness and peaks move by the gain) instead of rendered again, dB. Only ever down: turning up
 * would eat the margin the limiter keeps below the ceiling.
 */
const TRIM_MAX_DB = 0.5;
const BLOCK_FRAMES = 16384;
/** A master under its floor is rendered again aiming this far over it, LU. */
const FLOOR_AIM_LU = 0.1;

/** Fall of the peak-to-loudness ratio from mix to master, for a mix whose true peak passed the ceiling, dB. */
function oversRemoved(fitted: FittedStyle, lufs: number, truePeak: number): number | null {
  if (!(fitted.inputTruePeakDb > fitted.ceilingDbtp) || !Number.isFinite(fitted.inputLufs) || !Number.isFinite(lufs) || !Number.isFinite(truePeak)) return null;
  return Math.round(Math.max(0, fitted.inputTruePeakDb - fitted.inputLufs - (truePeak - lufs)) * 10) / 10;
}

export type BounceProgress = { stage: 'bouncing'; progressInPercent: number } | { stage: 'finalizing'; progressInPercent: number };

/** What a bounce measured on the written 24-bit file (null: digital silence). */
export interface MasterReport {
  styleId: number;
  style: string;
  targetLufs: number;
  effectiveTargetLufs: number;
  /**
   * How far short of the style's target the master stays to keep the dynamics the style's budget
   * allows, LU (0: target met). The master is within BOUNCE_TOLERANCE_LU of targetLufs - heldBackLu.
   */
  heldBackLu: number;
  /**
   * The budget alone would have left the master quieter than its mix: it keeps the mix's
   * loudness (or the target's, if lower) and the limiter removed the overs the mix already had.
   */
  keptMixLoudness: boolean;
  /** The mix was at least as loud as the style's target: the master is at the target. */
  mixAboveTarget: boolean;
  /**
   * How much the limiter took off the overs of a mix whose true peak was over the style's
   * ceiling: the fall of the peak-to-loudness ratio from mix to master, dB (null: no overs).
   */
  oversRemovedDb: number | null;
  /** Limiter gain reduction at the 95th percentile and mean compression the fit measured, dB. */
  limiterP95Db: number;
  compressionDb: number;
  lufs: number | null;
  lra: number;
  truePeak: number | null;
  samplePeak: number | null;
  /** Sample peak over RMS, dB. */
  crest: number | null;
  frames: number;
  sampleRate: number;
  channels: number;
  durationS: number;
  sha256: string;
  waveform: number[];
  /** Full renders the closed loudness loop needed (1 when the fit was exact enough). */
  passes: number;
  preGainDb: number;
  /** Gain applied to the rendered file to land on the target (0, or a small cut), dB. */
  trimDb: number;
  limiterCeilingDbtp: number;
}

const finite = (x: number, digits = 2): number | null => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : null);

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * From this length on, a pass quantises, writes and measures in a second thread while this one
 * renders; below it, the thread's start-up costs more than it saves.
 */
const THREADED_SINK_MIN_SECONDS = 30;
const threadedSink = (workFile: WorkFile) => workFile.frames >= THREADED_SINK_MIN_SECONDS * workFile.sampleRate;

/**
 * Writes `frames` frames, block by block as `produce` makes them, through a sink into `outPath`,
 * reporting progress; on any failure the sink is aborted, so no partial file stays behind.
 */
async function writePass(
  outPath: string,
  workFile: WorkFile,
  produce: (position: number, count: number) => Float32Array,
  onFraction: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PassResult> {
  const frames = workFile.frames;
  const sink = threadedSink(workFile) ? createThreadedSink(outPath, frames, workFile.sampleRate) : createLocalSink(outPath, frames, workFile.sampleRate);
  try {
    for (let position = 0, blocks = 0; position < frames; position += BLOCK_FRAMES, blocks++) {
      if (signal?.aborted) throw new EngineError('aborted', 'bounce aborted');
      const count = Math.min(BLOCK_FRAMES, frames - position);
      await sink.write(produce(position, count), count);
      if (blocks % 32 === 31) {
        onFraction((position + count) / frames);
        await yieldToLoop();
      }
    }
    return await sink.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

async function renderPass(workFile: WorkFile, fitted: FittedStyle, tmpPath: string, onFraction: (fraction: number) => void, signal?: AbortSignal): Promise<PassResult> {
  const reader = openWorkFile(workFile);
  try {
    if (threadedSink(workFile)) return await splitRenderPass(workFile, fitted, reader, tmpPath, onFraction, signal);
    const stream = streamStyle(reader, fitted.chain);
    // A fresh block each time: the sink owns (and may transfer) what it is given.
    const produce = (_position: number, count: number) => {
      const block = new Float32Array(count * OUTPUT_CHANNELS);
      stream.read(block, count);
      return block;
    };
    return await writePass(tmpPath, workFile, produce, onFraction, signal);
  } finally {
    reader.close();
  }
}

/**
 * A long render on both cores: this thread runs the first half of the chain (streamColour), the
 * sink's thread the limiter and its 2x stage (the half that costs as much again) beside the
 * quantising, writing and measuring. The same blocks pass the same stages, so the samples are the
 * ones a single thread writes.
 */
async function splitRenderPass(workFile: WorkFile, fitted: FittedStyle, reader: WorkFileReader, outPath: string, onFraction: (fraction: number) => void, signal?: AbortSignal): Promise<PassResult> {
  const colour = streamColour(reader, fitted.chain);
  const steps = Math.ceil((workFile.frames + colour.latency) / CHAIN_BLOCK);
  const sink = createThreadedSink(outPath, workFile.frames, workFile.sampleRate, { params: fitted.chain, mono: workFile.channels === 1 });
  try {
    for (let step = 0; step < steps; step++) {
      if (signal?.aborted) throw new EngineError('aborted', 'bounce aborted');
      await sink.write(colour.next(), CHAIN_BLOCK);
      if (step % 128 === 127) {
        onFraction((step + 1) / steps);
        await yieldToLoop();
      }
    }
    return await sink.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/**
 * Rewrites a written 24-bit master with `gainDb` applied: read back, scaled, quantised again and
 * measured, into `outPath`.
 */
async function trimPass(inPath: string, outPath: string, workFile: WorkFile, gainDb: number, onFraction: (fraction: number) => void, signal?: AbortSignal): Promise<PassResult> {
  const headerBytes = wavHeader({ sampleRate: workFile.sampleRate, channels: OUTPUT_CHANNELS, format: 'pcm24', frames: 0 }).length;
  const gain = Math.pow(10, gainDb / 20) / FULL_SCALE_24;
  const fd = openSync(inPath, 'r');
  const bytes = Buffer.alloc(BLOCK_FRAMES * OUTPUT_CHANNELS * 3);
  const produce = (position: number, count: number) => {
    const samples = count * OUTPUT_CHANNELS;
    const length = samples * 3;
    for (let done = 0; done < length; ) {
      const read = readSync(fd, bytes, done, length - done, headerBytes + position * OUTPUT_CHANNELS * 3 + done);
      if (read === 0) throw new Error('written master ended early');
      done += read;
    }
    const block = new Float32Array(samples);
    for (let i = 0, o = 0; i < samples; i++, o += 3) block[i] = ((bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16)) << 8 >> 8) * gain;
    return block;
  };
  try {
    return await writePass(outPath, workFile, produce, onFraction, signal);
  } finally {
    closeSync(fd);
  }
}

/**
 * Renders a fitted style over the whole track into a 24-bit stereo WAV at the work file's rate
 * (the chain's filters and time constants are designed for it; a style is fitted at the working
 * rate, its parameters in Hz and ms hold at any), closing the
 * loudness loop: the written file is measured and, when it misses the target by more than
 * BOUNCE_TOLERANCE_LU or passes the true-peak ceiling, rendered again with a corrected pre-gain
 * (or a lower limiter ceiling). Writes to a temporary name in the same directory, then renames.
 */
export async function bounceStyle(workFile: WorkFile, fitted: FittedStyle, outWavPath: string, onProgress: (progress: BounceProgress) => void = () => {}, signal?: AbortSignal): Promise<MasterReport> {
  const tmpPath = `${outWavPath}.tmp-${process.pid}-${Date.now().toString(36)}`;
  const bands = [
    [0, 95],
    [95, 98],
    [98, 99],
  ] as const;
  let current: FittedStyle = fitted;
  let result: PassResult | null = null;
  let passes = 0;
  let previous: { gain: number; lufs: number } | null = null;
  let trimDb = 0;
  // A master kept at its mix's loudness is as loud as its floor allows, like a held-back one.
  const heldBack = fitted.heldBackLu > 0 || fitted.keptMixLoudness;
  const trimPath = `${tmpPath}.trim`;
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const [from, to] = bands[pass]!;
      onProgress({ stage: 'bouncing', progressInPercent: from });
      result = await renderPass(workFile, current, tmpPath, (fraction) => onProgress({ stage: 'bouncing', progressInPercent: Math.floor(from + (to - from) * fraction) }), signal);
      passes++;
      const lufs = result.loudness.integratedLufs;
      const truePeak = result.loudness.truePeakDb;
      // A held-back master is as loud as the budget lets it be: only louder than the style's
      // target, or quieter than its floor (the mix's own loudness), would be wrong. Any other
      // master aims at its target.
      const aim = heldBack ? Math.min(fitted.targetLufs, Math.max(lufs, fitted.floorLufs + FLOOR_AIM_LU)) : fitted.effectiveTargetLufs;
      const error = Number.isFinite(lufs) ? aim - lufs : 0;
      const peakExcess = truePeak - fitted.ceilingDbtp;
      const loudnessOk = Math.abs(error) <= BOUNCE_TOLERANCE_LU || fitted.iterations === 0;
      if (loudnessOk && !(peakExcess > 0)) break;
      // Turning down is exact and safe: within TRIM_MAX_DB, or on the last pass at any size (a
      // master is never delivered louder than its target).
      const lastPass = pass === MAX_PASSES - 1;
      if (error < 0 && (error >= -TRIM_MAX_DB || lastPass) && !(peakExcess + error > 0)) {
        // Too loud by a little: turning the file down fixes loudness and peak alike, in a fraction of a render.
        onProgress({ stage: 'bouncing', progressInPercent: to });
        result = await trimPass(tmpPath, trimPath, workFile, error, () => undefined, signal);
        renameSync(trimPath, tmpPath);
        trimDb = error;
        break;
      }
      let slope = current.loudnessSlope;
      const gain = current.chain.preGainDb;
      if (previous && gain !== previous.gain) slope = Math.max(0.05, Math.min(1.5, (lufs - previous.lufs) / (gain - previous.gain)));
      previous = { gain, lufs };
      current = {
        ...current,
        loudnessSlope: slope,
        chain: {
          ...current.chain,
          preGainDb: loudnessOk ? gain : gain + Math.max(-6, Math.min(6, error / slope)),
          limiter: peakExcess > 0 ? { ...current.chain.limiter, ceilingDbtp: current.chain.limiter.ceilingDbtp - peakExcess - 0.05 } : current.chain.limiter,
        },
      };
    }
    onProgress({ stage: 'bouncing', progressInPercent: 100 });
    onProgress({ stage: 'finalizing', progressInPercent: 0 });
    renameSync(tmpPath, outWavPath);
  } catch (error) {
    rmSync(tmpPath, { force: true });
    rmSync(trimPath, { force: true });
    throw error;
  }
  const loudness = result!.loudness;
  // What the master lacks of the target is reported, never left silent: the budget's shortfall,
  // or a closed loop that could not reach the target (more than the product's 0.5 LU short).
  const shortBy = Number.isFinite(loudness.integratedLufs) ? fitted.targetLufs - loudness.integratedLufs : 0;
  // A mix louder than the target, kept at the target's floor, is at the target.
  const atTarget = fitted.loudInput && loudness.integratedLufs >= fitted.floorLufs;
  const heldBackLu = !atTarget && ((heldBack && shortBy > 0) || shortBy > 0.5) ? Math.round(shortBy * 100) / 100 : 0;
  const report: MasterReport = {
    styleId: fitted.styleId,
    style: `${fitted.groupName}/${fitted.name}`,
    targetLufs: fitted.targetLufs,
    effectiveTargetLufs: Math.round((fitted.targetLufs - heldBackLu) * 100) / 100,
    heldBackLu,
    keptMixLoudness: fitted.keptMixLoudness,
    mixAboveTarget: fitted.loudInput,
    oversRemovedDb: oversRemoved(fitted, loudness.integratedLufs, loudness.truePeakDb),
    limiterP95Db: fitted.limiterP95Db,
    compressionDb: fitted.compressionDb,
    lufs: finite(loudness.integratedLufs),
    lra: finite(loudness.lra) ?? 0,
    truePeak: finite(loudness.truePeakDb),
    samplePeak: finite(loudness.samplePeakDb),
    crest: Number.isFinite(loudness.samplePeakDb) && Number.isFinite(loudness.rmsDb) ? finite(loudness.samplePeakDb - loudness.rmsDb) : null,
    frames: workFile.frames,
    sampleRate: workFile.sampleRate,
    channels: OUTPUT_CHANNELS,
    durationS: Math.round((workFile.frames / workFile.sampleRate) * 1000) / 1000,
    sha256: result!.sha256,
    waveform: result!.waveform,
    passes,
    preGainDb: current.chain.preGainDb,
    trimDb: finite(trimDb, 4) ?? 0,
    limiterCeilingDbtp: current.chain.limiter.ceilingDbtp,
  };
  onProgress({ stage: 'finalizing', progressInPercent: 100 });
  return report;
}
