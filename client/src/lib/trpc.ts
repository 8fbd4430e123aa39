import { createTRPCReact } from '@trpc/react-query';
import { httpBatchLink } from '@trpc/client';
import type { AppRouter } from '../../../src/app-router.js';
import { minimumDelayLink } from './minimum-delay-link.js';

export const trpc = createTRPCReact<AppRouter>();

export interface TrpcClientOptions {
  getAccessToken: () => string | null;
  getLocale: () => string;
  /** Tests pass a fetch that never reaches a real server. */
  fetch?: typeof fetch;
  /** The minimum fetch delay for queries (lib/minimum-delay-link.ts); 0 turns it off. */
  minimumQueryMs?: number;
}

/** Same-origin `/trpc`; the `lang` cookie travels by itself, Accept-Language repeats the choice. */
export function createTrpcClient(options: TrpcClientOptions) {
  return trpc.createClient({
    links: [
      minimumDelayLink<AppRouter>(options.minimumQueryMs ?? 0),
      httpBatchLink({
        url: '/trpc',
        // The server refuses longer batches (TRPC_MAX_BATCH, 20 by default); more calls go in further requests.
        maxItems: 10,
        fetch: options.fetch,
        headers() {
          const token = options.getAccessToken();
          return {
            'Accept-Language': options.getLocale(),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          };
        },
      }),
    ],
  });
}
