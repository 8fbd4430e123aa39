import type { Platform } from '../../../platform/context.js';
import type { Database } from '../../../platform/db/database.js';
import type { ReleaseDeliveryState } from '../../../platform/db/schema.js';
import type { JobHandler } from '../../../platform/queue/job-worker.js';
import { DELIVERY_JOB_KINDS, type DeliveryKind, type DetachedTakedown } from '../store-deliveries.js';
import * as releases from '../releases.repository.js';
import { OUTLET_STATUS, STORE_REASONS } from '../releases.schemas.js';
import { readAcknowledgement } from './acknowledgement.js';
import { batchManifest, purgeReleaseMessage, type MessageHeaderInput } from './ddex-message.js';
import * as repo from '../deliveries.repository.js';
import { localDeliveryJobHandler } from './delivery-job.js';
import { assertValidErnMessage } from './ern-validator.js';
import { loadReleasePackage, type PackageFile } from './release-package.js';
import { ackSourcesOf, bufferFile, connectSftp, remoteJoin, sftpTargetOf, uploadResumable, type SftpTarget } from './sftp-transport.js';

/**
 * Delivery to the stores over SFTP (DISTRIBUTION_PROVIDER=sftp), as jobs on the platform queue.
 * Per release and store one batch folder named by the message id: the audio files and the cover
 * under resources/, the ERN message, and last the BatchComplete_<batch>.xml manifest, which tells
 * the store the folder is whole. Every file goes up under a temporary name and is renamed when
 * complete; a file renamed into place is recorded, so a retried job (a restart, a dropped
 * connection) continues with the next one, and a half-sent file is continued from where it stopped
 * (sftp-transport.ts). The store's acknowledgements are read back by a scheduled sweep.
 */

export { DELIVERY_JOB_KINDS };

/** An acknowledgement is a short XML file; anything far larger is not one. */
const MAX_ACK_BYTES = 1_000_000;

function headerOf(platform: Platform, batch: { messageId: string; storeId: number; createdAt: Date }, target: SftpTarget, storeName: string, icpn: string): MessageHeaderInput {
  return {
    messageId: batch.messageId,
    // Every message about this release to this store, original, updates and takedown, is one thread.
    threadId: `MD-${icpn}-${batch.storeId}`,
    // The delivery's own time: a retried job builds the same bytes, so what is on the server already counts.
    createdAt: batch.createdAt,
    sender: { partyId: platform.env.DDEX_SENDER_DPID ?? '', name: platform.env.DDEX_SENDER_NAME },
    recipients: [{ partyId: target.dpid, name: storeName }],
  };
}

/** One batch to one store: its folder, named by the message id, and what goes into it. */
interface Batch {
  messageId: string;
  storeId: number;
  createdAt: Date;
  kind: DeliveryKind;
  icpn: string;
  title: string;
  /** The release's audio and cover (none for a takedown). */
  files: PackageFile[];
  /** The release message for these header fields (a takedown's purge message when absent). */
  message?: (header: MessageHeaderInput) => string;
}

/**
 * Uploads one batch; on return it is complete on the server: the files under resources/, the
 * message, and last the manifest. `uploaded` tells a file an earlier try renamed into place (its
 * bytes were checked then), `record` is told each file once in place.
 */
