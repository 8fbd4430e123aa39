import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ZSecrets = z.object({ jwtSecret: z.string().min(32), internalSecret: z.string().min(32) });
export type Secrets = z.infer<typeof ZSecrets>;

/**
 * Secrets come from the environment; on a machine with none (the embedded default) they are
 * generated once and kept under the data directory, so tokens survive a restart.
 */
export function loadSecrets(env: { JWT_SECRET?: string | undefined; INTERNAL_SECRET?: string | undefined; DATA_DIR: string }, attempt = 0): Secrets {
  const file = path.join(env.DATA_DIR, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = ZSecrets.partial().parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // no file yet, or an unreadable one: generate below
  }
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    internalSecret: env.INTERNAL_SECRET ?? stored.internalSecret ?? randomBytes(48).toString('base64url'),
  };
  if (env.JWT_SECRET && env.INTERNAL_SECRET) return secrets;
  if (stored.jwtSecret === secrets.jwtSecret && stored.internalSecret === secrets.internalSecret) return secrets;
  mkdirSync(env.DATA_DIR, { recursive: true });
  const content = JSON.stringify({ jwtSecret: secrets.jwtSecret, internalSecret: secrets.internalSecret });
  if (stored.jwtSecret || stored.internalSecret) {
    writeFileSync(file, content, { mode: 0o600 });
    return secrets;
  }
  try {
    // Created exclusively: web and media started side by side (Procfile) must not each keep a secret
    // of their own; whoever creates the file first wins and the other reads it.
    writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // The other process may not have written its content yet: read again (a few times at most).
    if (attempt >= 1000) throw new Error(`${file} exists but stays unreadable`, { cause: error });
    return loadSecrets(env, attempt + 1);
  }
}
