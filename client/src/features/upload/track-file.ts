import { MAX_UPLOAD_BYTES } from '../../../../src/modules/masters/masters.constants.js';

/** The types a track upload accepts, and its size limit. */
export const ACCEPTED_WAV_TYPES = ['audio/wav', 'audio/x-wav', 'audio/vnd.wave', 'audio/wave', 'audio/x-pn-wav'] as const;

/** A message code when the file cannot be uploaded, otherwise null. The server checks the content again. */
export function trackFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_WAV_TYPES as readonly string[]).includes(file.type)) return 'store.upload.error.noWaveFile';
  if (file.size > MAX_UPLOAD_BYTES) return 'store.upload.error.fileTooLarge';
  return null;
}
