import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { signAccessToken } from '../../platform/access-token.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { hashOpaqueToken } from './accounts.crypto.js';
import { awaitMailsTo, lastLinkTo, mailsTo } from '../../test/outbox.js';
import { authRequests, refreshTokenOf } from '../../test/auth-requests.js';
import { useTestApp } from '../../test/test-app.js';

/**
 * The accounts API as clients meet it: REST over HTTP (JSON and form bodies, cookies), tRPC and
 * GraphQL, on a real database. Each test signs up its own users and speaks from its own client IP
 * (X-Forwarded-For from loopback is trusted), so the abuse limits of one test never touch another.
 */
describe('accounts', () => {
  const suite = useTestApp();
  const { newIp, newEmail, post, signedInUser } = authRequests(suite, '10.0');

  const trpcAs = (userId: string | null) => createCallerFactory(appRouter)(suite.platform.contextFor(userId ? { userId } : null));

  async function graphql(query: string, variables: Record<string, unknown>, token?: string) {
    const response = await fetch(`${suite.app.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
  }

  const ADDRESS = { streetAndNumber: 'Hauptstraße 1', zip: '10115', city: 'Berlin', state: 'Berlin', country: 'DE' };

  describe('sign-up and confirmation', () => {
    it('when someone signs up in German with a form body, then an unconfirmed account exists and a German mail with text and HTML parts holds the link', async () => {
      const ip = newIp();
      const email = newEmail();
      const answer = await post('register', { email: `  ${email.toUpperCase()} `, password: 'long enough', firstName: 'Jörg', lastName: 'Müller' }, { ip, form: true, lang: 'de' });
      expect(answer).toMatchObject({ status: 201, body: { email } });
      const row = await suite.platform.db.selectFrom('users').select(['locale', 'email_confirmed_at', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.locale).toBe('de');
      expect(row.email_confirmed_at).toBeNull();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const [mail] = await mailsTo(suite.platform.outboxDir, email);
      expect(mail?.subject).toBe('Bestätige deine E-Mail-Adresse für Masterdeck');
      expect(mail?.text).toMatch(/Hallo Jörg,[\s\S]*http:\/\/localhost:3000\/auth\/verify-email\/[\w-]{43}/);
      expect(mail?.html).toMatch(/<a href="http:\/\/localhost:3000\/auth\/verify-email\/[\w-]{43}"/);
    });

    it('when someone signs up from a page to come back to, then the confirmation link carries that page; another site is refused and nothing is created', async () => {
      const ip = newIp();
      const email = newEmail();
      const next = '/masters/song/0b5c6f0e-8f5e-4e57-9d51-3c3a8a2d2f10?share=abc';
      expect((await post('register', { email, password: 'long enough', firstName: 'Ida', lastName: 'Ray', next }, { ip })).status).toBe(201);
      const { url } = await lastLinkTo(suite.platform.outboxDir, email, 'verify-email');
      const [mail] = await mailsTo(suite.platform.outboxDir, email);
      const link = new URL(mail!.text.match(/https?:\/\/\S+\/auth\/verify-email\/\S+/)![0]);
      expect(link.pathname).toBe(new URL(url).pathname);
      expect(link.searchParams.get('next')).toBe(next);

      for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
        const other = newEmail();
        expect(await post('register', { email: other, password: 'long enough', firstName: 'Ida', lastName: 'Ray', next: away }, { ip })).toMatchObject({
          status: 400,
          body: { message: 'global.error.invalidInput' },
        });
        expect(await suite.platform.db.selectFrom('users').select('id').where('email', '=', other).executeTakeFirst()).toBeUndefined();
      }
    });

    it('when the password is too short or a field is missing, then 400 names the rule as a translation key', async () => {
      const ip = newIp();
      expect(await post('register', { email: newEmail(), password: 'short', firstName: 'A', lastName: 'B' }, { ip })).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: 'global.passwordRequirements' },
      });
      expect(await post('register', { email: 'not-an-address', password: 'long enough', firstName: 'A', lastName: 'B' }, { ip })).toMatchObject({
        status: 400,
        body: { message: 'global.message.invalidEmail' },
      });
      expect((await post('register', { email: newEmail(), password: 'long enough', firstName: 'A' }, { ip })).status).toBe(400);
    });

    it('when an unconfirmed user signs in, then 403 userNotConfirmed; a resent link confirms once, and the older link no longer works', async () => {
      const ip = newIp();
      const email = newEmail();
      await post('register', { email, password: 'long enough', firstName: 'A', lastName: 'B' }, { ip });
      const first = await lastLinkTo(suite.platform.outboxDir, email, 'verify-email');
      expect(await post('login', { email, password: 'long enough' }, { ip })).toMatchObject({
        status: 403,
        body: { statusCode: 403, message: 'global.error.userNotConfirmed' },
      });
      expect(await post('resend-confirmation', { email }, { ip })).toMatchObject({ status: 200 });
      const second = await lastLinkTo(suite.platform.outboxDir, email, 'verify-email');
      expect(second.token).not.toBe(first.token);
      expect(await post('verify-email', { verifyToken: first.token }, { ip })).toMatchObject({ status: 401, body: { message: 'global.error.invalidToken' } });
      expect(await post('verify-email', { verifyToken: second.token }, { ip, form: true })).toMatchObject({ status: 200, body: { result: 'confirmed', email } });
      expect((await post('verify-email', { verifyToken: second.token }, { ip })).status).toBe(401);
      const login = await post('login', { email, password: 'long enough' }, { ip });
      expect(login.status).toBe(200);
    });

    it('when an expired verification token is used, then it is refused', async () => {
      const ip = newIp();
      const email = newEmail();
      await post('register', { email, password: 'long enough', firstName: 'A', lastName: 'B' }, { ip });
      const { token } = await lastLinkTo(suite.platform.outboxDir, email, 'verify-email');
      await sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'verify' and used_at is null`.execute(suite.platform.db);
      expect((await post('verify-email', { verifyToken: token }, { ip })).status).toBe(401);
    });

    it('when a confirmed address signs up again, then the answer is the same, the password is unchanged and the owner is told by mail', async () => {
      const user = await signedInUser();
      const again = await post('register', { email: user.email, password: 'another password', firstName: 'Eve', lastName: 'X' }, { ip: newIp() });
      expect(again).toMatchObject({ status: 201, body: { email: user.email } });
      expect((await mailsTo(suite.platform.outboxDir, user.email)).at(-1)?.subject).toBe('You already have a Masterdeck account');
      expect((await post('login', { email: user.email, password: user.password }, { ip: newIp() })).status).toBe(200);
      expect((await post('login', { email: user.email, password: 'another password' }, { ip: newIp() })).status).toBe(401);
    });
  });

  describe('sign-in and sessions', () => {
    it('when the password is wrong or the address unknown, then both answers are identical', async () => {
      const user = await signedInUser();
      const wrong = await post('login', { email: user.email, password: 'wrong password' }, { ip: newIp() });
      const unknown = await post('login', { email: newEmail('nobody'), password: 'wrong password' }, { ip: newIp() });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: 'global.error.badCredentials' });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.setCookie).toBeNull();
    });

    it('when a user signs in, then a 15-minute access token and an httpOnly, SameSite=Lax refresh cookie for 7 days come back', async () => {
      const user = await signedInUser();
      const login = await post('login', { email: user.email, password: user.password }, { ip: user.ip });
      const expiresAt = Date.parse(login.body.expiresAt as string);
      expect(expiresAt - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);
      expect(login.setCookie).toMatch(/refresh_token=[\w-]{43}; Path=\/api\/auth; Expires=[^;]+; HttpOnly; SameSite=Lax/);
      expect(login.setCookie).not.toMatch(/Secure/);
      const cookieExpiry = Date.parse(login.setCookie?.match(/Expires=([^;]+)/)?.[1] ?? '');
      expect(Math.round((cookieExpiry - Date.now()) / 86_400_000)).toBe(7);
      const stored = await suite.platform.db.selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', user.userId).execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(refreshTokenOf(login));
    });

    it('when a refresh token is used, then it rotates; when a rotated one comes back, then the whole family is revoked', async () => {
      const user = await signedInUser();
      const first = await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` });
      expect(first.status).toBe(200);
      expect(typeof first.body.accessToken).toBe('string');
      const rotated = refreshTokenOf(first);
      expect(rotated).not.toBe(user.refreshToken);
      const second = await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${rotated}` });
      expect(second.status).toBe(200);
      const latest = refreshTokenOf(second);

      const reuse = await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` });
      expect(reuse).toMatchObject({ status: 401, body: { message: 'global.error.unauthorized' } });
      expect(reuse.setCookie).toMatch(/refresh_token=;/);
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${latest}` })).status).toBe(401);
      const live = await suite.platform.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.userId).where('revoked_at', 'is', null).execute();
      expect(live).toEqual([]);
    });

    it('when a rotated token comes back at once and the token issued for it was never used (the answer was lost), then it rotates again', async () => {
      const user = await signedInUser();
      const lost = await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` });
      expect(lost.status).toBe(200);
      // The browser navigated away before the answer arrived: it still holds the old cookie.
      const retry = await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` });
      expect(retry.status).toBe(200);
      const kept = refreshTokenOf(retry);
      const lostHash = hashOpaqueToken(refreshTokenOf(lost));
      expect((await suite.platform.db.selectFrom('refresh_tokens').select('revoked_at').where('token_hash', '=', lostHash).executeTakeFirstOrThrow()).revoked_at).not.toBeNull();
      const next = await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${kept}` });
      expect(next.status).toBe(200);
      // Its successor was used now: the old token coming back again is a reuse after all.
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` })).status).toBe(401);
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${refreshTokenOf(next)}` })).status).toBe(401);
    });

    it('when another session of the same user reuses nothing, then it survives a revoked family', async () => {
      const user = await signedInUser();
      const other = await post('login', { email: user.email, password: user.password }, { ip: user.ip });
      await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` });
      await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` });
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${refreshTokenOf(other)}` })).status).toBe(200);
    });

    it('when a user logs out, then the refresh cookie is cleared and no longer refreshes; without a cookie refresh is 401', async () => {
      const user = await signedInUser();
      const out = await post('logout', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` });
      expect(out.status).toBe(204);
      expect(out.setCookie).toMatch(/refresh_token=; Path=\/api\/auth; Expires=Thu, 01 Jan 1970/);
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` })).status).toBe(401);
      expect((await post('refresh', null, { ip: user.ip })).status).toBe(401);
    });

    it('when a session opens, then a readable has_session hint cookie comes with the refresh cookie; logout and a refused refresh clear it', async () => {
      const user = await signedInUser();
      const login = await post('login', { email: user.email, password: user.password }, { ip: user.ip });
      const hint = login.setCookie?.split(/,\s*(?=\w+=)/).find((cookie) => cookie.startsWith('has_session=')) ?? '';
      expect(hint).toMatch(/^has_session=1; Path=\/; Expires=[^;]+; SameSite=Lax$/);
      expect(hint.match(/Expires=([^;]+)/)?.[1]).toBe(login.setCookie?.match(/refresh_token=[^;]+; Path=\/api\/auth; Expires=([^;]+)/)?.[1]);
      const refused = await post('refresh', null, { ip: user.ip, cookie: 'refresh_token=not-a-token' });
      expect(refused.status).toBe(401);
      expect(refused.setCookie).toMatch(/has_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
      const out = await post('logout', null, { ip: user.ip, cookie: `refresh_token=${refreshTokenOf(login)}` });
      expect(out.setCookie).toMatch(/has_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
    });

    it('when an access token is expired, tampered with or unsigned (alg none), then every API refuses it', async () => {
      const user = await signedInUser();
      const other = await signedInUser('other');
      const expired = signAccessToken(suite.platform.secrets.jwtSecret, user.userId, Date.now() - 16 * 60_000).token;
      const [header, payload, signature] = user.accessToken.split('.');
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
      const tampered = `${header}.${b64({ ...claims, sub: other.userId })}.${signature}`;
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims })}.`;
      const wrongKey = signAccessToken('another-secret-0123456789abcdef0123456789', user.userId).token;

      for (const token of [expired, tampered, unsigned, wrongKey]) {
        const trpc = await fetch(`${suite.app.base}/trpc/accounts.me`, { headers: { authorization: `Bearer ${token}` } });
        expect(trpc.status).toBe(401);
        const gql = await graphql('{ me { id email } }', {}, token);
        expect(gql.errors?.[0]?.message).toBe('global.error.unauthorized');
        expect(await post('delete-account', null, { ip: user.ip, token })).toMatchObject({ status: 401, body: { message: 'global.error.unauthorized' } });
      }
      const valid = await fetch(`${suite.app.base}/trpc/accounts.me`, { headers: { authorization: `Bearer ${user.accessToken}` } });
      expect(((await valid.json()) as { result: { data: { email: string } } }).result.data.email).toBe(user.email);
    });
  });

  describe('forgotten passwords', () => {
    it('when forgot-password is asked for a known and an unknown address, then the answers are identical and only the known one gets mail', async () => {
      const user = await signedInUser();
      const unknownEmail = newEmail('ghost');
      const known = await post('forgot-password', { email: user.email }, { ip: newIp(), form: true });
      const unknown = await post('forgot-password', { email: unknownEmail }, { ip: newIp(), form: true });
      expect(known.status).toBe(200);
      expect(unknown).toEqual(known);
      expect((await awaitMailsTo(suite.platform.outboxDir, user.email, 2)).at(-1)?.subject).toBe('Reset your Masterdeck password');
      expect((await mailsTo(suite.platform.outboxDir, unknownEmail)).length).toBe(0);
    });

    it('when the mail server is slow, then forgot-password answers without waiting for it, so timing tells nothing', async () => {
      const user = await signedInUser();
      const send = suite.platform.mailer.send;
      let release = () => {};
      suite.platform.mailer.send = () => new Promise<void>((resolve) => (release = resolve));
      try {
        const answer = await Promise.race([post('forgot-password', { email: user.email }, { ip: newIp() }), new Promise((resolve) => setTimeout(() => resolve('waited for the mail'), 3000))]);
        expect(answer).toMatchObject({ status: 200 });
      } finally {
        suite.platform.mailer.send = send;
        release();
      }
    });

    it('when a reset link is used, then the new password works, the old one and all sessions end, and the link works only once', async () => {
      const user = await signedInUser();
      await post('forgot-password', { email: user.email }, { ip: user.ip });
      const { token } = await lastLinkTo(suite.platform.outboxDir, user.email, 'reset-password');
      expect(await post('reset-password', { resetToken: token, password: 'short' }, { ip: user.ip })).toMatchObject({ status: 400, body: { message: 'global.passwordRequirements' } });
      expect((await post('reset-password', { resetToken: token, password: 'brand new secret' }, { ip: user.ip, form: true })).status).toBe(200);
      expect(await post('reset-password', { resetToken: token, password: 'another new secret' }, { ip: user.ip })).toMatchObject({ status: 401, body: { message: 'global.error.invalidToken' } });
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` })).status).toBe(401);
      expect((await post('login', { email: user.email, password: user.password }, { ip: user.ip })).status).toBe(401);
      expect((await post('login', { email: user.email, password: 'brand new secret' }, { ip: user.ip })).status).toBe(200);
    });

    it('when a reset token is older than an hour, then it is refused', async () => {
      const user = await signedInUser();
      await post('forgot-password', { email: user.email }, { ip: user.ip });
      const { token } = await lastLinkTo(suite.platform.outboxDir, user.email, 'reset-password');
      await sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'reset'`.execute(suite.platform.db);
      expect((await post('reset-password', { resetToken: token, password: 'brand new secret' }, { ip: user.ip })).status).toBe(401);
    });
  });

  describe('abuse limits', () => {
    it('when one address is tried too often from one IP, then 429 with the translated key', async () => {
      const user = await signedInUser();
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await post('login', { email: user.email, password: 'wrong password' }, { ip })).status);
      expect(statuses.every((s) => s === 401)).toBe(true);
      const limited = await post('login', { email: user.email, password: user.password }, { ip });
      expect(limited).toMatchObject({ status: 429, body: { statusCode: 429, message: 'global.error.tooManyRequests' } });
    });

    it('when one IP signs up many addresses, asks for many resets or resends, then 429', async () => {
      const ip = newIp();
      const registers: number[] = [];
      for (let i = 0; i < 11; i++) registers.push((await post('register', { email: newEmail('bulk'), password: 'long enough', firstName: 'A', lastName: 'B' }, { ip })).status);
      expect(registers.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(registers[10]).toBe(429);

      const target = newEmail('target');
      const forgotIp = newIp();
      const forgot: number[] = [];
      for (let i = 0; i < 4; i++) forgot.push((await post('forgot-password', { email: target }, { ip: forgotIp })).status);
      expect(forgot).toEqual([200, 200, 200, 429]);

      const resendIp = newIp();
      const resend: number[] = [];
      for (let i = 0; i < 11; i++) resend.push((await post('resend-confirmation', { email: newEmail('r') }, { ip: resendIp })).status);
      expect(resend.at(-1)).toBe(429);
      const buckets = await suite.platform.db.selectFrom('rate_limit_counters').select('bucket').execute();
      expect(buckets.every((b) => /^[a-z-]+:[0-9a-f]{64}$/.test(b.bucket))).toBe(true);
    });
  });

  describe('profile', () => {
    it('when the password changes, then the current password is required and checked', async () => {
      const user = await signedInUser();
      const caller = trpcAs(user.userId);
      await expect(caller.accounts.updateUser({ password: 'new long password' })).rejects.toThrow('global.error.currentPasswordRequired');
      await expect(caller.accounts.updateUser({ password: 'new long password', currentPassword: 'nope' })).rejects.toThrow('global.error.currentPasswordWrong');
      await caller.accounts.updateUser({ password: 'new long password', currentPassword: user.password, firstName: 'Grace', subscribedToNewsletter: true });
      expect(await caller.accounts.me()).toMatchObject({ firstName: 'Grace', lastName: 'Lovelace', subscribedToNewsletter: true, betaTesting: false });
      expect((await post('login', { email: user.email, password: 'new long password' }, { ip: user.ip })).status).toBe(200);
    });

    it('when the e-mail changes, then nothing moves until the link mailed to the new address is opened', async () => {
      const user = await signedInUser('mover', 'de');
      const target = newEmail('moved');
      const gql = await graphql(
        'mutation ($input: UpdateUserInput!) { updateUser(updateUserInput: $input) { email } }',
        { input: { email: target.toUpperCase(), currentPassword: user.password } },
        user.accessToken,
      );
      expect(gql.data?.updateUser).toEqual({ email: user.email });
      const mail = (await mailsTo(suite.platform.outboxDir, target)).at(-1);
      expect(mail?.subject).toBe('Bestätige deine neue E-Mail-Adresse für Masterdeck');
      const { token } = await lastLinkTo(suite.platform.outboxDir, target, 'verify-email');
      expect(await post('verify-email', { verifyToken: token }, { ip: user.ip })).toMatchObject({ status: 200, body: { result: 'emailChanged', email: target } });
      expect((await trpcAs(user.userId).accounts.me()).email).toBe(target);
      expect((await post('login', { email: target, password: user.password }, { ip: user.ip })).status).toBe(200);
    });

    it('when the new e-mail belongs to someone else, then 409', async () => {
      const user = await signedInUser();
      const other = await signedInUser();
      await expect(trpcAs(user.userId).accounts.updateUser({ email: other.email, currentPassword: user.password })).rejects.toThrow('global.error.emailTaken');
    });
  });

  describe('one user never reaches another', () => {
    it('when user B names user A through tRPC, then A stays untouched and unseen', async () => {
      const a = await signedInUser('a');
      const b = await signedInUser('b');
      const asA = trpcAs(a.userId);
      const asB = trpcAs(b.userId);
      const address = await asA.addresses.create(ADDRESS);
      expect(await asB.addresses.list()).toEqual([]);
      await expect(asB.addresses.update({ ...ADDRESS, id: address.id, city: 'Hacked' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(asB.accounts.updateUser({ id: a.userId, firstName: 'Hacked' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect((await asB.accounts.me()).id).toBe(b.userId);
      expect(await asA.addresses.list()).toEqual([address]);
      expect((await asA.accounts.me()).firstName).toBe('Ada');
      await expect(trpcAs(null).accounts.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(trpcAs(null).addresses.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(trpcAs(null).invoices.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('when user B names user A through GraphQL, then A stays untouched and unseen', async () => {
      const a = await signedInUser('a');
      const b = await signedInUser('b');
      const created = await graphql(
        'mutation ($s: String!, $z: String!, $c: String!, $st: String!, $co: String!) { createAddress(streetAndNumber: $s, zip: $z, city: $c, state: $st, country: $co, taxId: null) { id city country taxId } }',
        { s: 'Main St 1', z: '12345', c: 'Springfield', st: 'IL', co: 'us' },
        a.accessToken,
      );
      const address = created.data?.createAddress as { id: string; country: string; taxId: string | null };
      expect(address).toMatchObject({ city: 'Springfield', country: 'US', taxId: null });
      const update = await graphql(
        'mutation ($id: ID!) { updateAddress(id: $id, streetAndNumber: "x", zip: "1", city: "Hacked", state: "x", country: "US") { id city } }',
        { id: address.id },
        b.accessToken,
      );
      expect(update.errors?.[0]?.message).toBe('global.error.notFound');
      expect((await graphql('{ addresses { id } }', {}, b.accessToken)).data?.addresses).toEqual([]);
      const sneaky = await graphql('mutation ($id: ID!) { updateUser(updateUserInput: { id: $id, firstName: "Hacked" }) { id } }', { id: a.userId }, b.accessToken);
      expect(sneaky.errors?.[0]?.message).toBe('global.error.forbidden');
      expect((await graphql('{ me { id firstName } }', {}, a.accessToken)).data?.me).toEqual({ id: a.userId, firstName: 'Ada' });
      expect((await graphql('{ addresses { city } }', {}, a.accessToken)).data?.addresses).toEqual([{ city: 'Springfield' }]);
      expect((await graphql('{ invoices { invoiceNumber } }', {}, b.accessToken)).data?.invoices).toEqual([]);
      expect((await graphql('{ me { id } }', {})).errors?.[0]?.message).toBe('global.error.unauthorized');
    });

    it('when an address misses a required field, then "field is required" comes back as a key', async () => {
      const a = await signedInUser();
      await expect(trpcAs(a.userId).addresses.create({ ...ADDRESS, city: '  ' })).rejects.toThrow(/global\.message\.fieldRequired/);
      const gql = await graphql('mutation { createAddress(streetAndNumber: "x", zip: "1", city: "", state: "x", country: "DE") { id } }', {}, a.accessToken);
      expect(gql.errors?.[0]?.message).toBe('global.message.fieldRequired');
      const country = await graphql('mutation { createAddress(streetAndNumber: "x", zip: "1", city: "y", state: "x", country: "XX") { id } }', {}, a.accessToken);
      expect(country.errors?.[0]?.message).toBe('global.message.fieldRequired');
    });

    it('when a country needs a state (US) and none is given, then "field is required" and nothing is stored; a German address saves without one', async () => {
      const a = await signedInUser();
      const us = { streetAndNumber: '1 Main St', zip: '10001', city: 'New York', country: 'US' };
      await expect(trpcAs(a.userId).addresses.create({ ...us, state: ' ' })).rejects.toThrow(/global\.message\.fieldRequired/);
      const gql = await graphql('mutation { createAddress(streetAndNumber: "1 Main St", zip: "10001", city: "New York", country: "US") { id } }', {}, a.accessToken);
      expect(gql.errors?.[0]?.message).toBe('global.message.fieldRequired');
      expect(await trpcAs(a.userId).addresses.list()).toEqual([]);

      const german = await trpcAs(a.userId).addresses.create({ streetAndNumber: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country: 'DE' });
      expect(german.state).toBe('');
      const viaGraphql = await graphql('mutation { createAddress(streetAndNumber: "Ring 2", zip: "1010", city: "Wien", country: "AT") { state country } }', {}, a.accessToken);
      expect(viaGraphql.data?.createAddress).toEqual({ state: '', country: 'AT' });
      const moved = await trpcAs(a.userId).addresses.update({ id: german.id, streetAndNumber: '1 Main St', zip: '10001', city: 'New York', country: 'US', state: 'NY' });
      expect(moved.state).toBe('NY');
      await expect(trpcAs(a.userId).addresses.update({ id: german.id, ...us, state: '' })).rejects.toThrow(/global\.message\.fieldRequired/);
    });

    it('when user B deletes their account over REST, then only B is gone and A signs in as before', async () => {
      const a = await signedInUser('a');
      const b = await signedInUser('b');
      expect(await post('delete-account', null, { ip: b.ip, token: b.accessToken })).toMatchObject({ status: 200 });
      expect(await suite.platform.db.selectFrom('users').select('id').where('id', '=', b.userId).executeTakeFirst()).toBeUndefined();
      expect((await post('login', { email: a.email, password: a.password }, { ip: a.ip })).status).toBe(200);
      expect((await graphql('{ me { id } }', {}, a.accessToken)).data?.me).toEqual({ id: a.userId });
    });
  });

  describe('account deletion', () => {
    it('when a user deletes the account, then no row or file of theirs remains except the invoice with its own copy of the data', async () => {
      const user = await signedInUser('leaver');
      const neighbour = await signedInUser('neighbour');
      const db = suite.platform.db;
      await trpcAs(user.userId).addresses.create(ADDRESS);
      const track = await db.insertInto('tracks').values({ user_id: user.userId, name: 'Song' }).returning('id').executeTakeFirstOrThrow();
      const master = await db.insertInto('masters').values({ track_id: track.id, user_id: user.userId }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('comments').values({ track_id: track.id, user_id: user.userId, text: 'nice' }).execute();
      const neighbourTrack = await db.insertInto('tracks').values({ user_id: neighbour.userId, name: 'Theirs' }).returning('id').executeTakeFirstOrThrow();
      const neighbourMaster = await db.insertInto('masters').values({ track_id: neighbourTrack.id, user_id: neighbour.userId, share_count: 1 }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('shares').values({ master_id: neighbourMaster.id, owner_user_id: neighbour.userId, email: user.email }).execute();
      await db.insertInto('ratings').values({ track_id: neighbourTrack.id, user_id: user.userId, rating: 5 }).execute();
      const buyer = { firstName: 'Ada', lastName: 'Lovelace', streetAndNumber: 'Hauptstraße 1', city: 'Berlin', zip: '10115', country: 'DE', taxId: null };
      const payment = (status: 'settled' | 'declined', option: 1 | 2) => ({
        user_id: user.userId, master_id: master.id, buying_option: option, idempotency_key: `${master.id}:${option}`, gateway: 'local' as const,
        amount_cents: 699, currency: 'USD' as const, status, quote: JSON.stringify({ buyingOption: option, buyer, totalCents: 699 }),
      });
      const declined = await db.insertInto('payments').values(payment('declined', 1)).returning('id').executeTakeFirstOrThrow();
      const settled = await db.insertInto('payments').values(payment('settled', 2)).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('invoices')
        .values({
          payment_id: settled.id,
          invoice_number: 9001, user_id: user.userId, master_id: master.id, first_name: 'Ada', last_name: 'Lovelace',
          street_and_number: 'Hauptstraße 1', city: 'Berlin', zip: '10115', country: 'DE', state: 'Berlin', currency: 'USD',
          price_cents: 699, total_cents: 699, product: 'Song/Pop Bright', buying_option: 2, payment_method: 'credit_card',
          retain_until: '2036-12-31',
        })
        .execute();
      expect((await trpcAs(user.userId).invoices.list()).map((i) => [i.invoiceNumber, i.total, i.currency])).toEqual([[9001, 6.99, 'USD']]);
      const storage = suite.platform.storage;
      await storage.write(`tracks/${track.id}/original.wav`, Readable.from([Buffer.from('RIFF')]));
      await storage.write(`tracks/${track.id}/masters/m.wav`, Readable.from([Buffer.from('RIFF')]));
      await storage.write(`users/${user.userId}/avatar.png`, Readable.from([Buffer.from('png')]));
      await storage.write(`tracks/${neighbourTrack.id}/original.wav`, Readable.from([Buffer.from('RIFF')]));
      expect((await mailsTo(suite.platform.outboxDir, user.email)).length).toBeGreaterThan(0);

      expect(await post('delete-account', null, { ip: user.ip, token: user.accessToken })).toMatchObject({ status: 200 });

      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'user_id' and table_name <> 'invoices'`.execute(db);
      for (const { table_name } of tables.rows) {
        const rows = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} where user_id = ${user.userId}`.execute(db);
        expect({ table: table_name, rows: rows.rows[0]?.n }).toEqual({ table: table_name, rows: 0 });
      }
      expect(await db.selectFrom('users').select('id').where('id', '=', user.userId).executeTakeFirst()).toBeUndefined();
      expect(await db.selectFrom('shares').select('id').where('email', '=', user.email).execute()).toEqual([]);
      expect((await db.selectFrom('masters').select('share_count').where('id', '=', neighbourMaster.id).executeTakeFirstOrThrow()).share_count).toBe(0);
      const invoice = await db.selectFrom('invoices').select(['user_id', 'master_id', 'first_name', 'city']).where('invoice_number', '=', 9001).executeTakeFirstOrThrow();
      expect(invoice).toEqual({ user_id: null, master_id: null, first_name: 'Ada', city: 'Berlin' });
      // The declined attempt is gone; the settled payment stays for the books, without the buyer.
      expect(await db.selectFrom('payments').select('id').where('id', '=', declined.id).executeTakeFirst()).toBeUndefined();
      const kept = await db.selectFrom('payments').select(['user_id', 'quote']).where('id', '=', settled.id).executeTakeFirstOrThrow();
      expect(kept).toEqual({ user_id: null, quote: { buyingOption: 2, totalCents: 699 } });
      expect(await storage.list(`tracks/${track.id}`)).toEqual([]);
      expect(await storage.list(`users/${user.userId}`)).toEqual([]);
      expect(await storage.size(`tracks/${neighbourTrack.id}/original.wav`)).not.toBeNull();
      expect(await mailsTo(suite.platform.outboxDir, user.email)).toEqual([]);
      expect((await post('login', { email: user.email, password: user.password }, { ip: user.ip })).status).toBe(401);
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` })).status).toBe(401);
      expect((await trpcAs(neighbour.userId).accounts.me()).id).toBe(neighbour.userId);
    });
  });
});
