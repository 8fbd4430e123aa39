import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from './platform/graphql/yoga.js';
import { createTestUser } from './test/factories.js';
import { createTestPlatform } from './test/test-platform.js';
import { listenTestApp, useTestApp } from './test/test-app.js';

describe('web app', () => {
  const suite = useTestApp();

  it('when probed, then /healthz and /readyz answer (/metrics needs its token: abuse-limits.int.test.ts)', async () => {
    expect((await fetch(`${suite.app.base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${suite.app.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('when GraphQL asks for styleGroups and Faqs, then the seeded catalogue comes back', async () => {
    const response = await fetch(`${suite.app.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ styleGroups { name styles { name styleIndex } } Faqs { question order } }' }),
    });
    const body = (await response.json()) as { data: { styleGroups: { name: string; styles: { name: string }[] }[]; Faqs: unknown[] } };
    expect(body.data.styleGroups.map((g) => g.name)).toEqual(['Pop', 'Electronic', 'Hip-Hop', 'Rock', 'Acoustic']);
    expect(body.data.styleGroups[0]?.styles.map((s) => s.name)).toEqual(['Bright', 'Warm', 'Punchy']);
    expect(body.data.Faqs.length).toBeGreaterThan(0);
  });

  it('when a GraphQL body is over 100 kB or multipart, then it is refused before any resolver runs', async () => {
    const padding = 'x'.repeat(MAX_BODY_BYTES);
    const large = await fetch(`${suite.app.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ Faqs { question } } # ${padding}` }),
    });
    expect(large.status).toBe(413);
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: '{ Faqs { question } }' }));
    form.append('map', '{}');
    const multipart = await fetch(`${suite.app.base}/graphql`, { method: 'POST', body: form });
    expect(multipart.ok).toBe(false);
  });

  it('when tRPC is called over HTTP with a German cookie, then the answer is localised', async () => {
    const response = await fetch(`${suite.app.base}/trpc/catalogue.styleGroups`, { headers: { cookie: 'lang=de' } });
    const body = (await response.json()) as { result: { data: { description: string }[] } };
    expect(body.result.data[0]?.description).toMatch(/Gesang/);
  });

  it('when tRPC gets invalid input, then it answers 400 with a translation key, and the REST adapter the same key', async () => {
    const user = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    const input = encodeURIComponent(JSON.stringify({ trackId: 'not-a-uuid' }));
    const response = await fetch(`${suite.app.base}/trpc/masters.trackMasters?input=${input}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; data: { code: string; detail?: string } } };
    expect(body.error.message).toBe('global.error.invalidInput');
    expect(body.error.data).toMatchObject({ code: 'BAD_REQUEST', detail: 'trackId' });

    const rest = await fetch(`${suite.app.base}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody' }) });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({ statusCode: 400, message: 'global.message.invalidEmail', detail: 'email' });
  });

  it('when tRPC is called in-process, then the same service answers', async () => {
    const caller = suite.callerFor(null);
    const groups = await caller.catalogue.styleGroups();
    expect(groups.length).toBeGreaterThanOrEqual(5);
  });

  it('when the SPA asks for its config, then the socket address and features come back', async () => {
    const config = await (await fetch(`${suite.app.base}/api/config`)).json();
    expect(config).toEqual({
      mediaUrl: 'ws://localhost:3001/ws',
      paymentMode: 'local',
      features: { distribution: true, blog: true },
      noticeBanner: null,
      video: null,
      seller: { name: 'Masterdeck GmbH', addressLines: ['Musterstraße 1', '10115 Berlin', 'Germany'], country: 'DE', vatId: 'DE000000000', contactEmail: 'hello@masterdeck.local' },
      pluginBundleUrl: null,
      analytics: null,
    });
    // Nothing third-party is configured, so the policy names no outside frame or connection.
    const csp = cspDirectives((await fetch(`${suite.app.base}/api/config`)).headers.get('content-security-policy'));
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['connect-src']?.filter((origin) => origin.startsWith('https:'))).toEqual([]);
  });

  it('when a video and an analytics endpoint are configured, then the config names them and the CSP allows exactly their origins', async () => {
    const configured = await createTestPlatform({
      HOME_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/abc123',
      ANALYTICS_URL: 'https://stats.example.org/api/event',
      PUBLIC_URL: 'https://masterdeck.example',
    });
    const configuredApp = await listenTestApp(configured);
    try {
      const response = await fetch(`${configuredApp.base}/api/config`);
      const config = await response.json();
      expect(config.video).toEqual({ embedUrl: 'https://www.youtube-nocookie.com/embed/abc123', host: 'www.youtube-nocookie.com' });
      expect(config.analytics).toEqual({ endpoint: 'https://stats.example.org/api/event', site: 'masterdeck.example' });
      const csp = cspDirectives(response.headers.get('content-security-policy'));
      expect(csp['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
      expect(csp['connect-src']?.filter((origin) => origin.startsWith('https:'))).toEqual(['https://stats.example.org']);
    } finally {
      await configuredApp.close();
      await configured.close();
    }
  });

  it('when an API path is unknown or a body is malformed, then the error shape is {statusCode, message}', async () => {
    const missing = await fetch(`${suite.app.base}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, message: 'global.error.notFound' });
    const malformed = await fetch(`${suite.app.base}/api/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ statusCode: 400, message: 'error.malformedBody' });
  });

  it('when a browser opens any route, then the SPA index is served (history fallback)', async () => {
    const response = await fetch(`${suite.app.base}/masters/song/abc`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/Masterdeck/);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('when a browser opens an unknown path, then it answers 404 with the same SPA index (its not-found page)', async () => {
    for (const path of ['/no/such/page', '/masters/song/1/extra', '/distribution/statistics', '/blogs']) {
      const response = await fetch(`${suite.app.base}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(404);
      expect(await response.text()).toMatch(/<div id="root">/);
    }
    for (const path of ['/', '/masters', '/masters/song', '/masters/song/abc/', '/blog/some-post', '/auth/reset-password/tok', '/distribution/new-release/track']) {
      expect((await fetch(`${suite.app.base}${path}`, { headers: { accept: 'text/html' } })).status, path).toBe(200);
    }
  });
});

function cspDirectives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}
