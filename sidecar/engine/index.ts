/**
 * The mastering engine's public API, for the media sidecar (inside a worker thread), the command
 * line and the benchmark. Flow: decodeToWorkFile ->
 * prepareTrack (one analysis pass, every style fitted) -> renderRange / createRangeRenderer for
 * previews -> bounce for the chosen style.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeToF32Args } from '../ffmpeg/ffmpeg-args.js';
import { inputSampleRateOf, outputChannelsOf, runFfmpeg } from '../ffmpeg/ffmpeg-run.js';
import { bandLevelsDb, createSpectrumAccumulator, feedSpectrum } from './analysis.js';
import { bounceStyle, type BounceProgress, type MasterReport } from './bounce.js';
import { eqFilters, TONE_BANDS, type BandGains } from './dsp/chain.js';
import { magnitudeDb } from './dsp/biquad.js';
import { createFitClaims, createFitWorkspace, excerptCorrelation, excerptInputLoudness, fitClaimedStyles, fitStyle, loadExcerpt, planExcerpt, type Excerpt, type FitInputs, type FittedStyle } from './fit.js';
import type { ExcerptSegment } from './excerpt.js';
import type { FitHelperMessage, FitReply } from './fit-worker.js';
import { startWorker } from '../worker-entry.js';
import { createLoudnessMeter, feedMeter, medianShortTerm, meterResult } from './meter/loudness-meter.js';
import { createRangeRenderer, renderRange as renderStyleRange, type RangeRenderer } from './render.js';
import { EngineError } from './engine-error.js';
import { PREPARATION_VERSION } from './preparation-version.js';
import { subsonicCorner } from './subsonic.js';
import type { EngineStyle } from './style.js';
import { openWorkFile, type WorkFile } from './work-file.js';
import { masterSampleRateOf, SAMPLE_RATE } from '../../src/audio-core/constants.js';
import { PeakWaveform } from '../../src/audio-core/waveform.js';

export type { WorkFile } from './work-file.js';
export type { FittedStyle } from './fit.js';
export type { MasterReport, BounceProgress } from './bounce.js';
export type { RangeRenderer } from './render.js';
export type { ChainParams, BandGains } from './dsp/chain.js';
export { OUTPUT_CHANNELS, PREROLL_FRAMES } from './render.js';
export { EngineError, type EngineErrorCode } from './engine-error.js';
export { sampleRateOfWav, writeCdRendition, writeDithered16 } from './dither16.js';
export type { EngineStyle, EngineStyleParams } from './style.js';

/** Stages that preparation reports, in this order. */
export type PreparationProgress = { stage: 'preparing' | 'dynamics' | 'eq'; iteration: number; progressInPercent: number };

/** The original track as the analysis pass measured it (null: digital silence). */
export interface TrackAnalysis {
  sampleRate: number;
  channels: number;
  frames: number;
  durationS: number;
  lufs: number | null;
  /** Median gated short-term loudness, LUFS (null: digital silence). */
  shortTermLufs: number | null;
  lra: number;
  truePeak: number | null;
  samplePeak: number | null;
  /** Sample peak over RMS, dB. */
  crest: number | null;
  /** Each band's share of the total power, dB. */
  bandLevelsDb: Record<keyof BandGains, number | null>;
  /** Peak amplitude 0..1 in equal slices of the track. */
  waveform: number[];
}

export interface EqCurve {
  frequencies: number[];
  gainsDb: number[];
}

