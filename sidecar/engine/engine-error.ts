/**
 * The engine's own failures. The engine is a pure audio library: it knows no AppError
 * and no translation keys; the edges (sidecar/media, scripts/master.ts) map these codes to theirs.
 */
export type EngineErrorCode =
  /** ffmpeg could not decode the input. */
  | 'decodeFailed'
  /** The input decoded to a channel count the engine does not master (it takes 1 or 2). */
  | 'unsupportedChannels'
  /** A reference track to master toward is digital silence: it has no loudness or balance to aim at. */
  | 'silentReference'
  /** The caller aborted the job. */
  | 'aborted';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options);
    this.name = 'EngineError';
  }
}
