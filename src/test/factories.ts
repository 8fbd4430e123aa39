import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { signAccessToken } from '../platform/access-token.js';
import type { Database } from '../platform/db/database.js';
import type { TestPlatform } from './test-platform.js';

/** A confirmed user inserted directly (no sign-up flow), with an access token for HTTP calls. */
export async function createTestUser(db: Database, jwtSecret: string, options: { email?: string } = {}) {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const row = await db
    .insertInto('users')
    .values({ email, password_hash: 'not-a-real-hash', first_name: 'Test', last_name: 'User', email_confirmed_at: new Date() })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, token: signAccessToken(jwtSecret, row.id).token };
}

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/**
 * A track whose stored original is a 1044-byte stand-in with the figures of a 16-bit stereo WAV
 * header, and its unmastered master, as an upload leaves them; for tests that queue media jobs
 * without decoding audio.
 */
export async function createUploadedTrack(platform: TestPlatform, userId: string, options: { name?: string; bitsPerSample?: 16 | 24 } = {}) {
  const trackId = randomUUID();
  const name = options.name ?? 'T';
  const key = `tracks/${trackId}/original.wav`;
  await platform.storage.write(key, Readable.from([Buffer.alloc(1044)]));
  await platform.db
    .insertInto('tracks')
    .values({ id: trackId, user_id: userId, name, path: key, file_name: `${name}.wav`, sample_rate: 44100, channels: 2, bits_per_sample: options.bitsPerSample ?? 16, sample_format: 'int', byte_length: 1044, data_offset: 44, data_bytes: 1000 })
    .execute();
  const master = await platform.db.insertInto('masters').values({ track_id: trackId, user_id: userId }).returning('id').executeTakeFirstOrThrow();
  return { trackId, masterId: master.id };
}

/** The id of the first enabled style in the catalogue's index order. */
export async function firstEnabledStyleId(db: Database) {
  return (await db.selectFrom('styles').select('id').where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow()).id;
}
