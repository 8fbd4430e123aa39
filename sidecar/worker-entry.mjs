// Worker-thread entry for the sidecar's TypeScript workers: `workerData.entry` is the worker's
// module relative to this file, without extension. The sidecar runs TypeScript through tsx, whose
// loader hooks are per thread, so the worker registers them before loading a TypeScript body;
// a compiled build (.js beside this file) is loaded as it is.
import { existsSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const entry = String(workerData?.entry ?? '');
if (!/^\.\/[\w/-]+$/.test(entry)) throw new Error(`worker-entry: bad entry ${JSON.stringify(entry)}`);
const compiled = new URL(`${entry}.js`, import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL(`${entry}.ts`, import.meta.url).href);
}