export interface Preparation {
  version: typeof PREPARATION_VERSION;
  analysis: TrackAnalysis;
  styles: Array<FittedStyle & { eqCurve: EqCurve }>;
  /**
   * Where the fit's excerpt lies in the track: kept with the analysis, so a style can be fitted
   * again later (another intensity, other amounts) without the analysis pass (refitStyles).
   */
  excerpt: ExcerptSegment[];
  /** Wall time of the preparation, s. */
  seconds: number;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const finite = (x: number, digits = 2): number | null => (Number.isFinite(x) ? round(x, digits) : null);

/** A decoded work file and the rate of the source it was decoded from. */
export type DecodedWorkFile = WorkFile & { sourceSampleRate: number };

/**
 * Decodes an accepted WAV to a raw f32le work file (input channel count kept) at `sampleRate`: the
 * working rate for analysis, fitting and previews, or the master's rate for a bounce
 * (decodeForBounce). The decoded audio never has to be in memory: everything downstream streams
 * from the file.
 */
export async function decodeToWorkFile(inputPath: string, workPath: string, signal?: AbortSignal, sampleRate: number = SAMPLE_RATE): Promise<DecodedWorkFile> {
  let stderrTail: string;
  try {
    ({ stderrTail } = await runFfmpeg(decodeToF32Args(inputPath, workPath, sampleRate), signal ? { signal } : {}));
  } catch (error) {
    if (signal?.aborted) throw new EngineError('aborted', 'decode aborted', { cause: error });
    const detail = error instanceof Error ? ((error as Error & { detail?: string }).detail ?? error.message) : String(error);
    throw new EngineError('decodeFailed', detail, { cause: error });
  }
  const channels = outputChannelsOf(stderrTail);
  if (channels === null) throw new EngineError('decodeFailed', 'decoder reported no output stream');
  if (channels < 1 || channels > 2) {
    await rm(workPath, { force: true });
    throw new EngineError('unsupportedChannels', `${channels} channels (1 or 2 accepted)`);
  }
  const { size } = await stat(workPath);
  return { path: workPath, sampleRate, channels, frames: Math.floor(size / (4 * channels)), sourceSampleRate: inputSampleRateOf(stderrTail) ?? sampleRate };
}

/**
 * The work file a master of a source at `sourceSampleRate` is bounced from: `workFile` itself when
 * the master's rate (masterSampleRateOf) is the working rate, else the source decoded again at the
 * master's rate into `masterWorkPath` (null then: nothing was written).
 */
export async function decodeForBounce(inputPath: string, workFile: WorkFile, sourceSampleRate: number, masterWorkPath: string, signal?: AbortSignal): Promise<WorkFile | null> {
  const rate = masterSampleRateOf(sourceSampleRate);
  if (rate === workFile.sampleRate) return null;
  const { sourceSampleRate: _, ...decoded } = await decodeToWorkFile(inputPath, masterWorkPath, signal, rate);
  return decoded;
}

/** ISO 1/3-octave centres 20 Hz .. 20 kHz, for the report card's EQ curve. */
const CURVE_FREQUENCIES = [20, 25, 31.5, 40, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300, 8000, 10000, 12500, 16000, 20000];

/** The EQ stage's response (high-pass included) at 1/3-octave centres, dB. */
export function eqCurveOf(fitted: FittedStyle): EqCurve {
  const filters = eqFilters(fitted.chain.eqGainsDb, fitted.chain.highPassHz, SAMPLE_RATE);
  return {
    frequencies: CURVE_FREQUENCIES,
    gainsDb: CURVE_FREQUENCIES.map((f) => round(filters.reduce((sum, c) => sum + magnitudeDb(c, f, SAMPLE_RATE), 0))),
  };
}

const ANALYSIS_BLOCK = 65536;

/** One streamed pass over the work file: loudness, LRA, peaks, band spectrum, waveform. */
export async function analyseWorkFile(workFile: WorkFile, onFraction: (fraction: number) => void = () => {}): Promise<TrackAnalysis> {
  return (await analysisPass(workFile, onFraction)).analysis;
}

async function analysisPass(workFile: WorkFile, onFraction: (fraction: number) => void): Promise<{ analysis: TrackAnalysis; blocks: Float64Array }> {
  const reader = openWorkFile(workFile);
  try {
    const channels = workFile.channels;
    const meter = createLoudnessMeter(workFile.sampleRate, channels);
    const spectrum = createSpectrumAccumulator(workFile.frames, workFile.sampleRate);
    const waveform = new PeakWaveform(workFile.frames);
    const block = new Float32Array(ANALYSIS_BLOCK * channels);
    for (let position = 0, n = 0; position < workFile.frames; position += ANALYSIS_BLOCK, n++) {
      const count = Math.min(ANALYSIS_BLOCK, workFile.frames - position);
      reader.read(position, count, block);
      const view = block.subarray(0, count * channels);
      feedMeter(meter, view, count);
      feedSpectrum(spectrum, view, channels, position, count);
      waveform.add(view, channels, position, count);
      if (n % 16 === 15) {
        onFraction((position + count) / workFile.frames);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    const result = meterResult(meter);
    const bands = bandLevelsDb(spectrum);
    const analysis: TrackAnalysis = {
      sampleRate: workFile.sampleRate,
      channels,
      frames: workFile.frames,
      durationS: round(workFile.frames / workFile.sampleRate, 3),
      lufs: finite(result.integratedLufs),
      shortTermLufs: finite(medianShortTerm(meter.shortTerm.data, meter.shortTerm.length)),
      lra: finite(result.lra) ?? 0,
      truePeak: finite(result.truePeakDb),
      samplePeak: finite(result.samplePeakDb),
      crest: Number.isFinite(result.samplePeakDb) && Number.isFinite(result.rmsDb) ? finite(result.samplePeakDb - result.rmsDb) : null,
      bandLevelsDb: Object.fromEntries(TONE_BANDS.map((band) => [band, finite(bands[band])])) as TrackAnalysis['bandLevelsDb'],
      waveform: waveform.result(),
    };
    return { analysis, blocks: meter.blocks.data.subarray(0, meter.blocks.length) };
  } finally {
    reader.close();
  }
}

/** From this many styles on, preparation fits styles in a second thread too (the machine has two cores). */
const PARALLEL_FIT_MIN_STYLES = 4;

interface FitHelper {
  /**
   * Starts the helper on the shared claims; resolves when it has no more to claim. `onFitted`
   * hears each style it fitted. Rejects when the thread fails.
   */
  run(start: Extract<FitHelperMessage, { kind: 'start' }>, onIteration: (iteration: number) => void, onFitted: (index: number, fitted: FittedStyle) => void): Promise<void>;
  /** Hands the helper a style fitted here, as first-guess history. */
  share(fitted: FittedStyle): void;
  /** The thread failed or was closed: it takes no more runs. */
  failed(): boolean;
  close(): void;
}

function startFitHelper(): FitHelper {
  const worker = startWorker('./engine/fit-worker');
  let failure: Error | null = null;
  // The run in progress, if any: one listener serves every run of the thread's life.
  let current: { onIteration: (iteration: number) => void; onFitted: (index: number, fitted: FittedStyle) => void; resolve: () => void; reject: (error: Error) => void } | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    current?.reject(failure);
    current = null;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`fit worker exited (${code})`)));
  worker.on('message', (reply: FitReply) => {
    const run = current;
    if (!run) return;
    if (reply.kind === 'iteration') run.onIteration(reply.iteration);
    else if (reply.kind === 'fitted') run.onFitted(reply.index, reply.fitted);
    else {
      current = null;
      worker.unref();
      if (reply.kind === 'done') run.resolve();
      else run.reject(new Error(reply.message));
    }
  });
  // Referenced only while it runs (and after the listeners, since adding one refs it again): a
  // kept helper never holds the process open, a running one keeps it alive to hear the answer.
  worker.unref();
  return {
    run(start, onIteration, onFitted) {
      return new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        current = { onIteration, onFitted, resolve, reject };
        worker.ref();
        worker.postMessage(start satisfies FitHelperMessage);
      });
    },
    share(fitted) {
      if (!failure) worker.postMessage({ kind: 'fitted', fitted } satisfies FitHelperMessage);
    },
    failed: () => failure !== null,
    close() {
      failure ??= new Error('fit worker closed');
      void worker.terminate();
    },
  };
}

