import { timingSafeEqual } from 'node:crypto';
import express from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { serviceContextOf, type Platform } from '../platform/context.js';
import { errorHandler } from '../platform/http/error-handler.js';
import { INTERNAL_AUTH_SCHEME } from './internal-auth.js';
import { internalRouter } from './internal-router.js';

function secretMatches(header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`${INTERNAL_AUTH_SCHEME} ${secret}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The internal API's HTTP surface; server.ts binds it to 127.0.0.1 only. */
export function createInternalApp(platform: Platform) {
  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    if (!secretMatches(req.headers.authorization, platform.secrets.internalSecret)) {
      res.status(401).json({ statusCode: 401, message: 'global.error.unauthorized' });
      return;
    }
    next();
  });
  app.use(
    '/internal',
    express.json({ limit: '1mb' }),
    createExpressMiddleware({
      router: internalRouter,
      createContext: () => serviceContextOf(platform, null, 'en'),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') platform.log.error({ err: error.cause ?? error, path }, 'internal call failed');
      },
    }),
  );
  app.use(errorHandler);
  return app;
}
