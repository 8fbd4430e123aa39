import { renditionKeyOf } from '../../src/modules/downloads/downloads.constants.js';
import { withLocalFile, type FileStorage } from '../../src/platform/storage/file-storage.js';
import { writeDithered16 } from '../engine/index.js';
import { ebur128Args, encodeMp3Args } from '../ffmpeg/ffmpeg-args.js';
import { ffmpegPath, parseEbur128Summary, runFfmpeg } from '../ffmpeg/ffmpeg-run.js';

/** The MP3's decoded true peak must stay at or below this, dBTP. */
export const MP3_CEILING_DBTP = -1.0;
/**
 * Extra turn-down when an MP3 is encoded again, dB, doubled on every further try: the encoder's
 * peaks do not follow the gain (one master decoded to -0.7 dBTP at 0 dB, -0.4 at -0.3 dB and -0.7
 * at -0.5 dB), so a fixed step can circle above the ceiling. Six tries reach about -5 dB at worst.
 */
const MP3_RETRY_MARGIN_DB = 0.15;
const MP3_ATTEMPTS = 6;

export interface RenditionReport {
  /** Gain applied before the MP3 encoder, dB (0, or a cut that brought its decoded true peak down). */
  mp3GainDb: number;
  /** The MP3's decoded true peak, dBTP (null: digital silence). */
  mp3TruePeak: number | null;
}

/**
 * The downloads of a bounced master (made by the media process, at bounce; the web
 * process only streams finished files): the 16-bit WAV (the engine's noise-shaped dither, muted on
 * digital silence) and the 192 kbps MP3, which is decoded and measured and, when its true peak
 * passes MP3_CEILING_DBTP, encoded again from a turned-down master. Each file is written under a
 * temporary name and moved into place.
 */
export async function makeRenditions(storage: FileStorage, masterKey: string, options: { ffmpegBinary?: string | undefined; signal?: AbortSignal; tag?: string } = {}): Promise<RenditionReport> {
  return withLocalFile(storage, masterKey, (master) => renditionsOf(storage, masterKey, master, options));
}

async function renditionsOf(storage: FileStorage, masterKey: string, master: string, options: { ffmpegBinary?: string | undefined; signal?: AbortSignal; tag?: string }): Promise<RenditionReport> {
  const tagged = options.tag ? { tag: options.tag } : {};
  const sixteen = await storage.stage(renditionKeyOf(masterKey, 1), tagged);
  try {
    writeDithered16(master, sixteen.tempPath);
    await sixteen.commit();
  } catch (error) {
    await sixteen.discard();
    throw error;
  }
  const binary = options.ffmpegBinary ?? ffmpegPath();
  const run = (args: string[]) => runFfmpeg(args, { binary, ...(options.signal ? { signal: options.signal } : {}) });
  const mp3 = await storage.stage(renditionKeyOf(masterKey, 0), tagged);
  try {
    let gainDb = 0;
    let truePeak = -Infinity;
    for (let attempt = 0; attempt < MP3_ATTEMPTS; attempt++) {
      await run(encodeMp3Args(master, mp3.tempPath, gainDb));
      truePeak = parseEbur128Summary((await run(ebur128Args(mp3.tempPath))).stderrTail).truePeakDbtp;
      if (!(truePeak > MP3_CEILING_DBTP)) break;
      if (attempt === MP3_ATTEMPTS - 1) throw new Error(`MP3 decodes to ${truePeak} dBTP after ${MP3_ATTEMPTS} attempts`);
      gainDb -= truePeak - MP3_CEILING_DBTP + MP3_RETRY_MARGIN_DB * 2 ** attempt;
    }
    await mp3.commit();
    return { mp3GainDb: Math.round(gainDb * 100) / 100, mp3TruePeak: Number.isFinite(truePeak) ? truePeak : null };
  } catch (error) {
    await mp3.discard();
    throw error;
  }
}
