import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { enqueueJob } from '../../platform/queue/job-queue.js';
import * as repo from './deliveries.repository.js';

/** The queue's kinds for store deliveries (delivery/sftp-delivery.ts runs them; the local provider's steps, delivery/delivery-job.ts). */
export const DELIVERY_JOB_KINDS = {
  deliver: 'releases.deliver-to-store',
  local: 'releases.deliver-locally',
  detachedTakedown: 'releases.take-down-detached',
  acknowledgements: 'releases.read-acknowledgements',
} as const;

/** A store's server may be down for hours: ten tries, the first a minute after, doubling. */
const DELIVERY_ATTEMPTS = 10;
const DELIVERY_BACKOFF_MS = 60_000;

export type DeliveryKind = 'new' | 'update' | 'takedown';

const messageIdOf = (albumId: number, storeId: number, kind: DeliveryKind) => `MD${albumId}S${storeId}${kind.toUpperCase().slice(0, 3)}${randomBytes(5).toString('hex').toUpperCase()}`;

/** Records one delivery per store and puts each on the queue, in the caller's transaction. */
export async function enqueueStoreDeliveries(db: Database, albumId: number, kind: DeliveryKind, storeIds: readonly number[]): Promise<void> {
  for (const storeId of storeIds) {
    const messageId = messageIdOf(albumId, storeId, kind);
    const deliveryId = await repo.insertDelivery(db, { albumId, storeId, kind, messageId });
    await enqueueJob(db, { kind: DELIVERY_JOB_KINDS.deliver, payload: { deliveryId }, idempotencyKey: `release-delivery:${deliveryId}`, maxAttempts: DELIVERY_ATTEMPTS, backoffMs: DELIVERY_BACKOFF_MS });
  }
}


/** A local delivery step's tries: the first retry a second after, doubling; then the release goes back to the user. */
const LOCAL_STEP_ATTEMPTS = 5;
const LOCAL_STEP_BACKOFF_MS = 1000;

/** One step of one local delivery run (delivery/delivery-job.ts); `run` tells a later delivery of the same album (an update) from this one. */
export interface LocalStep {
  albumId: number;
  run: string;
  step: string;
}

/** Each step's job is keyed by album, run and step: a step is queued once, and a release's steps can be found. */
const localStepKey = ({ albumId, run, step }: LocalStep) => `${DELIVERY_JOB_KINDS.local}:${albumId}:${run}:${step}`;

export async function enqueueLocalStep(db: Database, step: LocalStep): Promise<void> {
  await enqueueJob(db, { kind: DELIVERY_JOB_KINDS.local, payload: step, idempotencyKey: localStepKey(step), maxAttempts: LOCAL_STEP_ATTEMPTS, backoffMs: LOCAL_STEP_BACKOFF_MS });
}

/** Hands a release to the local stores: the package step of a new run; the rest follows step by step. */
export async function enqueueLocalDelivery(db: Database, albumId: number): Promise<void> {
  await enqueueLocalStep(db, { albumId, run: randomUUID(), step: 'package' });
}

/** A takedown that needs no row of the release: what its purge message and batch are made of. */
export interface DetachedTakedown {
  messageId: string;
  storeId: number;
  /** ISO time: the message's creation time, the same on every try. */
  createdAt: string;
  icpn: string;
  title: string;
}

/**
 * Puts a takedown per store on the queue that carries its whole message (the release's code and
 * title), for a release whose rows are about to go (its account is being deleted, in the caller's
 * transaction). Nothing is recorded in release_deliveries: that row would go with the release.
 */
export async function enqueueDetachedTakedowns(db: Database, release: { albumId: number; icpn: string; title: string }, storeIds: readonly number[]): Promise<void> {
  for (const storeId of storeIds) {
    const payload: DetachedTakedown = { messageId: messageIdOf(release.albumId, storeId, 'takedown'), storeId, createdAt: new Date().toISOString(), icpn: release.icpn, title: release.title };
    await enqueueJob(db, { kind: DELIVERY_JOB_KINDS.detachedTakedown, payload, idempotencyKey: `release-takedown:${payload.messageId}`, maxAttempts: DELIVERY_ATTEMPTS, backoffMs: DELIVERY_BACKOFF_MS });
  }
}
