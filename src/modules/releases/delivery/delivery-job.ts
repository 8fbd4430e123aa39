import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '../../../platform/context.js';
import { copyToFile } from '../../../platform/storage/file-storage.js';
import { sha256OfFile } from '../file-hash.js';
import * as repo from '../releases.repository.js';
import { OUTLET_STATUS, RELEASE_ERRORS } from '../releases.schemas.js';
import { assertValidErnMessage } from './ern-validator.js';
import { loadReleasePackage } from './release-package.js';
import { storeAnswerOf } from './store-answer.js';

/**
 * The local provider's delivery (DISTRIBUTION_PROVIDER=local), as a durable job in
 * the database (sql/0050 distribution_jobs). Steps: `package` writes the delivery package under
 * DATA_DIR/deliveries/<album id>/ (the DDEX-shaped message, the audio files, the artwork; written
 * to a temporary folder and renamed into place, so a package is whole or absent); then one
 * `store:<id>` step per store answers 1202 or 1034 by that store's rules; `finish` marks the release
 * delivered. Each step's database change and the job's next step are committed together, and a
 * job whose lease ran out (its process stopped) is taken up again at the step it reached: a
 * restart in the middle of a delivery resumes it, and no step's effect happens twice.
 */

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 5;

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

/** Runs one step and commits its effect with the job's next step; answers the next step. */
async function runStep(platform: Platform, job: { id: number; albumId: number }, step: string, leaseUntil: Date): Promise<string> {
  const { db } = platform;
  const outlets = await repo.findAlbumOutlets(db, job.albumId);
  const nextStore = (afterIndex: number) => (outlets[afterIndex + 1] ? `store:${outlets[afterIndex + 1]!.store_id}` : 'finish');
  if (step === 'package') {
    await writeDeliveryPackage(platform, job.albumId);
    const next = nextStore(-1);
    await repo.advanceJob(db, job.id, { step: next, leaseUntil });
    return next;
  }
  if (step.startsWith('store:')) {
    const storeId = Number(step.slice('store:'.length));
    const index = outlets.findIndex((outlet) => outlet.store_id === storeId);
    const next = nextStore(index);
    const outlet = outlets[index];
    const verdict = outlet ? await storeAnswerOf(db, job.albumId, storeId, new Date().toISOString().slice(0, 10)) : null;
    await db.transaction().execute(async (trx) => {
      if (verdict) {
        const status = verdict.accepted ? OUTLET_STATUS.distributed : OUTLET_STATUS.disapproved;
        await repo.setOutletStatus(trx, job.albumId, storeId, status.status_code, verdict.accepted ? null : verdict.reason);
      }
      await repo.advanceJob(trx, job.id, { step: next, leaseUntil });
    });
    return next;
  }
  // finish: the release is delivered; a store's refusal is its disapprove message.
  await db.transaction().execute(async (trx) => {
    const refusal = outlets.find((outlet) => outlet.status_code === OUTLET_STATUS.disapproved.status_code);
    await repo.updateAlbum(trx, job.albumId, { state: 'delivered', delivered_at: new Date(), disapprove_message: refusal?.reason ?? null });
    await repo.finishJob(trx, job.id, 'done', null);
  });
  return 'done';
}

/**
 * Runs due delivery jobs, step by step. `maxSteps` stops after that many steps, leaving the job
 * leased as a stopped process would (tests use it to stop a delivery in the middle).
 */
export async function runDeliveryJobs(platform: Platform, options: { now?: () => Date; maxSteps?: number } = {}): Promise<{ steps: number }> {
  const now = options.now ?? (() => new Date());
  const maxSteps = options.maxSteps ?? Number.POSITIVE_INFINITY;
  let steps = 0;
  while (steps < maxSteps) {
    const job = await repo.claimJob(platform.db, now(), new Date(now().getTime() + LEASE_MS));
    if (!job) break;
    let step = job.step;
    try {
      while (step !== 'done' && steps < maxSteps) {
        step = await runStep(platform, job, step, new Date(now().getTime() + LEASE_MS));
        steps++;
      }
    } catch (error) {
      const message = (error as Error).message;
      platform.log.error({ err: error, jobId: job.id, step }, 'delivery step failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await repo.finishJob(platform.db, job.id, 'failed', message);
        // The release goes back to the user as a draft, so it can be corrected and sent again.
        await repo.updateAlbum(platform.db, job.albumId, { state: 'draft', disapprove_message: RELEASE_ERRORS.deliveryFailed }).catch(() => undefined);
      } else {
        await repo.retryJobLater(platform.db, job.id, new Date(now().getTime() + 2 ** job.attempts * 1000), message);
      }
    }
  }
  return { steps };
}
