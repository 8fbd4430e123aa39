import { createServer, type Server } from 'node:http';
import { createApp } from './app.js';
import { startBackgroundJobs } from './background-jobs.js';
import { createInternalApp } from './internal/internal-app.js';
import { superviseMedia } from './media-supervisor.js';
import { createPlatform } from './platform/bootstrap.js';
import { parseWebEnv } from './platform/env.js';

const env = parseWebEnv();
const base = await createPlatform(env);
const { log } = base;

const listen = (server: Server, port: number, host?: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });

// Mails, deliveries, renewals and the periodic sweeps run on the durable job queue.
const background = startBackgroundJobs(base);
const platform = background.platform;

const publicServer = createServer(createApp(platform));
const internalServer = createServer(createInternalApp(platform));
await listen(publicServer, env.PORT);
await listen(internalServer, env.INTERNAL_PORT, env.INTERNAL_HOST);
log.info({ port: env.PORT, internalPort: env.INTERNAL_PORT }, `web listening on http://localhost:${env.PORT}`);
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
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 3000).unref();
    });
  // The bus first: it ends the media processes' event streams, which would hold the internal server open.
  await platform.events.close();
  await Promise.all([closeServer(publicServer), closeServer(internalServer), media?.stop(), background.stop()]);
  // Mails the last requests started are put on the queue before the database goes.
  await platform.background.drain();
  await platform.db.destroy();
  log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
