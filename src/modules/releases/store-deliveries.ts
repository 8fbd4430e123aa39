import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { enqueueJob } from '../../platform/queue/job-queue.js';
import * as repo from './deliveries.repository.js';

/** The queue's kinds for store deliveries (delivery/sftp-delivery.ts runs them). */
export const DELIVERY_JOB_KINDS = {
  deliver: 'releases.deliver-to-store',
  acknowledgements: 'releases.read-acknowledgements',
} as const;

/** A store's server may be down for hours: ten tries, the first a minute after, doubling. */
const DELIVERY_ATTEMPTS = 10;
const DELIVERY_BACKOFF_MS = 60_000;

export type DeliveryKind = 'new' | 'update' | 'takedown';

/** Records one delivery per store and puts each on the queue, in the caller's transaction. */
export async function enqueueStoreDeliveries(db: Database, albumId: number, kind: DeliveryKind, storeIds: readonly number[]): Promise<void> {
  for (const storeId of storeIds) {
    const messageId = `MD${albumId}S${storeId}${kind.toUpperCase().slice(0, 3)}${randomBytes(5).toString('hex').toUpperCase()}`;
    const deliveryId = await repo.insertDelivery(db, { albumId, storeId, kind, messageId });
    await enqueueJob(db, { kind: DELIVERY_JOB_KINDS.deliver, payload: { deliveryId }, idempotencyKey: `release-delivery:${deliveryId}`, maxAttempts: DELIVERY_ATTEMPTS, backoffMs: DELIVERY_BACKOFF_MS });
  }
}