async function sendBatch(
  platform: Platform,
  batch: Batch,
  options: { signal?: AbortSignal; uploaded?: (name: string, sha256: string) => boolean; record?: (name: string, file: { sha256: string; bytes: number }) => Promise<void> } = {},
): Promise<void> {
  const target = sftpTargetOf(platform.env, batch.storeId);
  if (!target) throw new Error(`store ${batch.storeId} has no SFTP target (DELIVERY_SFTP_*)`);
  const storeName = (await releases.findStores(platform.db)).find((store) => store.store_id === batch.storeId)?.store_name ?? String(batch.storeId);
  const header = headerOf(platform, batch, target, storeName, batch.icpn);
  const message = batch.message ? batch.message(header) : purgeReleaseMessage({ ...header, icpn: batch.icpn, title: batch.title });
  assertValidErnMessage(message);
  const dir = remoteJoin(target.remoteDir, batch.messageId);
  const messageFile = bufferFile(remoteJoin(dir, `${batch.icpn}.xml`), Buffer.from(message));
  const manifest = bufferFile(
    remoteJoin(dir, `BatchComplete_${batch.messageId}.xml`),
    Buffer.from(
      batchManifest({
        ...header,
        batchId: batch.messageId,
        deliveryType: batch.kind === 'new' ? 'NewReleaseDelivery' : batch.kind === 'update' ? 'UpdateReleaseDelivery' : 'TakedownReleaseDelivery',
        messageType: batch.kind === 'takedown' ? 'PurgeReleaseMessage' : 'NewReleaseMessage',
        messageUri: `${batch.icpn}.xml`,
        messageSha256: messageFile.sha256,
        icpn: batch.icpn,
      }),
    ),
  );

  const { storage } = platform;
  const client = await connectSftp(target);
  try {
    await client.mkdir(remoteJoin(dir, 'resources'), true);
    const uploads = [
      ...batch.files.map((file) => ({ name: file.uri, remotePath: remoteJoin(dir, file.uri), sha256: file.sha256, bytes: file.bytes, open: (start: number, end: number) => storage.read(file.storageKey, { start, end }) })),
      { name: 'message', ...messageFile },
      { name: 'manifest', ...manifest },
    ];
    for (const upload of uploads) {
      options.signal?.throwIfAborted();
      if (options.uploaded?.(upload.name, upload.sha256)) continue;
      await uploadResumable(client, upload);
      await options.record?.(upload.name, { sha256: upload.sha256, bytes: upload.bytes });
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Uploads one delivery's batch; on return the batch is complete on the server. */
export async function uploadDelivery(platform: Platform, deliveryId: number, signal?: AbortSignal): Promise<'uploaded' | 'nothing to do'> {
  const { db } = platform;
  const delivery = await repo.findDelivery(db, deliveryId);
  if (!delivery || delivery.state !== 'queued') return 'nothing to do';
  const albumId = Number(delivery.album_id);
  const album = await releases.findAlbumForJob(db, albumId);
  if (!album?.product_code) throw new Error(`album ${albumId} is gone or has no product code`);
  const pkg = delivery.kind === 'takedown' ? null : await loadReleasePackage(platform, albumId);
  await sendBatch(
    platform,
    {
      messageId: delivery.message_id,
      storeId: delivery.store_id,
      createdAt: new Date(delivery.created_at),
      kind: delivery.kind,
      icpn: album.product_code,
      title: album.name,
      files: pkg?.files ?? [],
      ...(pkg ? { message: (header: MessageHeaderInput) => pkg.message(header, [{ startDate: pkg.startDateOf(delivery.store_id) }]) } : {}),
    },
    {
      ...(signal ? { signal } : {}),
      uploaded: (name, sha256) => delivery.uploaded_files[name]?.sha256 === sha256,
      record: (name, file) => repo.recordUploadedFile(db, deliveryId, name, file),
    },
  );
  return 'uploaded';
}

/**
 * Sends the takedown of a release whose account is being deleted: everything the purge needs is in
 * the job (`DetachedTakedown`), as the release's rows go with the account before it runs. A retry
 * builds the same bytes, so files already on the server are kept.
 */
export async function uploadDetachedTakedown(platform: Platform, takedown: DetachedTakedown, signal?: AbortSignal): Promise<void> {
  await sendBatch(platform, { ...takedown, createdAt: new Date(takedown.createdAt), kind: 'takedown', files: [] }, signal ? { signal } : {});
}

/** Marks the delivery uploaded; the release is delivered once every store's first delivery is. */
async function markUploaded(db: Database, deliveryId: number) {
  const delivery = await repo.findDelivery(db, deliveryId);
  if (!delivery || delivery.state !== 'queued') return;
  await repo.setDeliveryState(db, deliveryId, { state: 'uploaded' });
  const albumId = Number(delivery.album_id);
  if (delivery.kind === 'new' && (await repo.countQueuedNewDeliveries(db, albumId)) === 0) await releases.updateAlbum(db, albumId, { state: 'delivered', delivered_at: new Date() });
}

const RANK: Record<ReleaseDeliveryState, number> = { queued: 0, uploaded: 1, unreadable: 1, acknowledged: 2, live: 3, rejected: 3, taken_down: 3 };

/**
 * Applies one acknowledgement file: kept as it came, then the delivery it names moves on. A state is
 * never moved back (a late "ingested" after "live" changes nothing). An answer we cannot read marks
 * the delivery "unreadable" and is logged; the file stays in the database for the operator.
 */
export async function applyAcknowledgement(platform: Pick<Platform, 'db' | 'log'>, source: string, fileName: string, body: string): Promise<void> {
  const ack = readAcknowledgement(body);
  const delivery = (ack.readable && ack.messageId ? await repo.findDeliveryByMessageId(platform.db, ack.messageId) : undefined) ?? (await repo.findDeliveryNamedIn(platform.db, fileName));
  await platform.db.transaction().execute(async (tx) => {
    const fresh = await repo.insertAcknowledgement(tx, { source, fileName, deliveryId: delivery ? Number(delivery.id) : null, readable: ack.readable, status: ack.readable ? ack.status : null, body });
    if (!fresh) return;
    if (!ack.readable) platform.log.error({ source, fileName, problem: ack.problem, deliveryId: delivery?.id ?? null }, 'store acknowledgement could not be read; kept');
    if (!delivery) {
      if (ack.readable) platform.log.warn({ source, fileName, messageId: ack.messageId }, 'store acknowledgement names no delivery of ours; kept');
      return;
    }
    const deliveryId = Number(delivery.id);
    const albumId = Number(delivery.album_id);
    if (!ack.readable) {
      if (RANK[delivery.state] < 3) await repo.setDeliveryState(tx, deliveryId, { state: 'unreadable', reason: STORE_REASONS.unreadable, storeText: null });
      return;
    }
    // A purge is done when the store confirms it, whatever word it uses for "done".
    const state = delivery.kind === 'takedown' && ack.state !== 'rejected' ? 'taken_down' : ack.state;
    if (RANK[state] < RANK[delivery.state] || (RANK[state] === RANK[delivery.state] && state === delivery.state)) return;
    await repo.setDeliveryState(tx, deliveryId, { state, reason: ack.reason, storeText: ack.storeText });
    if (delivery.kind === 'takedown') return;
    if (state === 'live') await releases.setOutletStatus(tx, albumId, delivery.store_id, OUTLET_STATUS.distributed.status_code, null);
    if (state === 'rejected') {
      await releases.setOutletStatus(tx, albumId, delivery.store_id, OUTLET_STATUS.disapproved.status_code, ack.reason);
      await releases.updateAlbum(tx, albumId, { disapprove_message: ack.reason });
    }
  });
}

async function readAcknowledgementsAt(platform: Platform, target: SftpTarget): Promise<number> {
  let read = 0;
  const client = await connectSftp(target);
  try {
    if ((await client.exists(target.ackDir)) !== 'd') return 0;
    const entries = (await client.list(target.ackDir)).filter((entry) => entry.type === '-' && entry.name.toLowerCase().endsWith('.xml'));
    for (const entry of entries.sort((a, b) => a.modifyTime - b.modifyTime || a.name.localeCompare(b.name))) {
      const remotePath = remoteJoin(target.ackDir, entry.name);
      if (!(await repo.acknowledgementKnown(platform.db, target.source, entry.name))) {
        const body = entry.size > MAX_ACK_BYTES ? `(${entry.size} bytes: too large to be an acknowledgement)` : ((await client.get(remotePath)) as Buffer).toString('utf8');
        await applyAcknowledgement(platform, target.source, entry.name, body);
        read++;
      }
      // Recorded first: a file that cannot be moved is still read only once.
      await client
        .mkdir(remoteJoin(target.ackDir, 'processed'), true)
        .then(() => client.rename(remotePath, remoteJoin(target.ackDir, 'processed', entry.name)))
        .catch((error: unknown) => platform.log.warn({ err: error, remotePath }, 'acknowledgement could not be moved to processed/'));
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  return read;
}

/** Reads every acknowledgement folder that may hold answers; each file once, then moved to processed/. */
export async function readAcknowledgements(platform: Platform): Promise<{ read: number }> {
  const storeIds = await repo.storesAwaitingAnswers(platform.db);
  let read = 0;
  for (const target of ackSourcesOf(platform.env, storeIds)) {
    // One store's server being down must not keep the others' answers unread.
    try {
      read += await readAcknowledgementsAt(platform, target);
    } catch (error) {
      platform.log.warn({ err: error, source: target.source }, 'acknowledgements could not be read');
    }
  }
  return { read };
}

/** The queue's handlers for deliveries (over SFTP and to the local stand-in stores) and the acknowledgement sweep. */
export function deliveryJobHandlers(platform: Platform): Record<string, JobHandler> {
  return {
    [DELIVERY_JOB_KINDS.local]: localDeliveryJobHandler(platform),
    [DELIVERY_JOB_KINDS.deliver]: async (job, lease) => {
      const { deliveryId } = job.payload as { deliveryId: number };
      await uploadDelivery(platform, deliveryId, lease.signal);
      await lease.completeWith((tx) => markUploaded(tx, deliveryId));
    },
    [DELIVERY_JOB_KINDS.detachedTakedown]: async (job, lease) => uploadDetachedTakedown(platform, job.payload as DetachedTakedown, lease.signal),
    [DELIVERY_JOB_KINDS.acknowledgements]: async () => void (await readAcknowledgements(platform)),
  };
}
