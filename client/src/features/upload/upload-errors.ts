/**
 * What an upload failure is called and whether "Try again" with the same file can help.
 * Only a failure on the way (network, the server, an interrupted body) can go away by sending the
 * same file again; a file that is not a WAV, too large, or a full storage stay what they are, so
 * they offer a different file instead.
 */
const RETRYABLE = new Set(['global.error.network', 'global.error.server', 'store.upload.error.malformedBody']);

export const uploadErrorCanRetry = (code: string) => RETRYABLE.has(code);

/**
 * The message code of a failed `POST /api/upload`. 413 is always "file too large"; a
 * server key `error.X` is shown as `store.upload.error.X`; a 5xx, or an answer without a key, is
 * the server's failure. The answer's `detail` (the WAV parser's reason) is not read.
 */
export function uploadErrorCodeOf(status: number, message: unknown): string {
  if (status === 413) return 'store.upload.error.fileTooLarge';
  if (status >= 500 || typeof message !== 'string' || !message) return 'global.error.server';
  return message.startsWith('error.') ? `store.upload.${message}` : message;
}
