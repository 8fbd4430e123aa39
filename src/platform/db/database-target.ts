import path from 'node:path';

/** Where the database lives; in a module of its own so reading it does not load PGlite or pg. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string | null };

export function databaseTargetOf(env: { DATABASE_URL?: string | undefined; DATA_DIR: string }): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dir: path.join(env.DATA_DIR, 'pg') };
}
