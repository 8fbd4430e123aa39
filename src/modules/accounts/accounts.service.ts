import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../../platform/access-token.js';
import type { ServiceContext } from '../../platform/context.js';
import { AppError, forbidden, unauthorized } from '../../platform/errors.js';
import { stopSubscriptionsOfDeletedAccount } from '../distribution/index.js';
import { removeReleaseFilesOfUser, takeDownReleasesOfDeletedAccount } from '../releases/index.js';
import { countRateLimitHit, enforceRateLimits, isKeyRemembered, refundRateLimitHit, rememberKey, type RateLimitRule } from '../../platform/rate-limit/rate-limit.js';
import { dummyPasswordHash, hashOpaqueToken, hashPassword, newOpaqueToken, passwordNeedsRehash, verifyPassword } from './accounts.crypto.js';
import { renderAccountMail, type AccountMailKind } from './accounts.mails.js';
import * as repo from './accounts.repository.js';
import type {
  TEmailInput,
  TLoginInput,
  TRegisterAnswer,
  TRegisterInput,
  TResetPasswordInput,
  TUpdateUserInput,
  TUser,
  TVerifyEmailAnswer,
  TVerifyEmailInput,
} from './accounts.schemas.js';

/** Where a request came from, as far as abuse limits care. */
export interface ClientInfo {
  ip: string;
}

