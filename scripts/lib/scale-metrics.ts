/** The largest queue depth and oldest-job age seen per job kind, over every sampled web process. */
export type QueueFigures = Record<string, { maxWaiting: number; maxOldestAgeSeconds: number; maxRunning: number }>;

/**
 * Scrapes `/metrics` of each web process once a second, as Prometheus would (each process
 * directly, not through the proxy), and keeps the peaks of `job_queue_waiting`,
 * `job_queue_running` and `job_queue_oldest_age_seconds` per kind. The gauges are read from the
 * shared jobs table, so both processes report the same queue; the peak is over both.
 */
export function startMetricsSampler(ports: number[], token: string): { stop(): QueueFigures } {
  const figures: QueueFigures = {};
  const line = /^(job_queue_waiting|job_queue_running|job_queue_oldest_age_seconds)\{[^}]*kind="([^"]+)"[^}]*\}\s+([0-9.eE+-]+)$/;
  const sample = async (port: number) => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) return;
      for (const text of (await res.text()).split('\n')) {
        const match = line.exec(text.trim());
        if (!match) continue;
        const [, name, kind, value] = match;
        const entry = (figures[kind!] ??= { maxWaiting: 0, maxOldestAgeSeconds: 0, maxRunning: 0 });
        const v = Number(value);
        if (name === 'job_queue_waiting') entry.maxWaiting = Math.max(entry.maxWaiting, v);
        else if (name === 'job_queue_running') entry.maxRunning = Math.max(entry.maxRunning, v);
        else entry.maxOldestAgeSeconds = Math.max(entry.maxOldestAgeSeconds, Math.round(v * 10) / 10);
      }
    } catch {
      // a process being stopped: the next sample tells
    }
  };
  const timer = setInterval(() => void Promise.all(ports.map(sample)), 1000);
  return {
    stop() {
      clearInterval(timer);
      return figures;
    },
  };
}
