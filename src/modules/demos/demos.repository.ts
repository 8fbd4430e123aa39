import type { Database } from '../../platform/db/database.js';
import { MASTER_STYLE_COLUMNS, selectMastersWithStyle } from '../masters/index.js';

/** Kysely only: demos and the masters and tracks behind them. */
export function findDemos(db: Database, limit: number) {
  return selectMastersWithStyle(db)
    .innerJoin('demos', 'demos.master_id', 'masters.id')
    .select([
      'masters.id',
      'masters.style_id',
      'masters.waveform',
      'tracks.name as track_name',
      'tracks.artist as track_artist',
      'tracks.is_custom_master as track_is_custom_master',
      'tracks.sample_rate',
      'tracks.number_of_samples',
      ...MASTER_STYLE_COLUMNS,
    ])
    .where('masters.path', 'is not', null)
    .where('tracks.path', 'is not', null)
    .where('masters.style_id', 'is not', null)
    .orderBy('demos.sort_order')
    .orderBy('demos.created_at')
    .limit(limit)
    .execute();
}

/** The stored files of a demo's master and original; undefined when it is no demo. */
export function findDemoFiles(db: Database, masterId: string) {
  return db
    .selectFrom('demos')
    .innerJoin('masters', 'masters.id', 'demos.master_id')
    .innerJoin('tracks', 'tracks.id', 'masters.track_id')
    .select(['masters.path as master_path', 'tracks.path as original_path'])
    .where('demos.master_id', '=', masterId)
    .executeTakeFirst();
}

export function findMasterForDemo(db: Database, masterId: string) {
  return db
    .selectFrom('masters')
    .innerJoin('tracks', 'tracks.id', 'masters.track_id')
    .select(['masters.id', 'masters.status', 'masters.style_id', 'masters.path', 'tracks.path as track_path', 'tracks.name', 'tracks.is_custom_master'])
    .where('masters.id', '=', masterId)
    .executeTakeFirst();
}

export function insertDemo(db: Database, masterId: string, order?: number) {
  return db
    .insertInto('demos')
    .values({ master_id: masterId, ...(order !== undefined ? { sort_order: order } : {}) })
    .onConflict((oc) => oc.column('master_id').doUpdateSet(order !== undefined ? { sort_order: order } : { master_id: masterId }))
    .execute();
}

export function deleteDemo(db: Database, masterId: string) {
  return db.deleteFrom('demos').where('master_id', '=', masterId).returning('master_id').executeTakeFirst();
}
