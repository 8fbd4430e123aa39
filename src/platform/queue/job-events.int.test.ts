import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { jobEventsOf, type JobEvent, type JobEvents } from './job-events.js';

/**
 * Job events between web processes: two buses over one database stand for two web processes. On
 * PostgreSQL (TEST_DATABASE_URL) an event published by one is heard through LISTEN by both; on
 * PGlite (one web process by design) the in-process bus hears its own.
 */
describe('job events', () => {
  let database: TestDatabase;
  let buses: JobEvents[];
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    database = await createTestDatabase();
    const channel = `job_events_${database.schema ?? 'pglite'}`;
    buses = database.url ? [1, 2].map(() => jobEventsOf(database.db, { url: database.url, channel, log })) : [jobEventsOf(database.db, { log })];
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await database.destroy();
  });

  it('when one process publishes, then every process hears it, once each; an unsubscribed listener hears nothing more', async () => {
    const heard = buses.map(() => [] as JobEvent[]);
    const offs = buses.map((bus, i) => bus.subscribe((event) => heard[i]!.push(event)));
    // The LISTEN connections come up in the background: warm up until every bus hears.
    await expect
      .poll(async () => {
        await buses[0]!.publish({ topic: 'warm-up', type: 'progress' });
        return heard.every((events) => events.length > 0);
      }, { timeout: 10_000, interval: 200 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const events of heard) events.length = 0;

    const event: JobEvent = { topic: 'bounce:track:1', type: 'done', data: { masterId: 'm1' } };
    await buses.at(-1)!.publish(event);
    await expect.poll(() => heard.every((events) => events.length > 0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(buses.map(() => [event]));

    offs[0]!();
    await buses[0]!.publish({ topic: 'media', type: 'queued' });
    if (buses.length > 1) await expect.poll(() => heard.at(-1)!.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard[0]).toEqual([event]);
  });
});
