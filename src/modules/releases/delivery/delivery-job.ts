import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '../../../platform/context.js';
import { LeaseLostError } from '../../../platform/queue/lease-lost-error.js';
import type { JobHandler, JobLease } from '../../../platform/queue/job-worker.js';
import { copyToFile } from '../../../platform/storage/file-storage.js';
import { sha256OfFile } from '../file-hash.js';
import * as repo from '../releases.repository.js';
import { OUTLET_STATUS, RELEASE_ERRORS } from '../releases.schemas.js';
import { enqueueLocalStep, type LocalStep } from '../store-deliveries.js';
import { assertValidErnMessage } from './ern-validator.js';
import { loadReleasePackage } from './release-package.js';
import { storeAnswerOf } from './store-answer.js';

/**
 * The local provider's delivery (DISTRIBUTION_PROVIDER=local), as a chain of jobs on the platform
 * queue, one job per step. `package` writes the delivery package under DATA_DIR/deliveries/<album
 * id>/ (the DDEX-shaped message, the audio files, the artwork; written to a temporary folder and
 * renamed into place, so a package is whole or absent); then one `store:<id>` step per store answers
 * 1202 or 1034 by that store's rules; `finish` marks the release delivered. A step's database effect
 * commits together with its job's completion and the next step's job (completeWith), so a process
 * that stops in the middle leaves the step it reached on the queue: once its lease runs out the
 * queue gives it to another worker, and no step's effect happens twice.
 */

export const deliveriesDirOf = (platform: Pick<Platform, 'env'>) => path.resolve(platform.env.DATA_DIR, 'deliveries');
export const deliveryDirOf = (platform: Pick<Platform, 'env'>, albumId: number) => path.join(deliveriesDirOf(platform), String(albumId));

/**
 * The local stand-in stores have no DDEX party ids: the package names them by placeholders of the
 * DPID form (PADPIDA, ten digits of the store id, L), and us by DDEX_SENDER_DPID when set. Nothing
 * leaves the machine with these.
 */
const LOCAL_SENDER_DPID = 'PADPIDA0000000000L';
const localStoreDpid = (storeId: number) => `PADPIDA${String(storeId).padStart(10, '0')}L`;

/** Writes the package; rewriting it (a step retried after a stop) gives the same files. */
export async function writeDeliveryPackage(platform: Platform, albumId: number): Promise<string> {
  const pkg = await loadReleasePackage(platform, albumId);
  const outlets = await repo.findAlbumOutlets(platform.db, albumId);
  const finalDir = deliveryDirOf(platform, albumId);
  const tempDir = path.join(deliveriesDirOf(platform), `.${albumId}-${randomUUID()}.part`);
  await mkdir(path.join(tempDir, 'resources'), { recursive: true });
  try {
    for (const file of pkg.files) {
      const target = path.join(tempDir, file.uri);
      await copyToFile(platform.storage, file.storageKey, target);
      // The provider's copy must still be what was measured and checked.
      if ((await sha256OfFile(target)) !== file.sha256) throw new Error(`${file.uri} of album ${albumId} changed since upload`);
    }
    const messageId = `${pkg.icpn}-${albumId}`;
    const message = pkg.message(
      {
        messageId,
        threadId: messageId,
        createdAt: new Date(),
        sender: { partyId: platform.env.DDEX_SENDER_DPID ?? LOCAL_SENDER_DPID, name: platform.env.DDEX_SENDER_NAME },
        recipients: outlets.map((outlet) => ({ partyId: localStoreDpid(outlet.store_id), name: outlet.store_name })),
      },
      outlets.map((outlet) => ({ startDate: pkg.startDateOf(outlet.store_id) })),
    );
    assertValidErnMessage(message);
    await writeFile(path.join(tempDir, `${pkg.icpn}.xml`), message);
    await rm(finalDir, { recursive: true, force: true });
    await rename(tempDir, finalDir);
    return finalDir;
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs one step; its effect commits with the job's completion and the next step's job. */
async function runStep(platform: Platform, job: LocalStep, lease: JobLease): Promise<void> {
  const { db } = platform;
  // A release deleted meanwhile (its account was) has nothing left to deliver.
  if (!(await repo.findAlbumForJob(db, job.albumId))) return;
  const outlets = await repo.findAlbumOutlets(db, job.albumId);
  const next = (afterIndex: number) => ({ ...job, step: outlets[afterIndex + 1] ? `store:${outlets[afterIndex + 1]!.store_id}` : 'finish' });
  if (job.step === 'package') {
    await writeDeliveryPackage(platform, job.albumId);
    await lease.completeWith((tx) => enqueueLocalStep(tx, next(-1)));
    return;
  }
  if (job.step.startsWith('store:')) {
    const storeId = Number(job.step.slice('store:'.length));
    const index = outlets.findIndex((outlet) => outlet.store_id === storeId);
    const outlet = outlets[index];
    const verdict = outlet ? await storeAnswerOf(db, job.albumId, storeId, new Date().toISOString().slice(0, 10)) : null;
    await lease.completeWith(async (tx) => {
      if (verdict) {
        const status = verdict.accepted ? OUTLET_STATUS.distributed : OUTLET_STATUS.disapproved;
        await repo.setOutletStatus(tx, job.albumId, storeId, status.status_code, verdict.accepted ? null : verdict.reason);
      }
      // A store no longer among the release's (it cannot change while delivering) ends the run rather than restarting it.
      await enqueueLocalStep(tx, index === -1 ? { ...job, step: 'finish' } : next(index));
    });
    return;
  }
  // finish: the release is delivered; a store's refusal is its disapprove message.
  const refusal = outlets.find((outlet) => outlet.status_code === OUTLET_STATUS.disapproved.status_code);
  await lease.completeWith((tx) => repo.updateAlbum(tx, job.albumId, { state: 'delivered', delivered_at: new Date(), disapprove_message: refusal?.reason ?? null }));
}

/** The queue's handler of the local provider's delivery steps. */
export function localDeliveryJobHandler(platform: Platform): JobHandler {
  return async (job, lease) => {
    const step = job.payload as LocalStep;
    try {
      await runStep(platform, step, lease);
    } catch (error) {
      const lost = error instanceof LeaseLostError || lease.signal.aborted;
      if (!lost && job.attempts >= job.maxAttempts) {
        // The last try failed: the release goes back to the user as a draft, so it can be corrected and sent again.
        await repo.updateAlbum(platform.db, step.albumId, { state: 'draft', disapprove_message: RELEASE_ERRORS.deliveryFailed }).catch(() => undefined);
      }
      throw error;
    }
  };
}
