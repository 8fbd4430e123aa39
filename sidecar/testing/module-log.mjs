import { register } from 'node:module';

/**
 * Preloaded with `--import` (through NODE_OPTIONS): records the URL of every module the process
 * loads, one a line, in the file MODULE_LOG_FILE names. The hook appends synchronously, so the
 * list is complete up to the moment it is read.
 */
register('./module-log-hook.mjs', import.meta.url, { data: { file: process.env.MODULE_LOG_FILE } });
