import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { MasterIntensity } from '../../platform/db/schema.js';
import { isMasterWithSettings } from '../masters/index.js';
import { DEFAULT_AMOUNTS, type Amounts } from './streaming.schemas.js';

/** Kysely only: what the media sidecar needs to know about tracks and masters. */

export async function findTrackOwnerAndAudio(db: Database, trackId: string) {
  return db
    .selectFrom('tracks')
    .select(['id', 'user_id', 'path', 'sample_rate', 'channels', 'is_custom_master'])
    .where('id', '=', trackId)
    .executeTakeFirst();
}

const MASTER_COLUMNS = ['id', 'style_id', 'intensity', 'tone_amount', 'width_amount', 'dynamics_amount', 'reference_id', 'status', 'path', 'checksum', 'measurements', 'waveform', 'failed_mastering_attempts'] as const;

/** The track's master of the style at the intensity and amounts, made toward the reference (null: toward none). */
export async function findMasterOfStyle(db: Database, trackId: string, styleId: number, intensity: MasterIntensity, amounts: Amounts = DEFAULT_AMOUNTS, referenceId: string | null = null) {
  return db
    .selectFrom('masters')
    .select(MASTER_COLUMNS)
    .where(isMasterWithSettings(trackId, styleId, intensity, amounts, referenceId))
    .executeTakeFirst();
}

export async function findMasterById(db: Database, masterId: string) {
  return db
    .selectFrom('masters')
    .select(['track_id', ...MASTER_COLUMNS])
    .where('id', '=', masterId)
    .executeTakeFirst();
}

export async function findMastersOfTrack(db: Database, trackId: string) {
  return db
    .selectFrom('masters')
    .select(MASTER_COLUMNS)
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
  row: { trackId: string; userId: string; styleId: number; intensity: MasterIntensity; amounts?: Amounts | undefined; referenceId?: string | null | undefined } & MasterFileColumns,
) {
  return db
    .insertInto('masters')
    .values({
      track_id: row.trackId,
      user_id: row.userId,
      style_id: row.styleId,
      intensity: row.intensity,
      tone_amount: row.amounts?.tone ?? DEFAULT_AMOUNTS.tone,
      width_amount: row.amounts?.width ?? DEFAULT_AMOUNTS.width,
      dynamics_amount: row.amounts?.dynamics ?? DEFAULT_AMOUNTS.dynamics,
      reference_id: row.referenceId ?? null,
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

/** One more failed attempt on the style's master at the intensity, amounts and reference, or on the track's unmastered master when none exists yet. */
export async function incrementFailedAttempts(db: Database, trackId: string, styleId: number, intensity: MasterIntensity, amounts: Amounts = DEFAULT_AMOUNTS, referenceId: string | null = null) {
  const styled = await db
    .updateTable('masters')
    .set((eb) => ({ failed_mastering_attempts: eb('failed_mastering_attempts', '+', 1), updated_at: new Date() }))
    .where(isMasterWithSettings(trackId, styleId, intensity, amounts, referenceId))
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

/** The master's file and figures when `userId` owns its track (undefined otherwise: nobody else's master is found). */
export async function findOwnMasterFile(db: Database, masterId: string, userId: string) {
  return db
    .selectFrom('masters')
    .innerJoin('tracks', 'tracks.id', 'masters.track_id')
    .select(['masters.id', 'masters.style_id', 'masters.status', 'masters.path', 'masters.checksum', 'masters.measurements'])
    .where('masters.id', '=', masterId)
    .where('tracks.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Adds the codec check's figures to the master's measurements while the master is still the file
 * that was measured (its checksum): a master bounced again meanwhile keeps its new figures alone.
 * False when nothing was written.
 */
export async function setMasterCodecs(db: Database, masterId: string, checksum: string, codecs: unknown[]): Promise<boolean> {
  const result = await db
    .updateTable('masters')
    .set({ measurements: sql`measurements || jsonb_build_object('codecs', ${JSON.stringify(codecs)}::jsonb)` })
    .where('id', '=', masterId)
    .where('checksum', '=', checksum)
    .where('measurements', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
