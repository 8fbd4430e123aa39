import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app.js';
import { appRouter } from '../app-router.js';
import { signAccessToken } from '../platform/access-token.js';
import type { Locale } from '../platform/context.js';
import { createCallerFactory } from '../platform/trpc/trpc.js';
import { startedInBeforeAll } from './test-database.js';
import { createTestPlatform, type TestPlatform } from './test-platform.js';

export interface TestApp {
  /** http://127.0.0.1:PORT */
  base: string;
  close(): Promise<void>;
}

/**
 * The web app over a test platform on a free loopback port. Its SPA files are a one-line shell in a
 * temporary folder, so the tests do not depend on whether `vite build` has run.
 */
export async function listenTestApp(platform: TestPlatform): Promise<TestApp> {
  const clientDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Masterdeck</title><div id="root"></div>');
  const server = createServer(createApp(platform, { clientDir }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(clientDir, { recursive: true, force: true });
    },
  };
}

const createCaller = createCallerFactory(appRouter);

/**
 * A test platform and its web app for the enclosing describe block, started before its tests and
 * closed after them, with the ways tests act as a user: a tRPC caller, a bearer header, a GraphQL request.
 */
export function useTestApp(envOverrides: Record<string, string> = {}) {
  let platform: TestPlatform | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    platform = await createTestPlatform(envOverrides);
    app = await listenTestApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.close();
  });
  const started = () => startedInBeforeAll(platform, 'test platform');
  const listening = () => startedInBeforeAll(app, 'test app');
  const bearer = (userId: string) => ({ authorization: `Bearer ${signAccessToken(started().secrets.jwtSecret, userId).token}` });
  return {
    get platform() {
      return started();
    },
    get app() {
      return listening();
    },
    /** A tRPC caller acting as this user; null: a signed-out visitor. */
    callerFor: (userId: string | null, locale?: Locale) => createCaller(started().contextFor(userId === null ? null : { userId }, locale)),
    /** The same, for a test user (null: a signed-out visitor). */
    callerAs: (user: { id: string } | null, locale?: Locale) => createCaller(started().contextFor(user === null ? null : { userId: user.id }, locale)),
    /** The Authorization header of a fresh access token of this user. */
    bearer,
    /** A GraphQL request to the app as this user (null: signed out), answered with its JSON body. */
    async graphql(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
      const response = await fetch(`${listening().base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(userId === null ? {} : bearer(userId)) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data: Record<string, unknown> | null; errors?: { message: string }[] };
    },
  };
}
