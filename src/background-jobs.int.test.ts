import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from './app-router.js';
import { startBackgroundJobs, WEB_JOB_KINDS } from './background-jobs.js';
import { signAccessToken } from './platform/access-token.js';
import { enqueueJob } from './platform/queue/job-queue.js';
import { startJobSchedule } from './platform/queue/job-schedule.js';
import { createCallerFactory } from './platform/trpc/trpc.js';
import { awaitMailsTo } from './test/outbox.js';
import { coverImage, createDistributor, createMasterWithAudio } from './test/release-factories.js';
import { listenTestApp, type TestApp } from './test/test-app.js';
import { createTestPlatform, type TestPlatform } from './test/test-platform.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let platform: TestPlatform;
let app: TestApp;

beforeAll(async () => {
  platform = await createTestPlatform({ METRICS_TOKEN, SUBSCRIPTION_RENEWAL_INTERVAL_S: '0' });
  app = await listenTestApp(platform);
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

const mailJobsTo = (email: string) =>
  platform.db.selectFrom('jobs').select(['state']).where('kind', '=', WEB_JOB_KINDS.mail).where(sql<string>`payload->>'to'`, '=', email).execute();

describe('the web process on the job queue', () => {
  it('when a service sends a mail, then it waits on the queue and the worker hands it, attachment and all, to the outbox', async () => {
    const background = startBackgroundJobs(platform);
    const email = `queued-${randomUUID()}@example.com`;
    try {
      const pdf = Buffer.from('%PDF-1.4 not really');
      await background.platform.mailer.send({ to: email, subject: 'Your receipt', text: 'Thanks', html: '<p>Thanks</p>', kind: 'receipt', attachments: [{ filename: 'invoice.pdf', content: pdf, contentType: 'application/pdf' }] });
      const [mail] = await awaitMailsTo(platform.outboxDir, email);
      expect(mail?.subject).toBe('Your receipt');
      expect(mail?.attachments[0]?.content.equals(pdf)).toBe(true);
      // Done, the job row keeps no payload: nothing names the recipient any more.
      await expect.poll(() => mailJobsTo(email)).toEqual([]);
    } finally {
      await background.stop();
    }
  });

  it('when an account is deleted while its mails still wait, then they are dropped from the queue', async () => {
    const background = startBackgroundJobs(platform);
    await background.stop();
    const email = `forget-${randomUUID()}@example.com`;
    await background.platform.mailer.send({ to: email, subject: 'Hello', text: 'x', html: 'x', kind: 'share' });
    expect(await mailJobsTo(email)).toEqual([{ state: 'queued' }]);
    await background.platform.mailer.forgetRecipient(email.toUpperCase());
    expect(await mailJobsTo(email)).toEqual([]);
  });

  it('when two web processes run the same schedule, then each slot makes one job', async () => {
    const kind = `sweep.${randomUUID()}`;
    const log = pino({ level: 'silent' });
    const schedules = [1, 2].map(() => startJobSchedule(platform.db, log, { kind, everyMs: 3_600_000, firstDelayMs: 0 }));
    const rowsOf = () => platform.db.selectFrom('jobs').select('idempotency_key').where('kind', '=', kind).execute();
    await expect.poll(async () => (await rowsOf()).length).toBeGreaterThan(0);
    // Both schedules fire at once (firstDelayMs 0); give the second its moment before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    schedules.forEach((s) => s.stop());
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idempotency_key).toMatch(new RegExp(`^${kind}@\\d{4}-\\d\\d-\\d\\dT\\d\\d:00:00.000Z$`));
  });

  it('when jobs wait, then /metrics shows the queue depth and the oldest job\'s age per kind', async () => {
    const kind = `probe.${randomUUID().slice(0, 8)}`;
    await enqueueJob(platform.db, { kind, runAfter: new Date(Date.now() - 90_000) });
    await enqueueJob(platform.db, { kind });
    const text = await (await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(text).toContain(`job_queue_waiting{kind="${kind}"} 2`);
    const age = Number(text.match(new RegExp(`job_queue_oldest_age_seconds\\{kind="${kind.replace('.', '\\.')}"\\} ([\\d.]+)`))?.[1]);
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(200);
  });

  it('when the web process runs, then the renewal sweep is put on the queue and done by its worker', async () => {
    const sweeping = await createTestPlatform({ SUBSCRIPTION_RENEWAL_INTERVAL_S: '1' });
    const background = startBackgroundJobs(sweeping);
    const doneKinds = async () =>
      (await sweeping.db.selectFrom('jobs').select('kind').distinct().where('state', '=', 'done').execute()).map((row) => row.kind).sort();
    try {
      // Renewals start 5 s after the process.
      await expect.poll(doneKinds, { timeout: 20_000 }).toEqual([WEB_JOB_KINDS.subscriptionRenewals]);
    } finally {
      await background.stop();
    }
    await sweeping.close();
  });

  it('when a release is distributed with the local provider, then the worker of the web process delivers it and every store answers within seconds', async () => {
    const background = startBackgroundJobs(platform);
    try {
      const account = await createDistributor(platform);
      const caller = createCallerFactory(appRouter)(platform.contextFor({ userId: account.userId }));
      const { albumId } = await caller.releases.start();
      await caller.releases.updateAlbum({ albumId, name: 'Worker Songs' });
      const { masterId } = await createMasterWithAudio(platform, account.userId, { trackName: 'Sunrise', seconds: 1 });
      const track = await caller.releases.addTrack({ masterId, albumId });
      await caller.releases.updateTrack({ trackId: track.track_id, genre: [8], language: 'en' });
      const form = new FormData();
      form.append('cover_image', new Blob([new Uint8Array(await coverImage({ width: 3000 }))]), 'cover.jpg');
      const cover = await fetch(`${app.base}/api/distribution/albums/${albumId}/cover`, { method: 'POST', headers: { authorization: `Bearer ${signAccessToken(platform.secrets.jwtSecret, account.userId).token}` }, body: form });
      expect(cover.status).toBe(200);
      await caller.releases.distribute({ albumId, outletDetails: { globalReleaseDate: '2099-01-15', outlets: [{ store_id: 1, release_start_date: null }, { store_id: 20, release_start_date: null }] } });

      const answers = async () => (await caller.releases.outlets({ albumId })).map((outlet) => [outlet.store_name, outlet.outlet_status.status_code]);
      // Package, one step per store, finish: each step's job claimed as the one before completes.
      await expect.poll(answers, { timeout: 15_000 }).toEqual([
        ['Spotify', 1202],
        ['Beatport', 1202],
      ]);
      await expect.poll(async () => (await caller.releases.list()).find((release) => release.release_id === albumId)?.album_status.status_name, { timeout: 5_000 }).toBe('LOCAL_DELIVERED');
    } finally {
      await background.stop();
    }
  });
});