/**
 * The helper thread kept between preparations of this thread: its start-up (loading the engine's
 * modules, about half a second under tsx) is paid once per thread instead of once per track.
 */
let keptHelper: FitHelper | null = null;

function takeFitHelper(): FitHelper {
  const kept = keptHelper;
  keptHelper = null;
  if (kept && !kept.failed()) return kept;
  kept?.close();
  return startFitHelper();
}

/**
 * Preparation (its stages, in order): 'preparing' (the analysis pass), 'dynamics' (each style's
 * EQ and pre-gain fitted on the track's excerpt; `iteration` counts the loudness evaluations made so
 * far, over all styles and both threads), 'eq' (each style's EQ curve for the report). JSON-serialisable result.
 * With PARALLEL_FIT_MIN_STYLES or more styles, a helper thread fits styles too (fitClaimedStyles).
 */
export async function prepareTrack(workFile: WorkFile, styles: EngineStyle[], onProgress: (progress: PreparationProgress) => void = () => {}): Promise<Preparation> {
  const started = performance.now();
  // Taken (or started) first, so a cold start-up overlaps the analysis pass.
  const helper = styles.length >= PARALLEL_FIT_MIN_STYLES ? takeFitHelper() : null;
  try {
    const preparation = await prepareWith(helper, started, workFile, styles, onProgress);
    if (helper && !helper.failed() && !keptHelper) keptHelper = helper;
    else helper?.close();
    return preparation;
  } catch (error) {
    // It may still be fitting this track's styles: not kept.
    helper?.close();
    throw error;
  }
}

