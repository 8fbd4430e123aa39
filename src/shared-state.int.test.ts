import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInternalApp } from './internal/internal-app.js';
import { createInternalClient } from './internal/internal-client.js';
import { serviceContextOf, type Platform } from './platform/context.js';
import { createMailer } from './platform/mail/mailer.js';
import { agreeOnSharedSecrets, loadSecrets } from './platform/secrets.js';
import { createMaster } from './test/commerce-factories.js';
import { createTestUser, type TestUser } from './test/factories.js';
import { createTestPlatform, type TestPlatform } from './test/test-platform.js';
import { listenTestApp, type TestApp } from './test/test-app.js';

/**
 * Two web processes behind one load balancer (shared state): two apps, each with its
 * own configuration object (so each builds its own gateways and providers) and its own data
 * directory, on one database and one storage. What one of them decided, the other answers alike.
 */
describe('two web processes on one database', () => {
  let a: TestPlatform;
  let b: TestPlatform;
  let appA: TestApp;
  let appB: TestApp;
  let internalB: Server;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    a = await createTestPlatform();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-second-web-'));
    // A configuration object of its own: per-process singletons (gateways, providers) are keyed by it.
    const env = { ...a.env, DATA_DIR: dataDir };
    const outboxDir = path.join(dataDir, 'outbox');
    const platformB: Platform = { env, db: a.db, log: a.log, secrets: a.secrets, storage: a.storage, events: a.events, background: a.background, mailer: createMailer({ from: env.MAIL_FROM, outboxDir, log: a.log }) };
    b = {
      ...a,
      ...platformB,
      dataDir,
      outboxDir,
      contextFor: (actor, locale = 'en') => serviceContextOf(platformB, actor, locale),
      close: () => rm(dataDir, { recursive: true, force: true }),
    };
    appA = await listenTestApp(a);
    appB = await listenTestApp(b);
    internalB = await new Promise((resolve) => {
      const server = createInternalApp(b).listen(0, '127.0.0.1', () => resolve(server));
    });
    alice = await createTestUser(a.db, a.secrets.jwtSecret);
    bob = await createTestUser(a.db, a.secrets.jwtSecret);
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    if (internalB) await new Promise((resolve) => internalB.close(resolve));
    await b?.close();
    await a?.close();
  });

  const post = (app: TestApp, url: string, body: unknown, token?: string) =>
    fetch(`${app.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const query = (app: TestApp, procedure: string, input: unknown, token: string) =>
    fetch(`${app.base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { authorization: `Bearer ${token}` } });

  it('when a rate limit is spent half on one process and half on the other, then both refuse the next request', async () => {
    // forgot-password: 3 an hour per address and client IP (RATE_LIMITS in accounts.service.ts).
    const email = 'limited@example.com';
    for (const app of [appA, appB, appA]) expect((await post(app, '/api/auth/forgot-password', { email })).status).toBe(200);
    expect((await post(appB, '/api/auth/forgot-password', { email })).status).toBe(429);
    expect((await post(appA, '/api/auth/forgot-password', { email })).status).toBe(429);
  });

  it('when a share is revoked through one process, then the other no longer serves it and answers the media process "none"', async () => {
    const master = await createMaster(a.db, alice.id);
    const created = await post(appA, '/trpc/sharing.createShare', { email: bob.email, masterId: master.id }, alice.token);
    expect(created.status).toBe(200);
    const share = ((await created.json()) as { result: { data: { id: string } } }).result.data;
    const internal = createInternalClient({ port: (internalB.address() as AddressInfo).port, secret: b.secrets.internalSecret });
    const hearing = () => internal.tracks.styleHearing.query({ userId: bob.id, trackId: master.track_id, styleId: master.style_id! });

    expect((await query(appB, 'sharing.sharedMaster', { id: master.id }, bob.token)).status).toBe(200);
    expect(await hearing()).toBe('stored');

    expect((await post(appA, '/trpc/sharing.removeShare', { id: share.id }, alice.token)).status).toBe(200);
    expect((await query(appB, 'sharing.sharedMaster', { id: master.id }, bob.token)).status).toBe(404);
    expect(await hearing()).toBe('none');
  });

  it('when two web processes start with generated secrets in data directories of their own, then they agree on the token secret through the database', async () => {
    const dirs = [await mkdtemp(path.join(tmpdir(), 'masterdeck-secrets-')), await mkdtemp(path.join(tmpdir(), 'masterdeck-secrets-'))];
    try {
      const local = dirs.map((dir) => loadSecrets({ DATA_DIR: dir }));
      expect(local[0]!.jwtSecret).not.toBe(local[1]!.jwtSecret);
      const first = await agreeOnSharedSecrets(a.db, { DATA_DIR: dirs[0]! }, local[0]!);
      const second = await agreeOnSharedSecrets(a.db, { DATA_DIR: dirs[1]! }, local[1]!);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      // The internal secret stays the machine's own (its media process talks to it alone).
      expect(second.internalSecret).toBe(local[1]!.internalSecret);
      // The media process started beside the second reads the agreed secret from its file.
      expect(JSON.parse(await readFile(path.join(dirs[1]!, 'secrets.json'), 'utf8'))).toEqual(second);
      expect(loadSecrets({ DATA_DIR: dirs[1]! }).jwtSecret).toBe(first.jwtSecret);
      // A secret from the environment is used as it is.
      const fromEnv = await agreeOnSharedSecrets(a.db, { DATA_DIR: dirs[1]!, JWT_SECRET: 'x'.repeat(40) }, { ...local[1]!, jwtSecret: 'x'.repeat(40) });
      expect(fromEnv.jwtSecret).toBe('x'.repeat(40));
    } finally {
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });
});
