import path from 'node:path';
import type { FileStorage } from '../../src/platform/storage/file-storage.js';

/** Files the media process writes under a temporary name (FileStorage.stage, the bounce's passes). */
const MEDIA_PARTIAL = /^(work\.f32|work\.json|preparation\.json)\..*\.part/;
const LEASE_TAG = /\.lease-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./;

/** The tag of a media job's staged files: its lease token, so the files die with the lease. */
export const leaseTagOf = (leaseToken: string) => `lease-${leaseToken}`;

export interface PartialFileRules {
  /** Of these lease tokens, those a running job still holds (asked of the web process). */
  liveLeases(tokens: string[]): Promise<string[]>;
  /** A partial file of no job (a decode's work file) untouched this long is an orphan: its writer appends as it goes. */
  staleMs: number;
  now?: () => number;
}

/**
 * Removes what media processes killed mid-job left half-written in storage: a master's staged file
 * and its passes, staged downloads (tracks/<id>/masters/*.part*) and staged work files. Several
 * media processes share the storage, so only true orphans go: a job's file (named with its lease
 * token) once that lease has run out, another file once it has not changed for `staleMs`. The web
 * process's own staged uploads (original.wav.*.part) are not the media process's to remove.
 * (On S3 staged files live in the process's local directory, emptied at start: none are stored.)
 * `under` narrows the sweep to one folder (a track's masters, when a job is taken up again).
 */
export async function removePartialFiles(storage: FileStorage, rules: PartialFileRules, under = 'tracks'): Promise<number> {
  const partial = (await storage.list(under)).filter((key) => {
    const [, , folder, name] = key.split('/');
    return name === undefined ? MEDIA_PARTIAL.test(path.posix.basename(key)) : folder === 'masters' && name.includes('.part');
  });
  if (partial.length === 0) return 0;
  const tokens = [...new Set(partial.flatMap((key) => LEASE_TAG.exec(key)?.[1] ?? []))];
  const live = new Set(await rules.liveLeases(tokens));
  const now = (rules.now ?? Date.now)();
  let removed = 0;
  for (const key of partial) {
    const token = LEASE_TAG.exec(key)?.[1];
    if (token !== undefined) {
      if (live.has(token)) continue;
    } else {
      const info = await storage.stat(key);
      if (!info || now - info.modifiedMs < rules.staleMs) continue;
    }
    await storage.remove(key);
    removed += 1;
  }
  return removed;
}
