import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPOSITORY = path.resolve(import.meta.dirname, '../../..');

/**
 * `npm run master` as a user runs it (scripts/master.ts in a child process), on an embedded
 * database in `dataDir` and with no product to ask. A failure rejects with the exit code and stderr.
 */
export function runMasterCli(args: readonly string[], dataDir: string): Promise<{ stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, INTERNAL_PORT: '1' };
  delete env.DATABASE_URL;
  delete env.INTERNAL_SECRET;
  return run(process.execPath, ['--import', 'tsx', 'scripts/master.ts', ...args], { env, cwd: REPOSITORY });
}

/** How the command failed (exit code and stderr); null where it succeeded. */
export const masterCliFailure = (args: readonly string[], dataDir: string): Promise<{ code: number; stderr: string } | null> =>
  runMasterCli(args, dataDir).then(
    () => null,
    (error: unknown) => error as { code: number; stderr: string },
  );
