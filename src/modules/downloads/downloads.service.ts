import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
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
  // A finished file, made by the media process at bounce (or, for a master bounced before it made
  // them, when the master is next played).
  const key = renditionKeyOf(master.path, buyingOption);
  const size = await storage.size(key);
  if (size === null) throw new AppError('NOT_FOUND', 'binary.s3File.missing');
  return {
    key,
    size,
    fileName: downloadFileName(master.file_name, master.track_name, master.style_group_name, master.style_name, buyingOption),
    contentType: RENDITIONS[buyingOption].contentType,
  };
}
