import { describe, expect, it } from 'vitest';
import { createTestUser } from './test/factories.js';
import { useTestApp } from './test/test-app.js';

/**
 * Requests that cost the service far more than they cost the caller are refused before any work:
 * GraphQL operations too wide or deep, tRPC batches too long, JSON nested to the stack's limit.
 */
describe('abuse limits of the web process', () => {
  const suite = useTestApp();
  const production = useTestApp({ NODE_ENV: 'production', METRICS_TOKEN: 'metrics-token-0123456789abcdef', TRUST_PROXY: 'false' });

  async function graphql(base: string, query: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as { data?: unknown; errors?: { message: string }[] } };
  }

  describe('GraphQL', () => {
    it('when an anonymous query holds 1,500 aliases, then it is refused at once with a translation key and /healthz never waits', async () => {
      const fields = Array.from({ length: 1500 }, (_, i) => `a${i}: styleGroups { name styles { name } }`).join(' ');
      const started = Date.now();
      const attack = graphql(suite.app.base, `{ ${fields} }`);
      const health = fetch(`${suite.app.base}/healthz`).then(() => Date.now() - started);
      const answer = await attack;
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.message).toBe('global.error.queryTooComplex');
      expect(answer.body.data).toBeUndefined();
      expect(await health).toBeLessThan(1000);
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('when a query nests deeper than the limit or costs more than the budget, then it is refused with the same key', async () => {
      const ofTypes = (n: number) => `${'ofType { '.repeat(n)}name${' }'.repeat(n)}`;
      const shallow = await graphql(suite.app.base, `{ __type(name: "Query") { fields { type { ${ofTypes(3)} } } } }`);
      expect(shallow.status).toBe(200);
      const nested = `__type(name: "Query") { fields { type { ${ofTypes(12)} } } }`;
      const tooDeep = await graphql(suite.app.base, `{ ${nested} }`);
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body.errors?.[0]?.message).toBe('global.error.queryTooComplex');
      const wide = Array.from({ length: 14 }, (_, i) => `a${i}: styleGroups { name description styles { name description styleIndex } }`).join(' ');
      const costly = await graphql(suite.app.base, `{ ${wide} ${wide.replaceAll(': styleGroups', 'b: styleGroups')} }`);
      expect(costly.status).toBe(400);
      expect(costly.body.errors?.[0]?.message).toBe('global.error.queryTooComplex');
    });

    it('when the service runs in production, then introspection and "did you mean" suggestions are off', async () => {
      const introspection = await graphql(production.app.base, '{ __schema { types { name } } }');
      expect(introspection.body.data ?? null).toBeNull();
      expect(introspection.body.errors?.length).toBeGreaterThan(0);
      const typo = await graphql(production.app.base, '{ styleGroup { name } }');
      expect(typo.body.errors?.[0]?.message).not.toMatch(/did you mean/i);
      expect(JSON.stringify(typo.body)).not.toMatch(/styleGroups/);
      const development = await graphql(suite.app.base, '{ __schema { queryType { name } } }');
      expect(development.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    });

    it('when another site calls GraphQL with credentials, then its origin is not reflected, as on every other route', async () => {
      const evil = { origin: 'https://evil.example' };
      const answer = await graphql(suite.app.base, '{ Faqs { question } }', evil);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      const preflight = await fetch(`${suite.app.base}/graphql`, {
        method: 'OPTIONS',
        headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      const trpc = await fetch(`${suite.app.base}/trpc/catalogue.styleGroups`, { headers: evil });
      expect(trpc.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('tRPC', () => {
    it('when one GET batches 200 calls, then it is refused with a translation key before any call runs', async () => {
      const paths = Array.from({ length: 200 }, () => 'catalogue.styleGroups').join(',');
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [i, null]))));
      const response = await fetch(`${suite.app.base}/trpc/${paths}?batch=1&input=${input}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error?: { message: string } } | { error: { message: string } }[];
      const error = Array.isArray(body) ? body[0]?.error : body.error;
      expect(error?.message).toBe('global.error.batchTooLarge');
    });

    it('when a batch stays within the limit, then every call is answered', async () => {
      const paths = Array.from({ length: 10 }, () => 'catalogue.styleGroups').join(',');
      const response = await fetch(`${suite.app.base}/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBe(10);
    });
  });

  describe('request bodies', () => {
    it('when JSON is nested 40,000 deep, then 400 malformedBody, not 500', async () => {
      const body = `{"email":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
      for (const route of ['/api/auth/forgot-password', '/trpc/accounts.updateUser']) {
        const response = await fetch(`${suite.app.base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expect(response.status, route).toBe(400);
      }
      const graphqlAnswer = await fetch(`${suite.app.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"query":"{ Faqs { question } }","variables":{"a":${'['.repeat(40_000)}${']'.repeat(40_000)}}}`,
      });
      expect(graphqlAnswer.status).toBe(400);
    });

    it('when a name holds a NUL or another control character, then 400 with a translation key and nothing is written', async () => {
      const user = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
      const response = await fetch(`${suite.app.base}/trpc/accounts.updateUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ firstName: 'Ada\u0000Evil' }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('global.error.invalidInput');
      const registered = await fetch(`${suite.app.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nul@example.com', password: 'long enough', firstName: 'A\u0000', lastName: 'B\u0007' }),
      });
      expect(registered.status).toBe(400);
      expect(await suite.platform.db.selectFrom('users').select('id').where('email', '=', 'nul@example.com').executeTakeFirst()).toBeUndefined();
      const row = await suite.platform.db.selectFrom('users').select('first_name').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.first_name).toBe('Test');
    });
  });

  describe('operations', () => {
    it('when /metrics is asked without the configured token, then 404; with it, the metrics', async () => {
      expect((await fetch(`${production.app.base}/metrics`)).status).toBe(404);
      expect((await fetch(`${production.app.base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
      const allowed = await fetch(`${production.app.base}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789abcdef' } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toMatch(/http_request_duration_seconds/);
      expect((await fetch(`${suite.app.base}/metrics`)).status).toBe(404);
    });

    it('when no proxy is configured, then a rotated X-Forwarded-For buys no fresh IP budget', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await fetch(`${production.app.base}/api/auth/resend-confirmation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
          body: JSON.stringify({ email: `rotate-${i}@example.com` }),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });
});
