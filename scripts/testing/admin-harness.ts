import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInternalApp } from '../../src/internal/internal-app.js';
import { createInternalClient } from '../../src/internal/internal-client.js';
import { createLocalInternalClient } from '../../src/internal/local-internal-client.js';
import { createTestPlatform, type TestPlatform } from '../../src/test/test-platform.js';
import { startedForBlock } from '../../src/test/test-database.js';
import { runAdmin } from '../lib/admin-commands.js';
import type { ProductAccess } from '../lib/product-access.js';

/**
 * For the operator-command tests: a test platform, its internal API listening on a free port, and
 * both ways a command reaches the product (the running product, the database directly).
 */
export interface AdminHarness {
  platform: TestPlatform;
  product: ProductAccess;
  database: ProductAccess;
  close(): Promise<void>;
}

export async function startAdminHarness(): Promise<AdminHarness> {
  const platform = await createTestPlatform();
  const server = createServer(createInternalApp(platform));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = createInternalClient({ port: (server.address() as AddressInfo).port, secret: platform.secrets.internalSecret });
  return {
    platform,
    product: { via: 'product', client, close: async () => undefined },
    database: { via: 'database', client: createLocalInternalClient(platform), close: async () => undefined },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await platform.close();
    },
  };
}

/** A command's exit code and what it wrote, each stream's lines joined. */
export interface CommandRun {
  code: number;
  out: string;
  err: string;
}

/** Runs one operator command through `access` (null: none, as for help), capturing what it writes. */
export async function runCommand(access: ProductAccess | null, ...argv: string[]): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, access, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * The harness for the enclosing describe block, started before its tests and closed after them.
 */
export function useAdminHarness() {
  const started = startedForBlock('admin harness', startAdminHarness, (harness) => harness.close());
  return {
    get platform() {
      return started().platform;
    },
    /** Both ways a command reaches the product, by name. */
    accesses: () => ({ product: started().product, database: started().database }),
  };
}
