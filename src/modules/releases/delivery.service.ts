import type { ServiceContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireAccount, requireWritableAccount } from '../distribution/index.js';
import { releaseProviderOf } from './provider/provider-of.js';
import type { ReleaseProvider } from './provider/release-provider.js';
import { checkRelease } from './release-check.js';
import { findDeliveriesOfAlbum } from './deliveries.repository.js';
import { albumOf, outletRowsOf } from './release-views.js';
import * as repo from './releases.repository.js';
import { RELEASE_ERRORS, type TAlbum, type TAlbumIdInput, type TDistributeInput, type TReleaseOutlet } from './releases.schemas.js';
import type { Database } from '../../platform/db/database.js';
import { ownedAlbum, saveOutletDetails } from './release-access.js';

/**
 * PATCH /api/distribution/outlets/distribute (albumId, outletDetails): saves the outlet
 * details when sent, runs the pre-submission check, and only when it passes hands the release to
 * the provider, whose durable job delivers it and answers per store. The release leaves the draft
 * state in the same transaction, so it is delivered once.
 */
export async function distributeRelease(ctx: ServiceContext, input: TDistributeInput): Promise<TAlbum> {
  const account = await requireWritableAccount(ctx);
  const album = await ownedAlbum(ctx.db, account, input.albumId);
  if (album.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
  if (input.outletDetails) await saveOutletDetails(ctx.db, input.albumId, input.outletDetails);
  const report = await checkRelease(ctx, { albumId: input.albumId });
  if (!report.passed) {
    const failed = report.items.filter((item) => !item.passed && item.severity === 'error').map((item) => ({ check: item.check, track_id: item.track_id }));
    throw new AppError('BAD_REQUEST', RELEASE_ERRORS.checkFailed, { detail: JSON.stringify(failed) });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await ownedAlbum(trx, account, input.albumId, { forUpdate: true });
    if (locked.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
    const provider = releaseProviderOf(ctx.platform);
    // The generated release code is given now, not when the draft was opened (a cancelled draft uses none).
    const productCode = locked.product_code ?? (await provider.assignProductCode(trx));
    await repo.updateAlbum(trx, input.albumId, { state: 'delivering', disapprove_message: null, product_code: productCode });
    const outlets = await repo.findAlbumOutlets(trx, input.albumId);
    await repo.replaceAlbumOutlets(trx, input.albumId, outlets.map((outlet) => ({ store_id: outlet.store_id, release_start_date: outlet.release_start_date })));
    await provider.deliver(trx, input.albumId);
  });
  const [row] = (await repo.listAlbums(ctx.db, account.distributionUserId)).filter((candidate) => Number(candidate.id) === input.albumId);
  return albumOf(ctx.platform, row!);
}

/** The stores that hold (or are getting) the release and have not been asked to take it down. */
async function storesHolding(db: Database, albumId: number) {
  const [rows, deliveries] = await Promise.all([repo.findAlbumOutlets(db, albumId), findDeliveriesOfAlbum(db, albumId)]);
  return outletRowsOf(rows, new Map(), null, deliveries).filter((outlet) => !['rejected', 'takedown_requested', 'taken_down'].includes(outlet.delivery_state));
}

async function outletsView(ctx: ServiceContext, albumId: number): Promise<TReleaseOutlet[]> {
  const [rows, children, deliveries] = await Promise.all([repo.findAlbumOutlets(ctx.db, albumId), repo.findChildStores(ctx.db), findDeliveriesOfAlbum(ctx.db, albumId)]);
  const album = await repo.findAlbumForJob(ctx.db, albumId);
  return outletRowsOf(rows, children, album?.global_release_date ?? null, deliveries);
}

/**
 * The owner withdraws a delivered release from every store that has it: a takedown per store (a
 * PurgeReleaseMessage over SFTP), "taken down" once the store confirms. Allowed without an active
 * subscription: taking one's music down never needs a payment.
 */
export async function takeDownRelease(ctx: ServiceContext, input: TAlbumIdInput): Promise<TReleaseOutlet[]> {
  const account = await requireAccount(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const album = await ownedAlbum(trx, account, input.albumId, { forUpdate: true });
    if (album.state === 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDelivered);
    const stores = await storesHolding(trx, input.albumId);
    if (stores.length > 0) await releaseProviderOf(ctx.platform).takeDown(trx, input.albumId, stores.map((store) => store.store_id));
  });
  return outletsView(ctx, input.albumId);
}

/** Sends the release's current metadata again to the stores that hold it, as an update delivery. */
export async function sendReleaseCorrection(ctx: ServiceContext, input: TAlbumIdInput): Promise<TReleaseOutlet[]> {
  const account = await requireWritableAccount(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const album = await ownedAlbum(trx, account, input.albumId, { forUpdate: true });
    if (album.state !== 'delivered') throw new AppError('CONFLICT', RELEASE_ERRORS.notDelivered);
    const stores = (await storesHolding(trx, input.albumId)).filter((store) => store.delivery_state !== 'queued');
    if (stores.length > 0) await releaseProviderOf(ctx.platform).update(trx, input.albumId, stores.map((store) => store.store_id));
  });
  return outletsView(ctx, input.albumId);
}

/**
 * Takes each album down from every store that holds it or is getting it, one album per `inTransaction`
 * call, and logs how many went and why. Answers the releases taken down.
 */
async function takeDownAlbums(
  ctx: ServiceContext,
  albumIds: readonly number[],
  how: { inTransaction: <T>(work: (db: Database) => Promise<T>) => Promise<T>; takeDown: ReleaseProvider['takeDown']; why: string },
): Promise<number> {
  let taken = 0;
  for (const albumId of albumIds) {
    const takenDown = await how.inTransaction(async (db) => {
      const stores = await storesHolding(db, albumId);
      if (stores.length > 0) await how.takeDown(db, albumId, stores.map((store) => store.store_id));
      return stores.length > 0;
    });
    if (takenDown) taken++;
  }
  if (taken > 0) ctx.log.info({ releases: taken }, `releases taken down: ${how.why}`);
  return taken;
}

/**
 * When a user's distribution subscription has ended (cancelled and its paid period over, or unpaid
 * after the grace), their releases are taken down from every store. Run after each renewal sweep.
 */
export async function takeDownReleasesOfEndedSubscriptions(ctx: ServiceContext): Promise<number> {
  return takeDownAlbums(ctx, await repo.findDeliveredAlbumsWithoutSubscription(ctx.db), {
    inTransaction: (work) => ctx.db.transaction().execute(work),
    takeDown: releaseProviderOf(ctx.platform).takeDown,
    why: 'their subscription ended',
  });
}

/**
 * Before an account's data goes (account deletion, in its transaction `db`): every release of the
 * user at the stores (delivering or delivered) is taken down from each store that holds it or is
 * getting it, through the provider, as when a subscription ends. Answers the releases taken down.
 */
export async function takeDownReleasesOfDeletedAccount(ctx: ServiceContext, db: Database, userId: string): Promise<number> {
  return takeDownAlbums(ctx, await repo.findAlbumsAtStoresOfUser(db, userId), {
    inTransaction: (work) => work(db),
    takeDown: releaseProviderOf(ctx.platform).takeDownBeforeDeletion,
    why: 'their account is being deleted',
  });
}
