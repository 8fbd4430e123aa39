import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { enqueueRenditions, renditionsProgress } from '../streaming/index.js';
import * as repo from './downloads.repository.js';
import type { TMasterDownloadInput } from './downloads.schemas.js';
import { RENDITIONS, renditionKeyOf, type RenditionOption } from './downloads.constants.js';

export interface MasterDownload {
  /** Storage key of the file to stream. */
  key: string;
  size: number;
  fileName: string;
  contentType: string;
}

/** Characters a file name may not carry in any common file system, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/**
 * `My Song.wav` + Pop / Bright + option 2 -> `My Song_Pop_Bright_24bit.wav` (the
 * original name with style group, style and a quality suffix before the extension).
 */
export function downloadFileName(originalName: string | null, trackName: string, styleGroup: string, style: string, buyingOption: RenditionOption): string {
  const base = (originalName ?? trackName).replace(/\.[^.]{1,5}$/, '') || 'mastered';
  const { suffix, extension } = RENDITIONS[buyingOption];
  return `${[base, styleGroup, style, suffix].join('_')}.${extension}`.replace(UNSAFE_FILE_NAME, '_');
}

/**
 * A master's file for one buying option: only the owner, only options up to the owned
 * one (0 always). Anyone else learns nothing, not even that the master exists.
 */
export async function masterDownload(ctx: ServiceContext, input: TMasterDownloadInput): Promise<MasterDownload> {
  if (!ctx.actor) throw unauthorized();
  const master = await repo.findMasterForDownload(ctx.db, input.masterId);
  if (!master || master.user_id !== ctx.actor.userId) throw notFound('master');
  if (input.buyingOption > master.buying_option) throw new AppError('FORBIDDEN', 'download.optionNotPurchased');
  const buyingOption = input.buyingOption as RenditionOption;
  const storage = ctx.platform.storage;
  if (!master.path || master.style_name === null || master.style_group_name === null || (await storage.size(master.path)) === null) {
    throw new AppError('NOT_FOUND', 'binary.s3File.missing');
  }
  // A finished file, made by a media process from the stored master right after its bounce.
  const key = renditionKeyOf(master.path, buyingOption);
  const size = await storage.size(key);
  if (size === null) throw await renditionPending(ctx, { id: master.id, path: master.path, checksum: master.checksum });
  return {
    key,
    size,
    fileName: downloadFileName(master.file_name, master.track_name, master.style_group_name, master.style_name, buyingOption),
    contentType: RENDITIONS[buyingOption].contentType,
  };
}

/**
 * The answer while a download is still being made from the master (409 download.renditionPending,
 * detail `running` or `queued:<place in line>`): the client says so and asks again. A file nobody
 * is making (an older master, or a try that failed) is put in line by this first ask.
 */
async function renditionPending(ctx: ServiceContext, master: { id: string; path: string; checksum: string | null }): Promise<AppError> {
  if (!master.checksum) return new AppError('NOT_FOUND', 'binary.s3File.missing');
  const file = { path: master.path, checksum: master.checksum };
  let progress = await renditionsProgress(ctx, file);
  if (!progress) {
    await enqueueRenditions(ctx, { masterId: master.id, first: true });
    progress = await renditionsProgress(ctx, file);
  }
  if (!progress) return new AppError('NOT_FOUND', 'binary.s3File.missing');
  return new AppError('CONFLICT', 'download.renditionPending', { detail: progress.state === 'running' ? 'running' : `queued:${progress.position ?? 1}` });
}
