import type { ServiceContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireWritableAccount } from '../distribution/index.js';
import { releaseProviderOf } from './provider/provider-of.js';
import { checkRelease } from './release-check.js';
import { albumOf } from './release-views.js';
import * as repo from './releases.repository.js';
import { RELEASE_ERRORS, type TAlbum, type TDistributeInput } from './releases.schemas.js';
import { ownedAlbum, saveOutletDetails } from './release-access.js';

/**
 * PATCH /api/distribution/outlets/distribute (spec §7: albumId, outletDetails): saves the outlet
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
