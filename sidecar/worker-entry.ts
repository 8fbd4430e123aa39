import { Worker } from 'node:worker_threads';

const ENTRY_URL = new URL('./worker-entry.mjs', import.meta.url);

/**
 * Starts one of the sidecar's TypeScript worker threads (`entry`: its module relative to sidecar/,
 * without extension, e.g. './media/engine-worker'), under tsx or from a compiled build alike.
 */
export function startWorker(entry: string): Worker {
  return new Worker(ENTRY_URL, { workerData: { entry } });
}
