import path from 'node:path';
import type { FileStorage } from '../../src/platform/storage/file-storage.js';

/** Files the media process writes under a temporary name (FileStorage.stage, the bounce's passes). */
const MEDIA_PARTIAL = /^(work\.f32|work\.json|preparation\.json)\..*\.part/;

/**
 * Removes what a media process killed mid-job left half-written in storage: a master's staged file
 * and its passes, staged downloads (tracks/<id>/masters/*.part*) and staged work files. Runs once
 * when the media process starts, before it takes work, so no job of its own is writing yet. The
 * web process's own staged uploads (original.wav.*.part) are not the media process's to remove.
 * (On S3 staged files live in the process's local directory, emptied at start: none are stored.)
 */
export async function removePartialFiles(storage: FileStorage): Promise<number> {
  const doomed = (await storage.list('tracks')).filter((key) => {
    const [, , folder, name] = key.split('/');
    return name === undefined ? MEDIA_PARTIAL.test(path.posix.basename(key)) : folder === 'masters' && name.includes('.part');
  });
  for (const key of doomed) await storage.remove(key);
  return doomed.length;
}
