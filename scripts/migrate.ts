import { databaseTargetOf, openDatabase } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { parseEnv } from '../src/platform/env.js';

/** `npm run db:migrate`: applies pending sql/ migrations to DATABASE_URL, or the embedded PGlite. */
const env = parseEnv();
const db = openDatabase(databaseTargetOf(env));
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await db.destroy();
}
