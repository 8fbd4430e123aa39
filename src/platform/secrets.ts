import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from './db/database.js';

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

/**
 * The web process's secrets with the token-signing secret agreed across every web process on the
 * database (sql/0085): the first to start stores its own, the others adopt it and write it into
 * their DATA_DIR/secrets.json too, so the media process started beside them afterwards verifies
 * the same tokens. Without this, each machine generated its own secret and a session signed in
 * through one web process got 401 from the next. A JWT_SECRET from the environment is used as is.
 * The internal secret stays per machine: a media process only talks to the web process beside it.
 */
export async function agreeOnSharedSecrets(db: Database, env: { JWT_SECRET?: string | undefined; DATA_DIR: string }, local: Secrets): Promise<Secrets> {
  if (env.JWT_SECRET) return local;
  await db.insertInto('shared_secrets').values({ name: 'jwt', value: local.jwtSecret }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('shared_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  if (row.value === local.jwtSecret) return local;
  const agreed = { ...local, jwtSecret: row.value };
  mkdirSync(env.DATA_DIR, { recursive: true });
  writeFileSync(path.join(env.DATA_DIR, 'secrets.json'), JSON.stringify(agreed), { mode: 0o600 });
  return agreed;
}
