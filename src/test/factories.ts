import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../platform/access-token.js';
import type { Database } from '../platform/db/database.js';

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
