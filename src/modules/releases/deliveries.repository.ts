import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { ReleaseDeliveryState } from '../../platform/db/schema.js';

/** Kysely only: the SFTP deliveries of releases and the acknowledgements read back (sql/0100). */

const deliveryColumns = ['id', 'album_id', 'store_id', 'kind', 'message_id', 'state', 'uploaded_files', 'reason', 'store_text', 'created_at', 'updated_at'] as const;

export async function insertDelivery(db: Database, values: { albumId: number; storeId: number; kind: 'new' | 'update' | 'takedown'; messageId: string }): Promise<number> {
  const row = await db
    .insertInto('release_deliveries')
    .values({ album_id: values.albumId, store_id: values.storeId, kind: values.kind, message_id: values.messageId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findDelivery(db: Database, deliveryId: number) {
  return db.selectFrom('release_deliveries').select(deliveryColumns).where('id', '=', deliveryId).executeTakeFirst();
}
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

export function findDeliveryByMessageId(db: Database, messageId: string) {
  return db.selectFrom('release_deliveries').select(deliveryColumns).where('message_id', '=', messageId).executeTakeFirst();
}

/** The delivery whose message id (its batch folder's name) a file name contains: an acknowledgement we could not read names it so. */
export function findDeliveryNamedIn(db: Database, fileName: string) {
  return db
    .selectFrom('release_deliveries')
    .select(deliveryColumns)
    .where(sql<boolean>`strpos(${fileName}, message_id) > 0`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every delivery of the album, oldest first. */
export function findDeliveriesOfAlbum(db: Database, albumId: number) {
  return db.selectFrom('release_deliveries').select(deliveryColumns).where('album_id', '=', albumId).orderBy('id').execute();
}

export async function recordUploadedFile(db: Database, deliveryId: number, name: string, file: { sha256: string; bytes: number }) {
  await db
    .updateTable('release_deliveries')
    .set({ uploaded_files: sql`uploaded_files || jsonb_build_object(${name}::text, ${JSON.stringify(file)}::jsonb)`, updated_at: sql`now()` })
    .where('id', '=', deliveryId)
    .execute();
}

export async function setDeliveryState(db: Database, deliveryId: number, values: { state: ReleaseDeliveryState; reason?: string | null; storeText?: string | null }) {
  await db
    .updateTable('release_deliveries')
    .set({
      state: values.state,
      ...(values.reason !== undefined ? { reason: values.reason } : {}),
      ...(values.storeText !== undefined ? { store_text: values.storeText?.slice(0, 2000) ?? null } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', deliveryId)
    .execute();
}

/** The album's first deliveries still waiting for their upload. */
export async function countQueuedNewDeliveries(db: Database, albumId: number): Promise<number> {
  const row = await db
    .selectFrom('release_deliveries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('album_id', '=', albumId)
    .where('kind', '=', 'new')
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The stores with a delivery (any state) whose acknowledgements may still come. */
export async function storesAwaitingAnswers(db: Database): Promise<number[]> {
  const rows = await db.selectFrom('release_deliveries').select('store_id').distinct().where('state', 'in', ['uploaded', 'acknowledged', 'unreadable']).execute();
  return rows.map((row) => row.store_id);
}

export async function acknowledgementKnown(db: Database, source: string, fileName: string): Promise<boolean> {
  const row = await db.selectFrom('release_acknowledgements').select('id').where('source', '=', source).where('file_name', '=', fileName).executeTakeFirst();
  return row !== undefined;
}

/** Keeps the file as it came; false when it was read before (another process got there first). */
export async function insertAcknowledgement(db: Database, values: { source: string; fileName: string; deliveryId: number | null; readable: boolean; status: string | null; body: string }): Promise<boolean> {
  const row = await db
    .insertInto('release_acknowledgements')
    .values({ source: values.source, file_name: values.fileName, delivery_id: values.deliveryId, readable: values.readable, status: values.status, body: values.body })
    .onConflict((oc) => oc.columns(['source', 'file_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
