import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { EmailTokensTable, UserUpdate } from '../../platform/db/schema.js';

type EmailTokenPurpose = EmailTokensTable['purpose'];

const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'locale',
  'subscribed_to_newsletter',
  'inform_about_updates',
  'beta_testing',
  'email_confirmed_at',
  'distribution_user_id',
  'distribution_artist_id',
  'distribution_participant_id',
  'distribution_label_id',
] as const;

export async function findUserById(db: Database, id: string) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findCredentialsByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'email_confirmed_at', 'locale', 'first_name'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findPasswordHash(db: Database, id: string) {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function emailExists(db: Database, email: string) {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

/** The new user's id, or null when the address is taken (a concurrent registration won). */
export async function insertUser(
  db: Database,
  values: { email: string; passwordHash: string; firstName: string; lastName: string; locale: 'en' | 'de' },
) {
  const row = await db
    .insertInto('users')
    .values({ email: values.email, password_hash: values.passwordHash, first_name: values.firstName, last_name: values.lastName, locale: values.locale })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateUser(db: Database, id: string, patch: UserUpdate) {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(USER_COLUMNS)
    .executeTakeFirst();
}

export async function insertEmailToken(
  db: Database,
  values: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date; newEmail?: string },
) {
  await db
    .insertInto('email_tokens')
    .values({ user_id: values.userId, purpose: values.purpose, token_hash: values.tokenHash, expires_at: values.expiresAt, new_email: values.newEmail ?? null })
    .execute();
}

/** Marks a user's live tokens of one purpose as used: only the newest link works. */
export async function invalidateEmailTokens(db: Database, userId: string, purpose: EmailTokenPurpose) {
  await db.updateTable('email_tokens').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

/** Single use: the one conditional update both checks and spends the token, so two clicks cannot both win. */
export async function consumeEmailToken(db: Database, tokenHash: string, purposes: EmailTokenPurpose[]) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'purpose', 'new_email'])
    .executeTakeFirst();
}

/** Whether a link token is live, without using it up: checked before any expensive work. */
export async function isEmailTokenLive(db: Database, tokenHash: string, purposes: EmailTokenPurpose[]) {
  const row = await db
    .selectFrom('email_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function pendingNewEmails(db: Database, userId: string) {
  const rows = await db.selectFrom('email_tokens').select('new_email').where('user_id', '=', userId).where('purpose', '=', 'email_change').execute();
  return rows.flatMap((row) => (row.new_email ? [row.new_email] : []));
}

export async function insertRefreshToken(db: Database, values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: values.userId, family_id: values.familyId, token_hash: values.tokenHash, expires_at: values.expiresAt })
    .execute();
}

export async function findRefreshToken(db: Database, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'expires_at', 'rotated_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** True when this call rotated the token; false when another request already had (a reuse). */
export async function markRotated(db: Database, id: string) {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: sql`now()` })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When a rotated token comes back: revokes the tokens issued in its place if none of them was used
 * yet (the answer that carried them never arrived) and says so; false when one was used already.
 */
export async function revokeUnusedSuccessors(db: Database, familyId: string, rotatedAt: Date): Promise<boolean> {
  const successors = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'rotated_at', 'revoked_at'])
    .where('family_id', '=', familyId)
    .where('created_at', '>=', rotatedAt)
    .execute();
  if (successors.length === 0 || successors.some((token) => token.rotated_at !== null || token.revoked_at !== null)) return false;
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('id', 'in', successors.map((token) => token.id))
    .execute();
  return true;
}

export async function revokeFamily(db: Database, familyId: string) {
  await db.updateTable('refresh_tokens').set({ revoked_at: sql`now()` }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllOfUser(db: Database, userId: string, exceptFamilyId?: string) {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptFamilyId) query = query.where('family_id', '<>', exceptFamilyId);
  await query.execute();
}

export async function userExists(db: Database, id: string) {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Track ids of a user, for deleting their files. The tracks table belongs to the tracks domain;
 * this read is the one place accounts looks at it, because deletion must reach every file.
 */
export async function findTrackIdsOfUser(db: Database, userId: string) {
  const rows = await db.selectFrom('tracks').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/**
 * Shares other users made to this address name the person being deleted: they go, and the masters'
 * share counters follow, so the owners can share again.
 */
export async function removeSharesToEmail(db: Database, email: string) {
  const removed = await db.deleteFrom('shares').where('email', '=', email).returning('master_id').execute();
  for (const { master_id } of removed) {
    await db.updateTable('masters').set({ share_count: sql`greatest(share_count - 1, 0)` }).where('id', '=', master_id).execute();
  }
}

/** Locks the user's masters, the rows a pay's claim locks (payments.service.ts, claim). */
export async function lockMastersOfUser(db: Database, userId: string) {
  await db.selectFrom('masters').select('id').where('user_id', '=', userId).forUpdate().execute();
}

/** Whether any payment of the user (a master's, or a subscription's charge) is in flight. */
export async function hasPendingPayment(db: Database, userId: string): Promise<boolean> {
  const row = await db.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', '=', 'pending').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Payments keep no personal data once their buyer leaves: attempts that never became a sale
 * (declined, failed) go, and a settled payment loses the buyer copied into its quote (the invoice
 * keeps what the law requires). A pending one never reaches here: deletion refuses while one is in
 * flight (accounts.service.ts, ACCOUNT_PAYMENT_IN_PROGRESS). The
 * kept payments and invoices are unlinked from the user and their masters.
 */
export async function forgetBuyerInPayments(db: Database, userId: string) {
  await db.deleteFrom('payments').where('user_id', '=', userId).where('status', 'in', ['declined', 'failed']).execute();
  await db
    .updateTable('payments')
    .set({ quote: sql`quote - 'buyer'` })
    .where('user_id', '=', userId)
    .where('status', '=', 'settled')
    .where('quote', 'is not', null)
    .execute();
  // Unlinked here rather than by the ON DELETE SET NULL cascades: deleting the user reaches these
  // rows twice (through the user and through their masters), and PostgreSQL refuses to update one
  // row twice in one command.
  await db.updateTable('payments').set({ user_id: null, master_id: null, album_id: null }).where('user_id', '=', userId).execute();
  await db.updateTable('invoices').set({ user_id: null, master_id: null }).where('user_id', '=', userId).execute();
}

/** Everything that references the user goes by ON DELETE CASCADE; invoices and payments keep their rows (SET NULL). */
export async function deleteUser(db: Database, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