/** A signed-in session: the access token for the answer body, the refresh token for the cookie. */
export interface Session {
  accessToken: string;
  expiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const HOUR_S = 3600;
export const REFRESH_TOKEN_TTL_S = 7 * 24 * HOUR_S;
const EMAIL_TOKEN_TTL_S = { verify: 7 * 24 * HOUR_S, reset: HOUR_S, email_change: 24 * HOUR_S } as const;

/**
 * Abuse limits, keyed so that an attacker cannot lock the owner out (the pattern of
 * rate-limiter-flexible's "login endpoint protection"): the tight budget counts one address from one
 * client IP; a slower budget per address stops guessing spread over many IPs, but a client that
 * signed in to the address before (a known address+IP pair, remembered for 30 days) is exempt from
 * it. The per-IP budgets are larger: an office or a mobile carrier puts many people behind one IP.
 */
export const RATE_LIMITS = {
  loginPerAddressAndIp: { name: 'login-address-ip', max: 10, windowS: 15 * 60 },
  loginPerIp: { name: 'login-ip', max: 30, windowS: 15 * 60 },
  /**
   * Sign-ins to one address from clients that never signed in to it: past this the address is
   * under attack, which refuses nobody by itself but puts every such client on
   * `loginPerAddressAndIpUnderAttack` (a hard cap here let 60 wrong passwords lock the owner out).
   */
  loginPerAddress: { name: 'login-address', max: 50, windowS: HOUR_S },
  /** While the address is under attack: each unknown client's attempts at it (the owner's new device gets these). */
  loginPerAddressAndIpUnderAttack: { name: 'login-address-ip-attacked', max: 3, windowS: 15 * 60 },
  registerPerAddressAndIp: { name: 'register-address-ip', max: 3, windowS: HOUR_S },
  registerPerIp: { name: 'register-ip', max: 10, windowS: HOUR_S },
  registerPerAddress: { name: 'register-address', max: 10, windowS: HOUR_S },
  forgotPerAddressAndIp: { name: 'forgot-address-ip', max: 3, windowS: HOUR_S },
  forgotPerIp: { name: 'forgot-ip', max: 10, windowS: HOUR_S },
  forgotPerAddress: { name: 'forgot-address', max: 10, windowS: HOUR_S },
  resendPerAddressAndIp: { name: 'resend-address-ip', max: 3, windowS: HOUR_S },
  resendPerIp: { name: 'resend-ip', max: 10, windowS: HOUR_S },
  resendPerAddress: { name: 'resend-address', max: 10, windowS: HOUR_S },
  /** reset-password: made-up tokens cost a lookup each, real ones argon2. */
  tokenPerIp: { name: 'token-ip', max: 10, windowS: HOUR_S },
  /** verify-email: a lookup (and a write) per token; a person confirms an address or two. */
  verifyPerIp: { name: 'verify-ip', max: 30, windowS: HOUR_S },
  /** Every check of a signed-in user's current password (updateUser), per account. */
  passwordCheckPerUser: { name: 'password-check-user', max: 10, windowS: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** How long a client that signed in stays exempt from the per-address budgets of its address. */
const KNOWN_CLIENT = { name: 'known-client', ttlS: 30 * 24 * HOUR_S };
const knownClientKey = (email: string, client: ClientInfo) => `${email}|${client.ip}`;

const badCredentials = () => new AppError('UNAUTHORIZED', 'global.error.badCredentials');
const invalidToken = () => new AppError('UNAUTHORIZED', 'global.error.invalidToken');

async function limit(
  ctx: ServiceContext,
  rules: { perAddressAndIp: RateLimitRule; perIp: RateLimitRule; perAddress: RateLimitRule },
  email: string,
  client: ClientInfo,
) {
  const known = await isKeyRemembered(ctx.db, KNOWN_CLIENT.name, knownClientKey(email, client));
  await enforceRateLimits(ctx.db, [
    { rule: rules.perAddressAndIp, key: knownClientKey(email, client) },
    { rule: rules.perIp, key: client.ip },
    ...(known ? [] : [{ rule: rules.perAddress, key: email }]),
  ]);
}

/**
 * Sign-in budgets. Per address and client and per client as `limit`; the address's own budget for
 * unknown clients does not refuse when spent (that was a lockout anyone could trigger): it puts
 * each unknown client on a small budget of its own, so guessing from many clients costs a client
 * per three guesses a quarter hour, while the owner on a new device, whose client has not failed,
 * still gets its three tries with the right password at once.
 */
async function limitLogin(ctx: ServiceContext, email: string, client: ClientInfo) {
  const key = knownClientKey(email, client);
  const known = await isKeyRemembered(ctx.db, KNOWN_CLIENT.name, key);
  const underAttack = !known && (await countRateLimitHit(ctx.db, RATE_LIMITS.loginPerAddress, email)).exceeded;
  await enforceRateLimits(ctx.db, [
    { rule: RATE_LIMITS.loginPerAddressAndIp, key },
    { rule: RATE_LIMITS.loginPerIp, key: client.ip },
    ...(underAttack ? [{ rule: RATE_LIMITS.loginPerAddressAndIpUnderAttack, key }] : []),
  ]);
}

/**
 * The sign-in budgets count guesses: the right password gives its hit back, so someone who signs in
 * often (several tabs, devices behind one office IP) is never refused for having succeeded.
 */
async function refundLoginHits(ctx: ServiceContext, email: string, client: ClientInfo) {
  await refundRateLimitHit(ctx.db, RATE_LIMITS.loginPerAddressAndIp, knownClientKey(email, client));
  await refundRateLimitHit(ctx.db, RATE_LIMITS.loginPerIp, client.ip);
}

const REGISTER_LIMITS = { perAddressAndIp: RATE_LIMITS.registerPerAddressAndIp, perIp: RATE_LIMITS.registerPerIp, perAddress: RATE_LIMITS.registerPerAddress };
const FORGOT_LIMITS = { perAddressAndIp: RATE_LIMITS.forgotPerAddressAndIp, perIp: RATE_LIMITS.forgotPerIp, perAddress: RATE_LIMITS.forgotPerAddress };
const RESEND_LIMITS = { perAddressAndIp: RATE_LIMITS.resendPerAddressAndIp, perIp: RATE_LIMITS.resendPerIp, perAddress: RATE_LIMITS.resendPerAddress };

function requireActor(ctx: ServiceContext) {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
}

function userOf(row: NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>): TUser {
  return {
    id: row.id,
    distributionUserId: row.distribution_user_id,
    distributionArtistId: row.distribution_artist_id,
    distributionParticipantId: row.distribution_participant_id,
    distributionLabelId: row.distribution_label_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    subscribedToNewsletter: row.subscribed_to_newsletter,
    informAboutUpdates: row.inform_about_updates,
    betaTesting: row.beta_testing,
  };
}

const linkOf = (ctx: ServiceContext, route: string) => new URL(route, ctx.platform.env.PUBLIC_URL).toString();

/**
 * Mails go out after the data is committed. A failed send is logged, never shown: for
 * forgot-password a visible failure would tell who has an account, and every mail can be asked
 * for again.
 */
async function sendAccountMail(
  ctx: ServiceContext,
  kind: AccountMailKind,
  to: { email: string; firstName: string; locale: 'en' | 'de' },
  link: string,
) {
  try {
    const rendered = renderAccountMail(kind, to.locale, { firstName: to.firstName, link });
    await ctx.platform.mailer.send({ to: to.email, ...rendered, link, kind });
  } catch (error) {
    ctx.log.error({ err: error, kind }, 'account mail could not be sent');
  }
}

/** A fresh single-use link token of a purpose; older live tokens of that purpose stop working. */
async function issueEmailToken(ctx: ServiceContext, userId: string, purpose: 'verify' | 'reset' | 'email_change', newEmail?: string) {
  const token = newOpaqueToken();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.invalidateEmailTokens(trx, userId, purpose);
    await repo.insertEmailToken(trx, {
      userId,
      purpose,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_S[purpose] * 1000),
      ...(newEmail ? { newEmail } : {}),
    });
  });
  return token;
}

