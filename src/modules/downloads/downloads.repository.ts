import type { Database } from '../../platform/db/database.js';

export async function findMasterForDownload(db: Database, masterId: string) {
  return db
    .selectFrom('masters')
    .innerJoin('tracks', 'tracks.id', 'masters.track_id')
    .leftJoin('styles', 'styles.id', 'masters.style_id')
    .leftJoin('style_groups', 'style_groups.id', 'styles.style_group_id')
    .select([
      'masters.id',
      'masters.user_id',
      'masters.buying_option',
      'masters.path',
      'tracks.name as track_name',
      'tracks.file_name',
      'styles.name as style_name',
      'style_groups.name as style_group_name',
    ])
    .where('masters.id', '=', masterId)
    .executeTakeFirst();
}
