import type { Database } from '../../platform/db/database.js';

export async function findStyleGroups(db: Database, options: { enabledOnly: boolean }) {
  let query = db
    .selectFrom('style_groups')
    .select(['id', 'name', 'name_de', 'description', 'description_de', 'icon', 'sort_order', 'enabled'])
    .orderBy('sort_order')
    .orderBy('id');
  if (options.enabledOnly) query = query.where('enabled', '=', true);
  return query.execute();
}

export async function findStyles(db: Database, options: { enabledOnly: boolean }) {
  let query = db
    .selectFrom('styles')
    .innerJoin('style_groups', 'style_groups.id', 'styles.style_group_id')
    .select([
      'styles.id',
      'styles.style_group_id',
      'styles.name',
      'styles.name_de',
      'styles.description',
      'styles.description_de',
      'styles.style_index',
      'styles.sort_order',
      'styles.enabled',
      'styles.usage_count',
      'styles.processing',
      'style_groups.name as group_name',
      'style_groups.enabled as group_enabled',
    ])
    .orderBy('style_groups.sort_order')
    .orderBy('styles.sort_order')
    .orderBy('styles.id');
  if (options.enabledOnly) query = query.where('styles.enabled', '=', true).where('style_groups.enabled', '=', true);
  return query.execute();
}

export async function setGroupEnabled(db: Database, name: string, enabled: boolean) {
  return db.updateTable('style_groups').set({ enabled }).where('name', '=', name).returning(['id', 'name', 'enabled']).executeTakeFirst();
}

export async function setStyleEnabled(db: Database, groupName: string, styleName: string, enabled: boolean) {
  return db
    .updateTable('styles')
    .set({ enabled })
    .where('name', '=', styleName)
    .where('style_group_id', '=', (eb) => eb.selectFrom('style_groups').select('id').where('name', '=', groupName))
    .returning(['id', 'name', 'enabled'])
    .executeTakeFirst();
}