/** `next` rides in the link, so it works in another tab or browser than the one that signed up. */
async function sendConfirmation(ctx: ServiceContext, user: { id: string; email: string; first_name: string; locale: 'en' | 'de' }, next?: string) {
  const token = await issueEmailToken(ctx, user.id, 'verify');
  const query = next ? `?${new URLSearchParams({ next }).toString()}` : '';
  await sendAccountMail(ctx, 'verify', { email: user.email, firstName: user.first_name, locale: user.locale }, linkOf(ctx, `/auth/verify-email/${token}${query}`));
}

/**
 * Sign-up. The answer is the same whether or not the address has an account (no enumeration):
 * a new address gets an account and a confirmation mail. A registration for an address that
 * already has an account changes nothing on it, confirmed or not (else whoever registered last
 * would own the mailbox's account once its owner clicked the newest link): an unconfirmed account
 * is mailed its confirmation link again, a confirmed one's owner a mail saying so. Whoever holds
 * the mailbox and forgot the first password uses reset.
 */
export async function register(ctx: ServiceContext, input: TRegisterInput & { client: ClientInfo }): Promise<TRegisterAnswer> {
  const { client } = input;
  await limit(ctx, REGISTER_LIMITS, input.email, client);
  const passwordHash = await hashPassword(input.password);
  const userId = await repo.insertUser(ctx.db, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, locale: ctx.locale });
  if (userId) {
    await sendConfirmation(ctx, { id: userId, email: input.email, first_name: input.firstName, locale: ctx.locale }, input.next);
    return { email: input.email };
  }
  const existing = await repo.findCredentialsByEmail(ctx.db, input.email);
  if (!existing) throw new AppError('CONFLICT', 'global.error.server');
  if (existing.email_confirmed_at) {
    await sendAccountMail(ctx, 'accountExists', { email: existing.email, firstName: existing.first_name, locale: existing.locale }, linkOf(ctx, '/auth/reset-password'));
    return { email: input.email };
  }
  await sendConfirmation(ctx, { id: existing.id, email: existing.email, first_name: existing.first_name, locale: existing.locale }, input.next);
  return { email: input.email };
}

/** Sends a new confirmation link to an unconfirmed account; answers the same for any address. */
export async function resendConfirmation(ctx: ServiceContext, input: TEmailInput & { client: ClientInfo }): Promise<void> {
  const { client } = input;
  await limit(ctx, RESEND_LIMITS, input.email, client);
  const user = await repo.findCredentialsByEmail(ctx.db, input.email);
  if (!user || user.email_confirmed_at) return;
  await sendConfirmation(ctx, { id: user.id, email: user.email, first_name: user.first_name, locale: user.locale });
}

/**
 * Opens a mailed confirmation link: a new account's (verify) or a changed address's
 * (email_change). Each link works once and until it expires.
 */
