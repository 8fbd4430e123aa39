import { AppError } from '../../src/platform/errors.js';
import { EngineError, type EngineErrorCode } from '../engine/index.js';
import { FfmpegError } from '../ffmpeg/ffmpeg-run.js';

/** The engine's failures in the product's terms (the engine knows no AppError). */
const APP_ERRORS: Record<EngineErrorCode, { code: 'BAD_REQUEST' | 'INTERNAL'; message: string }> = {
  decodeFailed: { code: 'INTERNAL', message: 'error.ffmpegFailed' },
  unsupportedChannels: { code: 'BAD_REQUEST', message: 'error.unsupportedWave' },
  silentReference: { code: 'BAD_REQUEST', message: 'error.silentReference' },
  aborted: { code: 'INTERNAL', message: 'error.aborted' },
};

/** An EngineError or FfmpegError as the AppError the edges answer with; anything else unchanged. */
export function appErrorOf(error: unknown): unknown {
  if (error instanceof FfmpegError) return new AppError('INTERNAL', error.message, { detail: error.detail, cause: error });
  if (!(error instanceof EngineError)) return error;
  const mapped = APP_ERRORS[error.code];
  return new AppError(mapped.code, mapped.message, { detail: error.detail, cause: error });
}
