import { rm } from 'node:fs/promises';
import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { deliveryDirOf } from './delivery/delivery-job.js';
import { releaseFilesPrefix } from './provider/local-release-provider.js';

/**
 * Account deletion (accounts.service.ts) removes the user's releases with the user row (sql/0050
 * cascades); this removes their files: the provider's audio and cover copies and the local
 * delivery packages. Called inside the deletion's transaction, before the rows go.
 */
export async function removeReleaseFilesOfUser(ctx: ServiceContext, db: Database, userId: string): Promise<void> {
  const albums = await db
    .selectFrom('distribution_albums')
    .innerJoin('distribution_users', 'distribution_users.id', 'distribution_albums.distribution_user_id')
    .select('distribution_albums.id')
    .where('distribution_users.user_id', '=', userId)
    .execute();
  for (const album of albums) {
    await ctx.platform.storage.removePrefix(releaseFilesPrefix(Number(album.id)));
    await rm(deliveryDirOf(ctx.platform, Number(album.id)), { recursive: true, force: true });
  }
}