export async function verifyEmail(ctx: ServiceContext, input: TVerifyEmailInput, client: ClientInfo): Promise<TVerifyEmailAnswer> {
  await enforceRateLimits(ctx.db, [{ rule: RATE_LIMITS.verifyPerIp, key: client.ip }]);
  return ctx.db.transaction().execute(async (trx) => {
    const token = await repo.consumeEmailToken(trx, hashOpaqueToken(input.verifyToken), ['verify', 'email_change']);
    if (!token) throw invalidToken();
    if (token.purpose === 'email_change' && token.new_email) {
      if (await repo.emailExists(trx, token.new_email)) throw new AppError('CONFLICT', 'global.error.emailTaken');
      const user = await repo.updateUser(trx, token.user_id, { email: token.new_email, email_confirmed_at: new Date() });
      if (!user) throw invalidToken();
      return { result: 'emailChanged', email: user.email };
    }
    const current = await repo.findUserById(trx, token.user_id);
    if (!current) throw invalidToken();
    const user = await repo.updateUser(trx, token.user_id, { email_confirmed_at: current.email_confirmed_at ?? new Date() });
    return { result: 'confirmed', email: user?.email ?? current.email };
  });
}

async function startSession(ctx: ServiceContext, userId: string, familyId: string): Promise<Session> {
  const access = signAccessToken(ctx.platform.secrets.jwtSecret, userId, Date.now(), familyId);
  const refreshToken = newOpaqueToken();
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000);
  await repo.insertRefreshToken(ctx.db, { userId, familyId, tokenHash: hashOpaqueToken(refreshToken), expiresAt: refreshExpiresAt });
  return { accessToken: access.token, expiresAt: access.expiresAt, refreshToken, refreshExpiresAt };
}

/**
 * Sign-in. A wrong password and an unknown address get the same answer, after the same work
 * (an unknown address is checked against a dummy hash). Only the right password learns that the
 * address still waits for confirmation.
 */
export async function login(ctx: ServiceContext, input: TLoginInput & { client: ClientInfo }): Promise<Session> {
  const { client } = input;
  await limitLogin(ctx, input.email, client);
  const user = await repo.findCredentialsByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw badCredentials();
  await refundLoginHits(ctx, input.email, client);
  await rememberKey(ctx.db, KNOWN_CLIENT.name, knownClientKey(input.email, client), KNOWN_CLIENT.ttlS);
  if (!user.email_confirmed_at) throw new AppError('FORBIDDEN', 'global.error.userNotConfirmed');
  if (passwordNeedsRehash(user.password_hash)) {
    await repo.updateUser(ctx.db, user.id, { password_hash: await hashPassword(input.password) });
  }
  return startSession(ctx, user.id, randomUUID());
}

/**
 * Rotation with reuse detection: each refresh token works once and is replaced by a new one of
 * the same family. A token that was already rotated (or revoked) coming back means two parties
 * hold it, one of them not the user: the whole family is revoked and both must sign in again.
 */
/**
 * How long a just-rotated refresh token may come back once more, as long as the token issued in
 * its place was never used: the answer to a refresh can be lost when the page navigates away.
 */
export const REFRESH_RETRY_GRACE_MS = 20_000;

export async function refreshSession(ctx: ServiceContext, input: { refreshToken: string | undefined }): Promise<Session> {
  const { refreshToken } = input;
  if (!refreshToken) throw unauthorized();
  const row = await repo.findRefreshToken(ctx.db, hashOpaqueToken(refreshToken));
  if (!row) throw unauthorized();
  if (new Date(row.expires_at).getTime() <= Date.now()) throw unauthorized();
  if (row.rotated_at && !row.revoked_at && Date.now() - new Date(row.rotated_at).getTime() < REFRESH_RETRY_GRACE_MS) {
    // The browser left the page while its refresh was answered (a click, a reload) and kept the old
    // cookie. If the token issued in its place was never used, this is that same client: rotate again.
    if (await repo.revokeUnusedSuccessors(ctx.db, row.family_id, new Date(row.rotated_at))) {
      ctx.log.info({ userId: row.user_id, familyId: row.family_id }, 'refresh answer lost: rotated again');
      return startSession(ctx, row.user_id, row.family_id);
    }
  }
  if (row.rotated_at || row.revoked_at) {
    await repo.revokeFamily(ctx.db, row.family_id);
    if (row.rotated_at) ctx.log.warn({ userId: row.user_id, familyId: row.family_id }, 'refresh token reused: family revoked');
    throw unauthorized();
  }
  if (!(await repo.markRotated(ctx.db, row.id))) {
    // Lost a race against another request with the same token: that is a reuse as well.
    await repo.revokeFamily(ctx.db, row.family_id);
    throw unauthorized();
  }
  return startSession(ctx, row.user_id, row.family_id);
}

