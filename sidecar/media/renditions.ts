import { renditionKeyOf } from '../../src/modules/downloads/downloads.constants.js';
import { withLocalFile, type FileStorage } from '../../src/platform/storage/file-storage.js';
import { sampleRateOfWav, writeCdRendition } from '../engine/index.js';
import { mp3SampleRateOf } from '../../src/audio-core/constants.js';
import { ebur128Args, encodeMp3Args } from '../ffmpeg/ffmpeg-args.js';
import { ffmpegPath, parseEbur128Summary, runFfmpeg } from '../ffmpeg/ffmpeg-run.js';

/** The MP3's decoded true peak must stay at or below this, dBTP. */
export const MP3_CEILING_DBTP = -1.0;
/**
 * How far the 192 kbps encoder's decoded true peak rises over its input's, dB, on the masters our
 * limiter makes (measured with ebur128: +1.0 dB on a load-test master, +0.9 or more on a browser
 * test's; band-limiting and quantisation ring around flat-topped peaks). The first encode is turned
 * down by the master's measured true peak plus this, so one encode is the rule; a benign master's
 * MP3 pays for it with up to about a decibel of level.
 */
const MP3_OVERSHOOT_DB = 1.0;
/**
 * Extra turn-down when an MP3 is encoded again (the exception), dB, doubled on every further try:
 * the encoder's peaks do not follow the gain (one master decoded to -0.7 dBTP at 0 dB, -0.4 at
 * -0.3 dB and -0.7 at -0.5 dB), so a fixed step can circle above the ceiling.
 */
const MP3_RETRY_MARGIN_DB = 0.15;
const MP3_ATTEMPTS = 6;

export interface RenditionReport {
  /** Gain applied before the MP3 encoder, dB (0, or a cut that keeps its decoded true peak down). */
  mp3GainDb: number;
  /** The MP3's decoded true peak, dBTP (null: digital silence). */
  mp3TruePeak: number | null;
  /** Times the MP3 was encoded (1 unless the first landed over the ceiling). */
  mp3Encodes: number;
}

export interface RenditionOptions {
  ffmpegBinary?: string | undefined;
  signal?: AbortSignal;
  tag?: string;
  /** Writes the 16-bit file (off the event loop in the media process); in this thread when absent. */
  dither16?: (masterPath: string, outPath: string, signal?: AbortSignal) => Promise<void>;
}

/**
 * The downloads of a bounced master, made from the stored 24-bit master after it is recorded:
 * the 16-bit WAV at 44.1 kHz (the engine's noise-shaped dither, muted on digital silence; a master
 * at another rate resampled first) and the 192 kbps MP3 (44.1 or 48 kHz: mp3SampleRateOf), side by side. The MP3 is turned down from the start by what the master's measured true peak
 * and the encoder's overshoot call for, then decoded and measured; only when it still passes
 * MP3_CEILING_DBTP is it encoded again. Each file is written under a temporary name and moved into
 * place; a failure of either leaves neither half-written.
 */
export async function makeRenditions(storage: FileStorage, masterKey: string, options: RenditionOptions = {}): Promise<RenditionReport> {
  return withLocalFile(storage, masterKey, async (master) => {
    const [sixteen, mp3] = await Promise.allSettled([sixteenBitOf(storage, masterKey, master, options), mp3Of(storage, masterKey, master, options)]);
    if (sixteen.status === 'rejected') throw sixteen.reason;
    if (mp3.status === 'rejected') throw mp3.reason;
    return mp3.value;
  });
}

async function sixteenBitOf(storage: FileStorage, masterKey: string, master: string, options: RenditionOptions): Promise<void> {
  const staged = await storage.stage(renditionKeyOf(masterKey, 1), options.tag ? { tag: options.tag } : {});
  try {
    if (options.dither16) await options.dither16(master, staged.tempPath, options.signal);
    else await writeCdRendition(master, staged.tempPath, options.signal);
    await staged.commit();
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/** The turn-down of the first encode: the master's true peak plus the encoder's overshoot kept under the ceiling. */
export const firstMp3GainDb = (masterTruePeak: number) =>
  Number.isFinite(masterTruePeak) ? Math.min(0, Math.round((MP3_CEILING_DBTP - MP3_OVERSHOOT_DB - masterTruePeak) * 100) / 100) : 0;

async function mp3Of(storage: FileStorage, masterKey: string, master: string, options: RenditionOptions): Promise<RenditionReport> {
  const binary = options.ffmpegBinary ?? ffmpegPath();
  const run = (args: string[]) => runFfmpeg(args, { binary, ...(options.signal ? { signal: options.signal } : {}) });
  const truePeakOf = async (file: string) => parseEbur128Summary((await run(ebur128Args(file))).stderrTail).truePeakDbtp;
  const staged = await storage.stage(renditionKeyOf(masterKey, 0), options.tag ? { tag: options.tag } : {});
  try {
    // Measured with the meter that checks the MP3 (the engine's own reading can differ by a few tenths).
    let gainDb = firstMp3GainDb(await truePeakOf(master));
    // A 88.2 or 96 kHz master is resampled to 44.1 or 48 kHz for the encoder (LAME's highest rates).
    const masterRate = sampleRateOfWav(master);
    const mp3Rate = mp3SampleRateOf(masterRate);
    const resampleTo = mp3Rate === masterRate ? undefined : mp3Rate;
    let truePeak = -Infinity;
    let encodes = 0;
    for (let attempt = 0; attempt < MP3_ATTEMPTS; attempt++) {
      await run(encodeMp3Args(master, staged.tempPath, gainDb, resampleTo));
      encodes += 1;
      truePeak = await truePeakOf(staged.tempPath);
      if (!(truePeak > MP3_CEILING_DBTP)) break;
      if (attempt === MP3_ATTEMPTS - 1) throw new Error(`MP3 decodes to ${truePeak} dBTP after ${MP3_ATTEMPTS} attempts`);
      gainDb -= truePeak - MP3_CEILING_DBTP + MP3_RETRY_MARGIN_DB * 2 ** attempt;
    }
    await staged.commit();
    return { mp3GainDb: Math.round(gainDb * 100) / 100, mp3TruePeak: Number.isFinite(truePeak) ? truePeak : null, mp3Encodes: encodes };
  } catch (error) {
    await staged.discard();
    throw error;
  }
}
