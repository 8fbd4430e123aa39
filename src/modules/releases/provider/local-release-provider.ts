import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Platform } from '../../../platform/context.js';
import { copyToFile } from '../../../platform/storage/file-storage.js';
import { measureWavFile } from '../../audio/index.js';
import { assignEan13, assignIsrc } from '../../distribution/index.js';
import { insertDelivery, setDeliveryState } from '../deliveries.repository.js';
import { sha256OfFile } from '../file-hash.js';
import * as repo from '../releases.repository.js';
import type { ReleaseProvider } from './release-provider.js';

export const releaseFilesPrefix = (albumId: number) => `releases/${albumId}`;


/**
 * The local provider (DISTRIBUTION_PROVIDER=local): releases in the product's database (sql/0050),
 * uploaded audio under the storage's releases/<album>/ folder, codes from ISRC_REGISTRANT and
 * EAN_PREFIX, delivery by the durable job of delivery-job.ts.
 */
export function createLocalReleaseProvider(platform: Pick<Platform, 'env' | 'storage'>): ReleaseProvider {
  const { env, storage } = platform;
  const assignIsrcCode = async (db: Parameters<ReleaseProvider['assignIsrc']>[0]) => {
    const year = new Date().getUTCFullYear();
    return assignIsrc(env.ISRC_REGISTRANT, year, await repo.nextSequence(db, `isrc:${year}`));
  };
  return {
    kind: 'local',
    async createAlbum(db, input) {
      const productCode = assignEan13(env.EAN_PREFIX, await repo.nextSequence(db, 'ean'));
      const albumId = await repo.insertAlbum(db, { ...input, productCode });
      return { albumId };
    },
    async deleteAlbum(db, distributionUserId, albumId) {
      await repo.deleteAlbum(db, distributionUserId, albumId);
      await storage.removePrefix(releaseFilesPrefix(albumId));
    },
    async uploadTrack(db, input) {
      const key = `${releaseFilesPrefix(input.albumId)}/tracks/${randomUUID()}.wav`;
      const staged = await storage.stage(key);
      let committed = false;
      try {
        await copyToFile(storage, input.sourceKey, staged.tempPath);
        const [facts, sha256] = await Promise.all([measureWavFile(staged.tempPath), sha256OfFile(staged.tempPath)]);
        const bytes = (await stat(staged.tempPath)).size;
        await staged.commit();
        committed = true;
        const trackId = await repo.insertTrack(db, {
          distributionUserId: input.distributionUserId,
          albumId: input.albumId,
          masterId: input.masterId,
          isCustomMaster: input.isCustomMaster,
          position: input.position,
          name: input.name,
          isrc: await assignIsrcCode(db),
          participants: input.participants,
          audioKey: key,
          audioSha256: sha256,
          audioBytes: bytes,
          audioFacts: JSON.stringify(facts),
        });
        return { trackId };
      } catch (error) {
        // No orphan: the copy goes with the failed upload.
        await (committed ? storage.remove(key) : staged.discard()).catch(() => undefined);
        throw error;
      }
    },
    async deleteTrack(db, distributionUserId, trackId) {
      const track = await repo.findTrack(db, distributionUserId, trackId);
      if (!track) return;
      await repo.deleteTrack(db, trackId);
      await storage.remove(track.audio_key);
    },
    assignIsrc: assignIsrcCode,
    async deliver(db, albumId) {
      await repo.insertJob(db, albumId);
    },
    // The local stand-in stores take the corrected package as they took the first one.
    async update(db, albumId) {
      await repo.insertJob(db, albumId);
    },
    // ... and confirm a takedown at once.
    async takeDown(db, albumId, storeIds) {
      for (const storeId of storeIds) {
        const deliveryId = await insertDelivery(db, { albumId, storeId, kind: 'takedown', messageId: `LOCAL${albumId}S${storeId}TAK${randomUUID().slice(0, 8)}` });
        await setDeliveryState(db, deliveryId, { state: 'taken_down' });
      }
    },
  };
}
