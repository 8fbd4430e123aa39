import type { Platform } from '../../../platform/context.js';
import { enqueueDetachedTakedowns, enqueueStoreDeliveries } from '../store-deliveries.js';
import * as repo from '../releases.repository.js';
import { createLocalReleaseProvider } from './local-release-provider.js';
import type { ReleaseProvider } from './release-provider.js';

/**
 * The SFTP provider (DISTRIBUTION_PROVIDER=sftp): releases, tracks and codes are kept as the local
 * provider keeps them; delivery, updates and takedowns go to each store's SFTP server as DDEX
 * batches on the platform queue (delivery/sftp-delivery.ts), and the stores' acknowledgements move
 * the statuses.
 */
export function createSftpReleaseProvider(platform: Pick<Platform, 'env' | 'storage'>): ReleaseProvider {
  const local = createLocalReleaseProvider(platform);
  return {
    ...local,
    kind: 'sftp',
    async deliver(db, albumId) {
      const outlets = await repo.findAlbumOutlets(db, albumId);
      await enqueueStoreDeliveries(db, albumId, 'new', outlets.map((outlet) => outlet.store_id));
    },
    update: (db, albumId, storeIds) => enqueueStoreDeliveries(db, albumId, 'update', storeIds),
    takeDown: (db, albumId, storeIds) => enqueueStoreDeliveries(db, albumId, 'takedown', storeIds),
    async takeDownBeforeDeletion(db, albumId, storeIds) {
      const album = await repo.findAlbumForJob(db, albumId);
      // A release never given a code was never sent anywhere.
      if (!album?.product_code) return;
      await enqueueDetachedTakedowns(db, { albumId, icpn: album.product_code, title: album.name }, storeIds);
    },
  };
}
