import { createServer, type Server } from 'node:http';
import { createApp } from './app.js';
import { startRenewalJob } from './modules/distribution/index.js';
import { createInternalApp } from './internal/internal-app.js';
import { superviseMedia } from './media-supervisor.js';
import { reconcilePendingPayments } from './modules/payments/index.js';
import { createPlatform } from './platform/bootstrap.js';
import { serviceContextOf } from './platform/context.js';
import { startCommentDigests } from './modules/feedback/index.js';
import { parseEnv } from './platform/env.js';

const env = parseEnv();
const platform = await createPlatform(env);
const { log } = platform;

const listen = (server: Server, port: number, host?: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });

const publicServer = createServer(createApp(platform));
const internalServer = createServer(createInternalApp(platform));
await listen(publicServer, env.PORT);
await listen(internalServer, env.INTERNAL_PORT, '127.0.0.1');
log.info({ port: env.PORT, internalPort: env.INTERNAL_PORT }, `web listening on http://localhost:${env.PORT}`);
// Distribution subscriptions are renewed here for now; a durable job queue takes this over later.
// Charged-but-unbooked payments (the process died mid-pay) get their invoice within minutes.
const reconciler = setInterval(() => {
  reconcilePendingPayments(serviceContextOf(platform, null, 'en')).catch((error: unknown) => log.error({ err: error }, 'payment reconciliation failed'));
}, 5 * 60_000);
reconciler.unref();
const renewals = env.SUBSCRIPTION_RENEWAL_INTERVAL_S > 0 ? startRenewalJob(platform, { intervalMs: env.SUBSCRIPTION_RENEWAL_INTERVAL_S * 1000 }) : null;
const stopCommentDigests = startCommentDigests(platform);

// Procfile runs the sidecar as its own process; `npm start` lets the web process run it.
const media =
  !env.MEDIA_SUPERVISED
    ? null
    : superviseMedia(
        { ...process.env, JWT_SECRET: platform.secrets.jwtSecret, INTERNAL_SECRET: platform.secrets.internalSecret },
        log,
      );

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'shutting down');
  renewals?.stop();
  clearInterval(reconciler);
  stopCommentDigests();
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 3000).unref();
    });
  await Promise.all([closeServer(publicServer), closeServer(internalServer), media?.stop()]);
  await platform.db.destroy();
  log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
