import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { enforceRateLimits, type RateLimitRule } from '../../platform/rate-limit/rate-limit.js';
import { isMastered, masterStyleOf, measurementsOf } from '../masters/index.js';
import { renderShareMail } from './sharing.mails.js';
import * as repo from './sharing.repository.js';
import {
  MAX_SHARES_PER_MASTER,
  type TCreateShareInput,
  type TMasterIdInput,
  type TMasterShares,
  type TShare,
  type TShareIdInput,
  type TShareInvitation,
  type TSharedMaster,
  type TSharedMasterInput,
  type TSharedWithMeInput,
} from './sharing.schemas.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A share mails text the sharer chose (names, track name) to any address. Bounded so the service
 * is no spam relay: shares (and so mails) per user per day, and each text clipped in the mail.
 */
export const SHARE_MAIL_TEXT_MAX = 60;
const sharesPerUser = (ctx: ServiceContext): RateLimitRule => ({ name: 'share-user', max: ctx.platform.env.SHARES_PER_DAY, windowS: 24 * 3600 });
const clip = (text: string) => (text.length <= SHARE_MAIL_TEXT_MAX ? text : `${text.slice(0, SHARE_MAIL_TEXT_MAX - 1).trimEnd()}…`);

function userIdOf(ctx: Pick<ServiceContext, 'actor'>): string {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor.userId;
}

const sharerName = (row: { owner_first_name: string | null; owner_last_name: string | null; owner_email: string }) =>
  [row.owner_first_name, row.owner_last_name].join(' ').trim() || row.owner_email;
const styleNameOf = (row: { style_group_name: string | null; style_name: string | null }) =>
  row.style_group_name && row.style_name ? `${row.style_group_name} - ${row.style_name}` : null;

/**
 * Shares one of the caller's mastered masters with an e-mail address: only the
 * owner, only mastered, at most 5, no address twice. The counter moves in the same transaction,
 * under the master's row lock, so two concurrent invitations cannot pass the limit.
 */
export async function createShare(ctx: ServiceContext, input: TCreateShareInput): Promise<TShare> {
  const ownerId = userIdOf(ctx);
  try {
    await enforceRateLimits(ctx.db, [{ rule: sharesPerUser(ctx), key: ownerId }]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') throw new AppError('TOO_MANY_REQUESTS', 'share.dailyLimitReached');
    throw error;
  }
  const { share, master } = await ctx.db.transaction().execute(async (trx) => {
    const master = await repo.lockOwnMaster(trx, input.masterId, ownerId);
    if (!master) throw notFound('master');
    if (!isMastered(master.status, master.style_id)) throw new AppError('CONFLICT', 'share.notMastered');
    if (master.owner_email === input.email) throw new AppError('BAD_REQUEST', 'share.ownEmail');
    if ((await repo.countShares(trx, master.id)) >= MAX_SHARES_PER_MASTER) throw new AppError('CONFLICT', 'share.limitReached');
    const share = await repo.insertShare(trx, { masterId: master.id, ownerId, email: input.email });
    if (!share) throw new AppError('CONFLICT', 'share.alreadyShared');
    await repo.changeShareCount(trx, master.id, 1);
    return { share, master };
  });

  const sharer = clip(sharerName(master));
  // The share's id rides on the link: a signed-out recipient is told who shared what (shareInvitation).
  const link = new URL(`/masters/song/${master.id}?share=${share.id}`, ctx.platform.env.PUBLIC_URL).toString();
  const styleName = styleNameOf(master);
  try {
    const rendered = renderShareMail(master.owner_locale, { sharer, trackName: clip(master.track_name), styleName, link });
    await ctx.platform.mailer.send({ to: share.email, ...rendered, link, kind: 'share' });
  } catch (error) {
    // The share stands; the invited person also finds it under "Shared with me" after signing in.
    ctx.log.error({ err: error, shareId: share.id }, 'share mail could not be sent');
  }
  return {
    id: share.id,
    user: { id: ownerId, email: master.owner_email },
    email: share.email,
    master: { id: share.master_id },
    createdAt: iso(share.created_at),
  };
}

/**
 * What the link of a share's mail says to a signed-out visitor: who shared which track.
 * No sign-in needed: the share id is a random UUID known only from the mail, which says the same.
 */
export async function shareInvitation(ctx: ServiceContext, input: TShareIdInput): Promise<TShareInvitation> {
  const row = await repo.findInvitation(ctx.db, input.id);
  if (!row) throw notFound('share');
  return { masterId: row.id, sharer: sharerName(row), trackName: row.track_name, styleName: styleNameOf(row), email: row.invited_email };
}

/** Removes a share of one of the caller's masters; the counter goes down in the same transaction. */
export async function removeShare(ctx: ServiceContext, input: TShareIdInput): Promise<true> {
  const ownerId = userIdOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteOwnShare(trx, input.id, ownerId);
    if (!removed) throw notFound('share');
    await repo.changeShareCount(trx, removed.master_id, -1);
  });
  return true;
}

/** The shares of one of the caller's masters, oldest first, with the counter for the dialog. */
export async function sharesByMaster(ctx: ServiceContext, input: TMasterIdInput): Promise<TMasterShares> {
  const ownerId = userIdOf(ctx);
  const master = await repo.findOwnMaster(ctx.db, input.masterId, ownerId);
  if (!master) throw notFound('master');
  const rows = await repo.findSharesOfMaster(ctx.db, master.id);
  return {
    masterId: master.id,
    shareCount: rows.length,
    limit: MAX_SHARES_PER_MASTER,
    shares: rows.map((row) => ({
      id: row.id,
      user: { id: row.owner_user_id, email: row.owner_email },
      email: row.email,
      master: { id: row.master_id },
      createdAt: iso(row.created_at),
    })),
  };
}

function toSharedMaster(row: repo.SharedRow, locale: string): TSharedMaster {
  const { style, listFields } = masterStyleOf(row, locale);
  const measurements = row.measurements;
  return {
    id: row.id,
    shareId: row.share_id,
    sharedAt: iso(row.shared_at),
    track: { id: row.track_id, name: row.track_name, artist: row.track_artist, isCustomMaster: row.track_is_custom_master },
    style,
    intensity: row.intensity,
    toneAmount: row.tone_amount,
    widthAmount: row.width_amount,
    dynamicsAmount: row.dynamics_amount,
    referenceId: row.reference_id,
    user: { id: row.owner_id, email: row.owner_email, name: `${row.owner_first_name.trim()} ${row.owner_last_name.trim()}`.trim() || null },
    status: row.status,
    measurements: measurementsOf(measurements),
    createdAt: iso(row.created_at),
    ...listFields,
  };
}

/** Masters shared with the caller's current e-mail address, sorted as asked (view-only). */
export async function sharedWithMe(ctx: ServiceContext, input: TSharedWithMeInput): Promise<TSharedMaster[]> {
  const rows = await repo.findSharedWith(ctx.db, userIdOf(ctx), { order: input });
  // One address may hold two shares of the same master only if the owner re-shared after a
  // removal; the unique key prevents it, but list each master once regardless.
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true))).map((row) => toSharedMaster(row, ctx.locale));
}

/** One master shared with the caller (the master page of a shared viewer); not shared is not found. */
export async function sharedMaster(ctx: ServiceContext, input: TSharedMasterInput): Promise<TSharedMaster> {
  const [row] = await repo.findSharedWith(ctx.db, userIdOf(ctx), { masterId: input.id });
  if (!row) throw notFound('master');
  return toSharedMaster(row, ctx.locale);
}
