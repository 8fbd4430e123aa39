import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Platform } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { copyToFile } from '../../../platform/storage/file-storage.js';
import { measureWavFile } from '../../audio/index.js';
import { assignEan13, assignIsrc } from '../../distribution/index.js';
import { insertDelivery, setDeliveryState } from '../deliveries.repository.js';
import { enqueueLocalDelivery } from '../store-deliveries.js';
import { sha256OfFile } from '../file-hash.js';
import * as repo from '../releases.repository.js';
import { RELEASE_ERRORS } from '../releases.schemas.js';
import type { ReleaseProvider } from './release-provider.js';

/** Designation codes of one registrant and year (ISO 3901: five digits). */
const ISRC_DESIGNATIONS = 99_999;

export const releaseFilesPrefix = (albumId: number) => `releases/${albumId}`;


/**
 * The local provider (DISTRIBUTION_PROVIDER=local): releases in the product's database (sql/0050),
 * uploaded audio under the storage's releases/<album>/ folder, codes from ISRC_REGISTRANT and
 * EAN_PREFIX, delivery by the steps of delivery-job.ts on the platform queue.
 */
async function takeDownAtOnce(db: Parameters<ReleaseProvider['takeDown']>[0], albumId: number, storeIds: readonly number[]) {
  for (const storeId of storeIds) {
    const deliveryId = await insertDelivery(db, { albumId, storeId, kind: 'takedown', messageId: `LOCAL${albumId}S${storeId}TAK${randomUUID().slice(0, 8)}` });
    await setDeliveryState(db, deliveryId, { state: 'taken_down' });
  }
}

export function createLocalReleaseProvider(platform: Pick<Platform, 'env' | 'storage'>): ReleaseProvider {
  const { env, storage } = platform;
  // The counters skip codes somebody typed in before (code squatting); a range that is used up is
  // told to the user instead of failing on the database.
  const assignIsrcCode = async (db: Parameters<ReleaseProvider['assignIsrc']>[0]) => {
    const year = new Date().getUTCFullYear();
    for (;;) {
      const sequence = await repo.nextSequence(db, `isrc:${year}`);
      if (sequence > ISRC_DESIGNATIONS) throw new AppError('CONFLICT', RELEASE_ERRORS.codesExhausted);
      const code = assignIsrc(env.ISRC_REGISTRANT, year, sequence);
      if (!(await repo.isrcTaken(db, code))) return code;
    }
  };
  const assignProductCode = async (db: Parameters<ReleaseProvider['assignProductCode']>[0]) => {
    for (;;) {
      const sequence = await repo.nextSequence(db, 'ean');
      if (sequence >= 10 ** (12 - env.EAN_PREFIX.length)) throw new AppError('CONFLICT', RELEASE_ERRORS.codesExhausted);
      const code = assignEan13(env.EAN_PREFIX, sequence);
      if (!(await repo.productCodeTaken(db, code, 0))) return code;
    }
  };
  /** A master keeps the ISRC it was given on any earlier release; a new recording gets the next free code. */
  const isrcOfRecording = async (db: Parameters<ReleaseProvider['assignIsrc']>[0], distributionUserId: string, masterId: string | null) => {
    const kept = masterId ? await repo.isrcOfMaster(db, distributionUserId, masterId) : null;
    if (kept) return kept;
    for (;;) {
      const code = await assignIsrcCode(db);
      if (await repo.claimIsrc(db, code, distributionUserId, masterId)) return code;
    }
  };
  return {
    kind: 'local',
    // The release code is given at delivery (assignProductCode): a draft opened and cancelled uses none.
    async createAlbum(db, input) {
      const albumId = await repo.insertAlbum(db, { ...input, productCode: null });
      return { albumId };
    },
    assignProductCode,
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
          isrc: await isrcOfRecording(db, input.distributionUserId, input.masterId),
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
    assignIsrc: isrcOfRecording,
    deliver: enqueueLocalDelivery,
    // The local stand-in stores take the corrected package as they took the first one.
    update: (db, albumId) => enqueueLocalDelivery(db, albumId),
    // ... and confirm a takedown at once.
    takeDown: takeDownAtOnce,
    // The confirmation goes with the account; the package the stores read is removed with its files.
    takeDownBeforeDeletion: takeDownAtOnce,
  };
}