function readExcerpt(workFile: WorkFile, segments: ExcerptSegment[]): Excerpt {
  const reader = openWorkFile(workFile);
  try {
    return loadExcerpt(reader, segments);
  } finally {
    reader.close();
  }
}

/** What every fit of this track compares against, from the analysis and the excerpt. */
function fitInputsOf(workFile: WorkFile, analysis: TrackAnalysis, excerpt: Excerpt): FitInputs {
  const bandLevels = Object.fromEntries(TONE_BANDS.map((band) => [band, analysis.bandLevelsDb[band] ?? -Infinity])) as BandGains;
  // A mono input becomes a stereo master (its channel on both sides): everything the fit compares
  // with the master's loudness is read as that stereo signal, 3.01 dB over the mono reading.
  const asStereo = workFile.channels === 1 ? 10 * Math.log10(2) : 0;
  return {
    inputLufs: (analysis.lufs ?? -Infinity) + asStereo,
    shortTermLufs: (analysis.shortTermLufs ?? -Infinity) + asStereo,
    correlation: excerptCorrelation(excerpt),
    excerptInputLufs: excerptInputLoudness(excerpt),
    bandLevelsDb: bandLevels,
    truePeakDb: analysis.truePeak ?? -Infinity,
    subsonicHz: subsonicCorner(excerpt),
    lra: analysis.lra,
  };
}

/** What a later fit needs of a preparation: the analysis and where its excerpt lies. */
export type KeptAnalysis = Pick<Preparation, 'analysis' | 'excerpt'>;

/**
 * Styles fitted after the preparation, from what it kept: the excerpt is read again (about 12 s of
 * audio) and no analysis pass runs, so a fit costs what it costs inside a preparation. The inputs
 * are the preparation's own, so the same style fitted here or there meets the same target on the
 * same excerpt; in this thread, in order, each fit the next one's first-guess history (the result
 * depends only on the styles asked for, whichever process asks). `goOn` decides after each fit
 * whether the next style is fitted (the ones after a no are left out).
 */
export function refitStyles(workFile: WorkFile, kept: KeptAnalysis, styles: readonly EngineStyle[], goOn: (fitted: FittedStyle) => boolean = () => true): Preparation['styles'] {
  const excerpt = readExcerpt(workFile, kept.excerpt);
  const inputs = fitInputsOf(workFile, kept.analysis, excerpt);
  const workspace = createFitWorkspace(excerpt);
  const history: FittedStyle[] = [];
  const fits: Preparation['styles'] = [];
  for (const style of styles) {
    const fitted = fitStyle(style, inputs, excerpt, workspace, () => {}, history);
    history.push(fitted);
    fits.push({ ...fitted, eqCurve: eqCurveOf(fitted) });
    if (!goOn(fitted)) break;
  }
  return fits;
}

