import type { FileStorage } from '../../platform/storage/file-storage.js';
import { encodeMp3Args, encodeWav16DitheredArgs } from '../../../sidecar/ffmpeg/ffmpeg-args.js';
import { ffmpegPath, runFfmpeg } from '../../../sidecar/ffmpeg/ffmpeg-run.js';

/** What each buying option delivers (decisions.md, "Audio"). */
export const RENDITIONS = {
  0: { suffix: '192kbps', extension: 'mp3', contentType: 'audio/mpeg' },
  1: { suffix: '16bit', extension: 'wav', contentType: 'audio/wav' },
  2: { suffix: '24bit', extension: 'wav', contentType: 'audio/wav' },
} as const;

export type RenditionOption = keyof typeof RENDITIONS;

/** Storage key of an option's file: the 24-bit master itself, or a rendition next to it. */
export function renditionKeyOf(masterKey: string, buyingOption: RenditionOption): string {
  if (buyingOption === 2) return masterKey;
  const stem = masterKey.replace(/\.wav$/i, '');
  return buyingOption === 0 ? `${stem}.192kbps.mp3` : `${stem}.16bit.wav`;
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Makes an option's rendition from the 24-bit master unless it is stored already; kept for every
 * later download. Concurrent requests in this process share one ffmpeg run; the file is written
 * under a temporary name and renamed into place (stage/commit), so another process racing on the
 * same key at worst renders the same bytes twice and no reader sees half a file.
 */
export async function ensureRendition(
  storage: FileStorage,
  masterKey: string,
  buyingOption: RenditionOption,
  options: { ffmpegBinary?: string | undefined } = {},
): Promise<string> {
  const key = renditionKeyOf(masterKey, buyingOption);
  if (buyingOption === 2 || (await storage.size(key)) !== null) return key;
  let job = inFlight.get(key);
  if (!job) {
    job = (async () => {
      const staged = await storage.stage(key);
      const source = storage.pathOf(masterKey);
      const args = buyingOption === 0 ? encodeMp3Args(source, staged.tempPath) : encodeWav16DitheredArgs(source, staged.tempPath);
      try {
        await runFfmpeg(args, { binary: options.ffmpegBinary ?? ffmpegPath() });
        await staged.commit();
      } catch (error) {
        await staged.discard();
        throw error;
      }
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, job);
  }
  await job;
  return key;
}
