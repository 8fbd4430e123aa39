import type { Database } from '../../platform/db/database.js';
import type { MasterIntensity } from '../../platform/db/schema.js';

/** Kysely only (house rule 6): what the media sidecar needs to know about tracks and masters. */

export async function findTrackOwnerAndAudio(db: Database, trackId: string) {
  return db
    .selectFrom('tracks')
    .select(['id', 'user_id', 'path', 'sample_rate', 'channels', 'is_custom_master'])
    .where('id', '=', trackId)
    .executeTakeFirst();
}

/** The track's master of the style at the intensity, made toward the reference (null: toward none). */
export async function findMasterOfStyle(db: Database, trackId: string, styleId: number, intensity: MasterIntensity, referenceId: string | null = null) {
  return db
    .selectFrom('masters')
    .select(['id', 'style_id', 'intensity', 'status', 'path', 'checksum', 'measurements', 'waveform', 'failed_mastering_attempts'])
    .where('track_id', '=', trackId)
    .where('style_id', '=', styleId)
    .where('intensity', '=', intensity)
    .where('reference_id', referenceId === null ? 'is' : '=', referenceId)
    .executeTakeFirst();
}

export async function findMasterById(db: Database, masterId: string) {
  return db
    .selectFrom('masters')
    .select(['id', 'track_id', 'style_id', 'intensity', 'status', 'path', 'checksum', 'measurements', 'waveform', 'failed_mastering_attempts'])
    .where('id', '=', masterId)
    .executeTakeFirst();
}

export async function findMastersOfTrack(db: Database, trackId: string) {
  return db
    .selectFrom('masters')
    .select(['id', 'style_id', 'intensity', 'reference_id', 'status', 'path', 'checksum', 'measurements', 'waveform', 'failed_mastering_attempts'])
    .where('track_id', '=', trackId)
    .execute();
}

export async function findTrackOwner(db: Database, trackId: string) {
  return db.selectFrom('tracks').select(['id', 'user_id']).where('id', '=', trackId).executeTakeFirst();
}

export interface MasterFileColumns {
  path: string;
  checksum: string;
  measurements: string;
  waveform: string | null;
  /** Bytes of the master's stored files (master and downloads), for the storage quota. */
  fileBytes: number;
}

export async function updateMasterFile(db: Database, masterId: string, file: MasterFileColumns) {
  return db
    .updateTable('masters')
    .set((eb) => ({
      path: file.path,
      checksum: file.checksum,
      measurements: file.measurements,
      waveform: file.waveform,
      file_bytes: file.fileBytes,
      // A paid master stays paid when its file is rebuilt.
      status: eb.case().when('status', '=', 'PAYMENT_DONE').then('PAYMENT_DONE' as const).else('MASTERED' as const).end(),
      updated_at: new Date(),
    }))
    .where('id', '=', masterId)
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export async function insertMasteredMaster(
  db: Database,
  row: { trackId: string; userId: string; styleId: number; intensity: MasterIntensity; referenceId: string | null } & MasterFileColumns,
) {
  return db
    .insertInto('masters')
    .values({
      track_id: row.trackId,
      user_id: row.userId,
      style_id: row.styleId,
      intensity: row.intensity,
      reference_id: row.referenceId,
      status: 'MASTERED',
      path: row.path,
      checksum: row.checksum,
      measurements: row.measurements,
      waveform: row.waveform,
      file_bytes: row.fileBytes,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** One more failed attempt on the style's master at the intensity, or on the track's unmastered master when none exists yet. */
export async function incrementFailedAttempts(db: Database, trackId: string, styleId: number, intensity: MasterIntensity, referenceId: string | null = null) {
  const styled = await db
    .updateTable('masters')
    .set((eb) => ({ failed_mastering_attempts: eb('failed_mastering_attempts', '+', 1), updated_at: new Date() }))
    .where('track_id', '=', trackId)
    .where('style_id', '=', styleId)
    .where('intensity', '=', intensity)
    .where('reference_id', referenceId === null ? 'is' : '=', referenceId)
    .returning(['failed_mastering_attempts'])
    .executeTakeFirst();
  if (styled) return styled.failed_mastering_attempts;
  const unmastered = await db
    .updateTable('masters')
    .set((eb) => ({ failed_mastering_attempts: eb('failed_mastering_attempts', '+', 1), updated_at: new Date() }))
    .where('track_id', '=', trackId)
    .where('style_id', 'is', null)
    .returning(['failed_mastering_attempts'])
    .executeTakeFirst();
  return unmastered?.failed_mastering_attempts ?? 0;
}
