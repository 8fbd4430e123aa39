import { timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { appRouter } from './app-router.js';
import { graphqlModules } from './graphql-modules.js';
import { restRoutes } from './rest-routes.js';
import { configuredThirdPartyOrigins, isSpaRoute } from './modules/site/index.js';
import type { Platform } from './platform/context.js';
import { isDatabaseReachable } from './platform/db/database.js';
import { createGraphqlHandler } from './platform/graphql/yoga.js';
import { guardParsedBody, guardTrpcInput, guardUrl } from './platform/http/body-guard.js';
import { apiNotFound, errorHandler } from './platform/http/error-handler.js';
import { createMetrics } from './platform/http/metrics.js';
import { queueDepths } from './platform/queue/job-queue.js';
import { authenticate, contextOfRequest } from './platform/http/request-context.js';
import { spaRouter } from './platform/http/spa.js';

export const CLIENT_DIST = fileURLToPath(new URL('../dist/client/', import.meta.url));

const JSON_LIMIT = '100kb';

/** The web process's HTTP surface, without listen(): tests drive it directly. */
export function createApp(platform: Platform, options: { clientDir?: string } = {}) {
  const app = express();
  const metrics = createMetrics({ queueDepths: () => queueDepths(platform.db) });
  app.disable('x-powered-by');
  // Who may set X-Forwarded-For comes from configuration (default: nobody), so a client cannot
  // rotate the header to buy fresh per-IP budgets of the abuse limits.
  app.set('trust proxy', platform.env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger: platform.log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/metrics' },
    }),
  );
  app.use(metrics.measure);
  // With Braintree configured the checkout loads its Drop-in from Braintree's CDN (its documented
  // CSP: scripts and frames from the asset hosts, calls to the client API and analytics hosts).
  const env = platform.env;
  const dropIn = env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY
    ? {
        script: ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'],
        frame: ['https://assets.braintreegateway.com'],
        img: ['https://assets.braintreegateway.com'],
        connect: [
          'https://api.sandbox.braintreegateway.com', 'https://api.braintreegateway.com',
          'https://client-analytics.sandbox.braintreegateway.com', 'https://client-analytics.braintreegateway.com',
          'https://*.braintree-api.com',
        ],
      }
    : { script: [], frame: [], img: [], connect: [] };
  // The home video's host and the analytics endpoint, when configured; the SPA reaches them only after consent.
  const thirdParty = configuredThirdPartyOrigins(env);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The media sidecar is another origin (its own port): the SPA must be allowed to reach it.
          'connect-src': ["'self'", platform.env.MEDIA_PUBLIC_URL.replace(/\/ws$/, '') , 'blob:', ...dropIn.connect, ...thirdParty.connect],
          'img-src': ["'self'", 'data:', 'blob:', ...dropIn.img],
          'media-src': ["'self'", 'blob:'],
          'script-src': ["'self'", ...dropIn.script],
          'frame-src': ["'self'", ...dropIn.frame, ...thirdParty.frame],
          'style-src': ["'self'", "'unsafe-inline'"],
        },
      },
    }),
  );
  app.use(compression());
  app.use(cookieParser());
  app.use(guardUrl);
  app.use(authenticate(platform));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await isDatabaseReachable(platform.db);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'database unreachable' });
  });
  // Metrics tell an outsider too much (routes, timings, memory): only a configured token opens them.
  const metricsToken = platform.env.METRICS_TOKEN;
  app.get('/metrics', (req, res, next) => {
    if (metricsToken && bearerMatches(req.headers.authorization, metricsToken)) {
      next();
      return;
    }
    res.status(404).json({ statusCode: 404, message: 'global.error.notFound' });
  }, metrics.expose);

  app.use(
    '/trpc',
    express.json({ limit: JSON_LIMIT }),
    guardTrpcInput,
    createExpressMiddleware({
      router: appRouter,
      // A batch runs its calls in parallel: unbounded, one request could hold every database
      // connection. The SPA's batch link sends at most 10 (client/src/lib/trpc.ts).
      maxBatchSize: platform.env.TRPC_MAX_BATCH,
      createContext: ({ req }) => contextOfRequest(platform, req),
      onError: ({ error, path: procedure, ctx }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') (ctx?.log ?? platform.log).error({ err: error.cause ?? error, procedure }, 'trpc call failed');
      },
    }),
  );

  const yoga = createGraphqlHandler(graphqlModules, (req) => contextOfRequest(platform, req), platform.log, platform.env);
  app.use(yoga.graphqlEndpoint, express.json({ limit: JSON_LIMIT }), guardParsedBody, (req, res) => yoga(req, res, { req, res }));

  app.use(
    '/api',
    express.json({ limit: JSON_LIMIT }),
    express.urlencoded({ extended: false, limit: JSON_LIMIT }),
    guardParsedBody,
    restRoutes(platform),
    apiNotFound,
  );

  app.use(spaRouter(options.clientDir ?? CLIENT_DIST, (pathname) => isSpaRoute(pathname)));
  app.use(errorHandler);
  return app;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
