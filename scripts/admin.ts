import { parseEnv } from '../src/platform/env.js';
import { needsAccess, runAdmin } from './lib/admin-commands.js';
import { openProductAccess } from './lib/product-access.js';

/** `npm run admin -- help`: operator commands, see scripts/lib/admin-commands.ts. */
const argv = process.argv.slice(2);
const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
const access = needsAccess(argv) ? await openProductAccess(parseEnv()) : null;
if (access) io.err(access.via === 'product' ? '(via the running product)' : '(via the database; the product is not running)');
try {
  process.exitCode = await runAdmin(argv, access, io);
} finally {
  await access?.close();
}
