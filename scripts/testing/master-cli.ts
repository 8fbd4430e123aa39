import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `npm run master` as a user runs it, on an embedded database of its own under `dir` and with no
 * product to ask (the catalogue comes from that database), for the command line's tests.
 */
export function masterCli(dir: string): (args: string[]) => Promise<{ stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data'), INTERNAL_PORT: '1' };
  delete env.DATABASE_URL;
  delete env.INTERNAL_SECRET;
  return (args) => run(process.execPath, ['--import', 'tsx', 'scripts/master.ts', ...args], { env, cwd: path.resolve(import.meta.dirname, '../..') });
}
