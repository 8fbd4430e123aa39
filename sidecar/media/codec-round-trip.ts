import { rm, stat } from 'node:fs/promises';
import { STORE_CODEC_IDS, STORE_CODECS } from '../../src/modules/masters/masters.constants.js';
import type { TCodecFigures } from '../../src/modules/masters/masters.schemas.js';
import { analyseWorkFile, type WorkFile } from '../engine/index.js';
import { decodeLossyToF32Args, encodeForStoreArgs } from '../ffmpeg/ffmpeg-args.js';
import { FfmpegError, outputChannelsOf, runFfmpeg } from '../ffmpeg/ffmpeg-run.js';

/** A decoded file measured as a master is measured: integrated loudness and true peak (null: silence). */
export type MeasureDecoded = (workFile: WorkFile) => Promise<{ lufs: number | null; truePeak: number | null }>;

const measureHere: MeasureDecoded = async (workFile) => {
  const { lufs, truePeak } = await analyseWorkFile(workFile);
  return { lufs, truePeak };
};

export interface CodecRoundTripOptions {
  /** Kills the running ffmpeg; the files written so far are removed before the promise settles. */
  signal?: AbortSignal;
  /** The media process measures in an engine thread; the command line in its own. */
  measure?: MeasureDecoded;
  ffmpegBinary?: string;
}

/**
 * A master (any WAV ffmpeg reads) encoded with each of the stores' codecs (STORE_CODECS) and
 * decoded again to float, then measured by the engine's meter (ITU-R BS.1770-4: integrated
 * loudness, and the true peak 4x oversampled per Annex 2), the meter the master's own figures come
 * from, so the two true peaks compare directly. Float keeps what the decoder puts over full scale:
 * a decoded true peak over 0 dBTP clips in a player that plays it as fixed point.
 *
 * The files live beside `tempBase` (its name plus `.<codec>.enc` and `.<codec>.f32`: the caller
 * names it so a sweep can find what a killed process leaves), one codec at a time, and are removed
 * before the next codec and before this settles, whether it succeeds, fails or is aborted (ffmpeg
 * is killed and has exited first, so nothing writes after the removal).
 */
export async function codecRoundTrip(masterPath: string, tempBase: string, options: CodecRoundTripOptions = {}): Promise<TCodecFigures[]> {
  const run = { ...(options.signal ? { signal: options.signal } : {}), ...(options.ffmpegBinary ? { binary: options.ffmpegBinary } : {}) };
  const measure = options.measure ?? measureHere;
  const figures: TCodecFigures[] = [];
  for (const codec of STORE_CODEC_IDS) {
    const { bitrateKbps, sampleRate } = STORE_CODECS[codec];
    const encoded = `${tempBase}.${codec}.enc`;
    const decoded = `${tempBase}.${codec}.f32`;
    try {
      await runFfmpeg(encodeForStoreArgs(masterPath, encoded, { codec, bitrateKbps, sampleRate }), run);
      const { stderrTail } = await runFfmpeg(decodeLossyToF32Args(encoded, decoded, sampleRate), run);
      const channels = outputChannelsOf(stderrTail);
      if (channels === null) throw new FfmpegError('failed', `the ${codec} decoder reported no output stream`);
      const { size } = await stat(decoded);
      const { lufs, truePeak } = await measure({ path: decoded, sampleRate, channels, frames: Math.floor(size / (4 * channels)) });
      figures.push({ codec, bitrateKbps, truePeakDb: truePeak, lufs });
    } finally {
      await Promise.all([rm(encoded, { force: true }), rm(decoded, { force: true })]);
    }
  }
  return figures;
}
