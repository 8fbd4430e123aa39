import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueDepth } from '../queue/job-queue.js';

/** `queueDepths` feeds the job queue's gauges, read from the database at each scrape. */
export function createMetrics(options: { queueDepths?: () => Promise<QueueDepth[]> } = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  const { queueDepths } = options;
  if (queueDepths) {
    // One read serves the three gauges of a scrape; the jobs table is shared, so every web process reports the same.
    let reading: Promise<QueueDepth[]> | null = null;
    const depths = () => (reading ??= queueDepths().finally(() => setImmediate(() => (reading = null))));
    const gauge = (name: string, help: string, value: (depth: QueueDepth) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          for (const depth of await depths()) this.set({ kind: depth.kind }, value(depth));
        },
      });
    gauge('job_queue_waiting', 'Jobs due or scheduled and not yet claimed, by kind', (d) => d.queued);
    gauge('job_queue_running', 'Jobs claimed by a worker and not finished, by kind', (d) => d.running);
    gauge('job_queue_oldest_age_seconds', 'How long the oldest due, unclaimed job has waited, by kind', (d) => d.oldestAgeSeconds);
  }

  const measure: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    res.on('finish', () => {
      // The matched route, not the raw URL, keeps the label set small.
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };

  const expose: RequestHandler = async (_req, res) => {
    res.setHeader('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  };

  return { registry, measure, expose };
}
