import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { InternalRouter } from './internal-router.js';
import { INTERNAL_AUTH_SCHEME } from './internal-auth.js';

/** A typed client of the web process's internal API, for the sidecar and the operator commands. */
export function createInternalClient(options: { port: number; secret: string; host?: string }) {
  return createTRPCClient<InternalRouter>({
    links: [
      httpBatchLink({
        url: `http://${options.host ?? '127.0.0.1'}:${options.port}/internal`,
        headers: () => ({ authorization: `${INTERNAL_AUTH_SCHEME} ${options.secret}` }),
      }),
    ],
  });
}

export type InternalClient = ReturnType<typeof createInternalClient>;
