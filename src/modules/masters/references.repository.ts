import type { Database } from '../../platform/db/database.js';

const REFERENCE_COLUMNS = ['id', 'name', 'path', 'sample_rate', 'channels', 'number_of_samples', 'created_at'] as const;

/** The user's reference tracks, oldest first; with `referenceId`, that one only (if it is theirs). */
export function findReferences(db: Database, filter: { userId: string; referenceId?: string }) {
  let query = db.selectFrom('reference_tracks').select(REFERENCE_COLUMNS).where('user_id', '=', filter.userId);
  if (filter.referenceId) query = query.where('id', '=', filter.referenceId);
  return query.orderBy('created_at').orderBy('id').execute();
}

export function insertReference(
  db: Database,
  row: { id: string; userId: string; name: string; path: string; sampleRate: number; channels: number; frames: number; byteLength: number },
) {
  return db
    .insertInto('reference_tracks')
    .values({ id: row.id, user_id: row.userId, name: row.name, path: row.path, sample_rate: row.sampleRate, channels: row.channels, number_of_samples: row.frames, byte_length: row.byteLength })
    .returning(REFERENCE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes the user's reference; answers its path (null: none of theirs). */
export async function deleteReference(db: Database, userId: string, referenceId: string): Promise<string | null> {
  const row = await db.deleteFrom('reference_tracks').where('id', '=', referenceId).where('user_id', '=', userId).returning('path').executeTakeFirst();
  return row?.path ?? null;
}
