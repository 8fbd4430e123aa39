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
export function loadSecrets(env: { JWT_SECRET?: string | undefined; INTERNAL_SECRET?: string | undefined; DATA_DIR: string }): Secrets {
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
  if (!env.JWT_SECRET || !env.INTERNAL_SECRET) {
    if (stored.jwtSecret !== secrets.jwtSecret || stored.internalSecret !== secrets.internalSecret) {
      mkdirSync(env.DATA_DIR, { recursive: true });
      writeFileSync(file, JSON.stringify({ jwtSecret: secrets.jwtSecret, internalSecret: secrets.internalSecret }), { mode: 0o600 });
    }
  }
  return secrets;
}
