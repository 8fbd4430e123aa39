import { createTRPCClient, unstable_localLink } from '@trpc/client';
import { serviceContextOf, type Platform } from '../platform/context.js';
import type { InternalClient } from './internal-client.js';
import { internalRouter, type InternalRouter } from './internal-router.js';

/**
 * The internal API called in this process, on a platform of its own: for an operator command
 * while the product is not running. The same procedures, context and errors as over HTTP
 * (internal-app.ts), so a command is written once for both ways in.
 */
export function createLocalInternalClient(platform: Platform): InternalClient {
  return createTRPCClient<InternalRouter>({
    links: [unstable_localLink({ router: internalRouter, createContext: () => Promise.resolve(serviceContextOf(platform, null, 'en')) })],
  });
}
