import type { Database } from '../../platform/db/database.js';
import { selectMastersWithStyle } from '../masters/index.js';

export async function findMasterForDownload(db: Database, masterId: string) {
  return selectMastersWithStyle(db)
    .select([
      'masters.id',
      'masters.user_id',
      'masters.buying_option',
      'masters.path',
      'masters.checksum',
      'tracks.name as track_name',
      'tracks.file_name',
      'styles.name as style_name',
      'style_groups.name as style_group_name',
    ])
    .where('masters.id', '=', masterId)
    .executeTakeFirst();
}
