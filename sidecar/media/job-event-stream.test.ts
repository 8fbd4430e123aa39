import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobEvent } from '../../src/platform/queue/job-events.js';
import { JobEventStream } from './job-event-stream.js';

const SECRET = 'stream-secret';

/** A stand-in for the web process's /events: what it is told to send, to every open stream. */
async function eventServer() {
  const open = new Set<http.ServerResponse>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    if (req.url !== '/events' || req.headers.authorization !== `Internal ${SECRET}`) return void res.writeHead(401).end();
    connections += 1;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': open\n\n');
    open.add(res);
    req.on('close', () => open.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    send(event: JobEvent) {
      // Split across writes: the stream must join the pieces of one event.
      const text = `data: ${JSON.stringify(event)}\n\n`;
      for (const res of open) {
        res.write(text.slice(0, 7));
        res.write(text.slice(7));
      }
    },
    dropAll() {
      for (const res of open) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('JobEventStream', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('when events of several topics arrive, then each listener gets its topic only; after the stream drops it reconnects, says so, and events flow again', async () => {
    const server = await eventServer();
    cleanups.push(() => server.close());
    const stream = new JobEventStream({ port: server.port, secret: SECRET }, pino({ level: 'silent' }));
    cleanups.push(() => stream.close());
    await stream.opened();

    const bounce: JobEvent[] = [];
    const other: JobEvent[] = [];
    stream.on('bounce:t:1', (event) => bounce.push(event));
    stream.on('prepare:t', (event) => other.push(event));
    let reconnects = 0;
    stream.onReconnect(() => (reconnects += 1));

    server.send({ topic: 'bounce:t:1', type: 'progress', data: { progressInPercent: 40 } });
    server.send({ topic: 'bounce:t:2', type: 'done' });
    await expect.poll(() => bounce).toEqual([{ topic: 'bounce:t:1', type: 'progress', data: { progressInPercent: 40 } }]);
    expect(other).toEqual([]);

    server.dropAll();
    await expect.poll(() => reconnects, { timeout: 5_000 }).toBe(1);
    expect(server.connections).toBe(2);
    server.send({ topic: 'bounce:t:1', type: 'done', data: { masterId: 'm' } });
    await expect.poll(() => bounce.length).toBe(2);
    expect(bounce[1]).toEqual({ topic: 'bounce:t:1', type: 'done', data: { masterId: 'm' } });
  });

  it('when the secret is wrong, then no event is taken and it keeps trying', async () => {
    const server = await eventServer();
    cleanups.push(() => server.close());
    let refused = 0;
    const log = pino({ level: 'warn' }, { write: (line: string) => void (line.includes('stream refused') && (refused += 1)) });
    const stream = new JobEventStream({ port: server.port, secret: 'wrong' }, log);
    cleanups.push(() => stream.close());
    await expect.poll(() => refused, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(server.connections).toBe(0);
  });
});
