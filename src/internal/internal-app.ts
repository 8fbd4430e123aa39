import { timingSafeEqual } from 'node:crypto';
import express from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { serviceContextOf, type Platform } from '../platform/context.js';
import { errorHandler } from '../platform/http/error-handler.js';
import { INTERNAL_AUTH_SCHEME } from './internal-auth.js';
import { internalRouter } from './internal-router.js';

/** A comment line this often keeps an idle event stream (and any proxy on its way) open. */
const EVENT_KEEPALIVE_MS = 15_000;

/**
 * Job events as Server-Sent Events: each media process keeps one stream open and hands the events
 * to its waiting sockets (a listener may be connected to any media process).
 */
function streamJobEvents(platform: Platform, req: express.Request, res: express.Response) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  res.write(': open\n\n');
  // The web process stopping ends the stream: its media processes reconnect to another web process.
  const unsubscribe = platform.events.subscribe(
    (event) => res.write(`data: ${JSON.stringify(event)}\n\n`),
    () => res.end(),
  );
  const keepalive = setInterval(() => res.write(': keepalive\n\n'), EVENT_KEEPALIVE_MS);
  req.on('close', () => {
    clearInterval(keepalive);
    unsubscribe();
  });
}

function secretMatches(header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`${INTERNAL_AUTH_SCHEME} ${secret}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The internal API's HTTP surface; server.ts binds it to INTERNAL_HOST (loopback unless configured). */
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
  app.get('/events', (req, res) => streamJobEvents(platform, req, res));
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
