import { describe, expect, it } from 'vitest';
import { lastLinkTo } from './test/outbox.js';
import { useTestApp } from './test/test-app.js';

/**
 * A site served over https while NODE_ENV is not production (as `npm start` and the Procfile run
 * it) is public all the same: secure cookies, a closed GraphQL schema.
 */
describe('a public deployment without NODE_ENV=production', () => {
  const suite = useTestApp({ PUBLIC_URL: 'https://masterdeck.example', NODE_ENV: 'development' });

  const post = (route: string, body: Record<string, string>, cookie?: string) =>
    fetch(`${suite.app.base}/api/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('when PUBLIC_URL is https and NODE_ENV is development, then the refresh cookie and its hint are Secure on sign-in and refresh', async () => {
    const email = 'secure-cookie@example.com';
    const password = 'correct horse battery';
    expect((await post('register', { email, password, firstName: 'Ada', lastName: 'Lovelace' })).status).toBe(201);
    const { token: verifyToken } = await lastLinkTo(suite.platform.outboxDir, email, 'verify-email');
    expect((await post('verify-email', { verifyToken })).status).toBe(200);

    const login = await post('login', { email, password });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith('refresh_token='))).toMatch(/; Secure/);
    expect(cookies.find((cookie) => cookie.startsWith('has_session='))).toMatch(/; Secure/);

    const refreshToken = cookies.find((cookie) => cookie.startsWith('refresh_token='))!.split(';')[0]!;
    const refresh = await post('refresh', {}, refreshToken);
    expect(refresh.status).toBe(200);
    expect(refresh.headers.getSetCookie().find((cookie) => cookie.startsWith('refresh_token='))).toMatch(/; Secure/);
  });

  it('when PUBLIC_URL is https and NODE_ENV is development, then GraphQL introspection and "did you mean" suggestions are off for an anonymous caller', async () => {
    const graphql = async (query: string) => {
      const response = await fetch(`${suite.app.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    };
    const introspection = await graphql('{ __schema { types { name } } }');
    expect(introspection.data ?? null).toBeNull();
    expect(introspection.errors?.[0]?.message).toBe('global.error.introspectionDisabled');
    const type = await graphql('{ __type(name: "Query") { name } }');
    expect(type.data ?? null).toBeNull();
    const typo = await graphql('{ styleGroup { name } }');
    expect(typo.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(typo)).not.toMatch(/did you mean|styleGroups/i);
  });
});