/** Ends the session the refresh token belongs to (its whole family). Idempotent. */
export async function logout(ctx: ServiceContext, input: { refreshToken: string | undefined }): Promise<void> {
  const { refreshToken } = input;
  if (!refreshToken) return;
  const row = await repo.findRefreshToken(ctx.db, hashOpaqueToken(refreshToken));
  if (row) await repo.revokeFamily(ctx.db, row.family_id);
}

/** Mails a reset link if the address has an account; answers the same either way. */
export async function forgotPassword(ctx: ServiceContext, input: TEmailInput & { client: ClientInfo }): Promise<void> {
  const { client } = input;
  await limit(ctx, FORGOT_LIMITS, input.email, client);
  const user = await repo.findCredentialsByEmail(ctx.db, input.email);
  if (!user) return;
  const token = await issueEmailToken(ctx, user.id, 'reset');
  // Not awaited: an answer that waited for the mail server only for known addresses would tell,
  // by its timing, which addresses have an account. sendAccountMail logs its own failures.
  ctx.platform.background.run('reset mail', () => sendAccountMail(ctx, 'reset', { email: user.email, firstName: user.first_name, locale: user.locale }, linkOf(ctx, `/auth/reset-password/${token}`)));
}

/**
 * Sets a new password from a reset link. The link proves the mailbox, so it also confirms the
 * address; every session of the account ends (whoever knew the old password is signed out).
 * The token is checked before argon2 runs (about 50 ms and 19 MiB): a made-up token costs a lookup.
 */
export async function resetPassword(ctx: ServiceContext, input: TResetPasswordInput, client: ClientInfo): Promise<void> {
  await enforceRateLimits(ctx.db, [{ rule: RATE_LIMITS.tokenPerIp, key: client.ip }]);
  if (!(await repo.isEmailTokenLive(ctx.db, hashOpaqueToken(input.resetToken), ['reset']))) throw invalidToken();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    const token = await repo.consumeEmailToken(trx, hashOpaqueToken(input.resetToken), ['reset']);
    if (!token) throw invalidToken();
    const current = await repo.findUserById(trx, token.user_id);
    if (!current) throw invalidToken();
    await repo.updateUser(trx, token.user_id, { password_hash: passwordHash, email_confirmed_at: current.email_confirmed_at ?? new Date() });
    await repo.revokeAllOfUser(trx, token.user_id);
  });
}

export async function me(ctx: ServiceContext): Promise<TUser> {
  const actor = requireActor(ctx);
  const row = await repo.findUserById(ctx.db, actor.userId);
  if (!row) throw unauthorized();
  return userOf(row);
}

/**
 * Profile changes of the caller, never of anyone else (an `id` naming another user is refused).
 * A new password or a new e-mail needs the current password; a new e-mail is only mailed a
 * confirmation link and takes effect when it is opened.
 */
