import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended minimum (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1).
 * Hashes carry their parameters, so raising these later rehashes each user at their next login.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export const passwordNeedsRehash = (hash: string) => argon2.needsRehash(hash, ARGON2_OPTIONS);

let dummy: Promise<string> | null = null;
/**
 * A hash of nothing anybody knows: an unknown address is checked against it, so a login for an
 * address without an account takes as long as one with a wrong password.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummy;
}

/** Opaque tokens for links and the refresh cookie: 256 random bits; only their sha256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