async function prepareWith(helper: FitHelper | null, started: number, workFile: WorkFile, styles: EngineStyle[], onProgress: (progress: PreparationProgress) => void): Promise<Preparation> {
  onProgress({ stage: 'preparing', iteration: 0, progressInPercent: 0 });
  const { analysis, blocks } = await analysisPass(workFile, (fraction) => onProgress({ stage: 'preparing', iteration: 0, progressInPercent: Math.floor(fraction * 100) }));
  onProgress({ stage: 'preparing', iteration: 0, progressInPercent: 100 });

  const segments = planExcerpt(workFile.frames, blocks);
  const excerpt = readExcerpt(workFile, segments);
  const inputs = fitInputsOf(workFile, analysis, excerpt);
  // Both threads claim styles from one counter and learn from each other's fits.
  const claims = createFitClaims();
  const results: (FittedStyle | undefined)[] = new Array(styles.length);
  const history: FittedStyle[] = [];
  let done = 0;
  // Each call is one loudness evaluation, of this thread or the helper's. Their own counters start
  // again with every style and interleave, so the pass reported is the running total over both
  // threads: it only goes up, and so does the percent of styles fitted.
  let passes = 0;
  const report = () => onProgress({ stage: 'dynamics', iteration: ++passes, progressInPercent: Math.floor((done * 100) / styles.length) });
  onProgress({ stage: 'dynamics', iteration: 0, progressInPercent: 0 });
  const helperRun = helper?.run({ kind: 'start', excerpt, inputs, styles, claims }, report, (index, fitted) => {
    results[index] = fitted;
    history.push(fitted);
    done++;
  });
  // Observed here so that a failure before this thread awaits it is not an unhandled rejection.
  const helperFailed = helperRun?.then(() => false, () => true);
  await fitClaimedStyles(claims, styles, inputs, excerpt, history, report, (index, fitted) => {
    results[index] = fitted;
    done++;
    helper?.share(fitted);
  });
  if (helperFailed && (await helperFailed)) {
    // A helper that failed costs time, never the result: what it claimed and left is fitted here.
    const workspace = createFitWorkspace(excerpt);
    styles.forEach((style, index) => {
      if (results[index]) return;
      results[index] = fitStyle(style, inputs, excerpt, workspace, report, history);
      history.push(results[index]);
      done++;
    });
  }
  const fitted = results.map((f) => f!);
  onProgress({ stage: 'dynamics', iteration: passes, progressInPercent: 100 });
  const withCurves = fitted.map((style, index) => {
    onProgress({ stage: 'eq', iteration: 0, progressInPercent: Math.floor((index * 100) / fitted.length) });
    return { ...style, eqCurve: eqCurveOf(style) };
  });
  onProgress({ stage: 'eq', iteration: 0, progressInPercent: 100 });
  return { version: PREPARATION_VERSION, analysis, styles: withCurves, excerpt: segments, seconds: round((performance.now() - started) / 1000, 3) };
}

/** Mastered audio of frames [startFrame, startFrame+frameCount): interleaved stereo float. */
export function renderRange(source: WorkFile, fitted: FittedStyle, startFrame: number, frameCount: number): Float32Array {
  return renderStyleRange(source, fitted.chain, startFrame, frameCount);
}

/** A renderer that keeps its state between consecutive ranges (streaming a style in chunks). */
export function createStyleRenderer(source: WorkFile, fitted: FittedStyle): RangeRenderer {
  return createRangeRenderer(source, fitted.chain);
}

/**
 * Full render of one style into a 24-bit WAV at the work file's rate (the master's: see
 * decodeForBounce), loudness loop closed, result measured.
 */
export function bounce(workFile: WorkFile, fitted: FittedStyle, outWavPath: string, onProgress?: (progress: BounceProgress) => void, signal?: AbortSignal): Promise<MasterReport> {
  return bounceStyle(workFile, fitted, outWavPath, onProgress, signal);
}

export type MasterProgress = PreparationProgress | BounceProgress;

/** How a one-call master reports its progress and is stopped. */
export interface MasterOptions {
  onProgress?: (progress: MasterProgress) => void;
  signal?: AbortSignal;
}

/** Runs `work` with a folder of its own under the system's temporary folder, removed afterwards. */
export async function inTemporaryFolder<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Decode, fit and bounce: the command line's one call for a master, in a temporary folder. `fit`
 * fits the decoded track (it may keep files of its own in the folder) and says how the bounce's
 * report becomes the caller's result (read before the folder goes). The bounce is at the master's
 * rate (decodeForBounce).
 */
export function masterOnce<R>(
  inputPath: string,
  outPath: string,
  options: MasterOptions,
  fit: (workFile: DecodedWorkFile, dir: string) => Promise<{ fitted: FittedStyle; finish: (report: MasterReport) => R | Promise<R> }>,
): Promise<R> {
  return inTemporaryFolder('masterdeck-', async (dir) => {
    const workFile = await decodeToWorkFile(inputPath, path.join(dir, 'work.f32'), options.signal);
    const { fitted, finish } = await fit(workFile, dir);
    const masterWork = (await decodeForBounce(inputPath, workFile, workFile.sourceSampleRate, path.join(dir, 'master.f32'), options.signal)) ?? workFile;
    return finish(await bounce(masterWork, fitted, outPath, options.onProgress, options.signal));
  });
}

/** Decode, prepare (this style only) and bounce: the command line's one call. */
export function masterFile(inputPath: string, style: EngineStyle, outPath: string, options: MasterOptions = {}): Promise<MasterReport & { analysis: TrackAnalysis }> {
  return masterOnce(inputPath, outPath, options, async (workFile) => {
    const preparation = await prepareTrack(workFile, [style], options.onProgress);
    return { fitted: preparation.styles[0]!, finish: (report) => ({ ...report, analysis: preparation.analysis }) };
  });
}