export async function updateUser(ctx: ServiceContext, input: TUpdateUserInput): Promise<TUser> {
  const actor = requireActor(ctx);
  if (input.id !== undefined && input.id !== actor.userId) throw forbidden();
  const current = await repo.findUserById(ctx.db, actor.userId);
  if (!current) throw unauthorized();
  const emailChange = input.email !== undefined && input.email !== current.email ? input.email : null;
  if (input.password !== undefined || emailChange) {
    if (!input.currentPassword) throw new AppError('BAD_REQUEST', 'global.error.currentPasswordRequired');
    // Counted before the check: without it this was an unlimited password oracle (ten per batch).
    await enforceRateLimits(ctx.db, [{ rule: RATE_LIMITS.passwordCheckPerUser, key: actor.userId }]);
    const hash = await repo.findPasswordHash(ctx.db, actor.userId);
    if (!hash || !(await verifyPassword(hash, input.currentPassword))) throw new AppError('BAD_REQUEST', 'global.error.currentPasswordWrong');
  }
  if (emailChange && (await repo.emailExists(ctx.db, emailChange))) throw new AppError('CONFLICT', 'global.error.emailTaken');

  const updated = await repo.updateUser(ctx.db, actor.userId, {
    ...(input.firstName !== undefined ? { first_name: input.firstName } : {}),
    ...(input.lastName !== undefined ? { last_name: input.lastName } : {}),
    ...(input.subscribedToNewsletter !== undefined ? { subscribed_to_newsletter: input.subscribedToNewsletter } : {}),
    ...(input.informAboutUpdates !== undefined ? { inform_about_updates: input.informAboutUpdates } : {}),
    ...(input.betaTesting !== undefined ? { beta_testing: input.betaTesting } : {}),
    ...(input.password !== undefined ? { password_hash: await hashPassword(input.password) } : {}),
  });
  if (!updated) throw unauthorized();
  // A credential change ends every other session, as reset does: whoever else held one (perhaps
  // the reason for the change) is signed out. The caller's own sign-in goes on.
  if (input.password !== undefined || emailChange) await repo.revokeAllOfUser(ctx.db, actor.userId, actor.sessionId);
  if (emailChange) {
    const token = await issueEmailToken(ctx, actor.userId, 'email_change', emailChange);
    await sendAccountMail(ctx, 'emailChange', { email: emailChange, firstName: updated.first_name, locale: updated.locale }, linkOf(ctx, `/auth/verify-email/${token}`));
  }
  return userOf(updated);
}

/**
 * A payment of the account is in flight. Deletion refuses then, as a payment service would, rather
 * than settle first: a pending payment without a transaction is a charge whose outcome only the
 * gateway knows (the pay may be at the gateway right now), and deleting would take the master and
 * the buyer it must be booked and invoiced for, leaving a possible charge with no invoice. Settling
 * inside the delete would mean waiting up to a gateway timeout. The pay finishes within seconds and
 * the reconciler settles a stale one from the gateway's answer within minutes; then deletion goes on.
 */
export const ACCOUNT_PAYMENT_IN_PROGRESS = 'account.paymentInProgress';

/**
 * Deletes the caller's account: its releases are taken down from the stores, then files go (the
 * rows are the only map to them), then the rows.
 * Everything referencing the user cascades away; invoices stay for the legal retention period with
 * their own copy of name and address and no link to the account (user_id set null by the FK).
 */
export async function deleteAccount(ctx: ServiceContext): Promise<void> {
  const actor = requireActor(ctx);
  const user = await repo.findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  // Refused early, before anything (a subscription at the gateway included) is touched.
  if (await repo.hasPendingPayment(ctx.db, user.id)) throw new AppError('CONFLICT', ACCOUNT_PAYMENT_IN_PROGRESS);
  // The gateway first: a failure here leaves the account whole, to be deleted on the next try.
  await stopSubscriptionsOfDeletedAccount(ctx, user.id);
  const pendingEmails = await repo.pendingNewEmails(ctx.db, user.id);
  const trackCount = await ctx.db.transaction().execute(async (trx) => {
    // The master rows a pay's claim locks: a pay that started after the check above either claimed
    // already (its pending row is seen here) or waits and then finds no master. Files go inside the
    // transaction so that a refusal here leaves them too.
    await repo.lockMastersOfUser(trx, user.id);
    if (await repo.hasPendingPayment(trx, user.id)) throw new AppError('CONFLICT', ACCOUNT_PAYMENT_IN_PROGRESS);
    const trackIds = await repo.findTrackIdsOfUser(trx, user.id);
    for (const trackId of trackIds) await ctx.platform.storage.removePrefix(`tracks/${trackId}`);
    await ctx.platform.storage.removePrefix(`users/${user.id}`);
    // The stores first: a takedown per store of each release at the stores, queued with the deletion.
    await takeDownReleasesOfDeletedAccount(ctx, trx, user.id);
    await removeReleaseFilesOfUser(ctx, trx, user.id);
    await repo.removeSharesToEmail(trx, user.email);
    await repo.forgetBuyerInPayments(trx, user.id);
    await repo.deleteUser(trx, user.id);
    return trackIds.length;
  });
  for (const email of [user.email, ...pendingEmails]) await ctx.platform.mailer.forgetRecipient(email);
  ctx.log.info({ userId: user.id, tracks: trackCount }, 'account deleted');
}
