import { describe, expect, it } from 'vitest';
import { awaitMailsTo, lastLinkTo, mailsTo } from '../../test/outbox.js';
import { authRequests, refreshTokenOf } from '../../test/auth-requests.js';
import { useTestApp } from '../../test/test-app.js';

/**
 * Account tricks an attacker would try: guessing passwords where no limit counted, taking an
 * unconfirmed address, signing a victim into the attacker's account, locking the owner out, and
 * keeping a session alive after the owner changed the password. Each test uses its own IPs and users.
 */
describe('accounts under attack', () => {
  const suite = useTestApp();
  const { newIp, newEmail, post, signedInUser } = authRequests(suite, '10.9');

  async function trpc(procedure: string, input: unknown, token: string, ip: string) {
    const response = await fetch(`${suite.app.base}/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
      body: JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as { error?: { message: string }; result?: unknown } };
  }

  describe('expensive anonymous calls', () => {
    it('when reset-password is called with made-up tokens, then the IP is limited like the other auth calls', async () => {
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await post('reset-password', { resetToken: `made-up-token-${i}-${'x'.repeat(30)}`, password: 'brand new secret' }, { ip })).status);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('password oracle', () => {
    it('when updateUser is used to guess the current password, then the guesses are limited per account', async () => {
      const user = await signedInUser();
      const guesses: string[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await trpc('accounts.updateUser', { password: 'attacker choice 1', currentPassword: `guess ${i}` }, user.accessToken, newIp());
        guesses.push(answer.body.error?.message ?? 'ok');
      }
      expect(guesses.slice(0, 10).every((m) => m === 'global.error.currentPasswordWrong')).toBe(true);
      expect(guesses[10]).toBe('global.error.tooManyRequests');
      const right = await trpc('accounts.updateUser', { password: 'attacker choice 1', currentPassword: user.password }, user.accessToken, newIp());
      expect(right.body.error?.message).toBe('global.error.tooManyRequests');
    });

    it('when ten guesses come in one tRPC batch, then the batch spends the same budget', async () => {
      const user = await signedInUser();
      const calls = 10;
      const paths = Array.from({ length: calls }, () => 'accounts.updateUser').join(',');
      const input = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { password: 'attacker choice 2', currentPassword: `batch guess ${i}` }]));
      const first = await fetch(`${suite.app.base}/trpc/${paths}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}`, 'x-forwarded-for': newIp() },
        body: JSON.stringify(input),
      });
      expect(first.status).toBeGreaterThanOrEqual(400);
      const after = await trpc('accounts.updateUser', { password: 'attacker choice 2', currentPassword: 'one more' }, user.accessToken, newIp());
      expect(after.body.error?.message).toBe('global.error.tooManyRequests');
    });
  });

  describe('registration', () => {
    it('when someone registers again with an unconfirmed address, then the first password stays and the mailbox gets the link again', async () => {
      const email = newEmail('unconfirmed');
      expect((await post('register', { email, password: 'owner password', firstName: 'Owner', lastName: 'Real' }, { ip: newIp() })).status).toBe(201);
      const before = await suite.platform.db.selectFrom('users').select(['password_hash', 'first_name']).where('email', '=', email).executeTakeFirstOrThrow();
      const again = await post('register', { email, password: 'attacker password', firstName: 'Mallory', lastName: 'Evil' }, { ip: newIp() });
      expect(again).toMatchObject({ status: 201, body: { email } });
      const after = await suite.platform.db.selectFrom('users').select(['password_hash', 'first_name']).where('email', '=', email).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      const mails = await awaitMailsTo(suite.platform.outboxDir, email, 2);
      expect(mails.at(-1)?.text).toMatch(/Hi Owner,/);
      const { token } = await lastLinkTo(suite.platform.outboxDir, email, 'verify-email');
      expect((await post('verify-email', { verifyToken: token }, { ip: newIp() })).status).toBe(200);
      expect((await post('login', { email, password: 'attacker password' }, { ip: newIp() })).status).toBe(401);
      expect((await post('login', { email, password: 'owner password' }, { ip: newIp() })).status).toBe(200);
    });
  });

  describe('login CSRF', () => {
    it('when another site posts a form to login, then it is refused and no cookie is set', async () => {
      const user = await signedInUser();
      const form = await post('login', { email: user.email, password: user.password }, { ip: newIp(), form: true });
      expect(form).toMatchObject({ status: 415, body: { message: 'error.jsonOnly' } });
      expect(form.setCookie).toBeNull();
      const crossSite = await post('login', { email: user.email, password: user.password }, { ip: newIp(), origin: 'https://evil.example' });
      expect(crossSite).toMatchObject({ status: 403, body: { message: 'global.error.crossOrigin' } });
      expect(crossSite.setCookie).toBeNull();
      const refresh = await post('refresh', null, { ip: newIp(), cookie: `refresh_token=${user.refreshToken}`, origin: 'https://evil.example' });
      expect(refresh.status).toBe(403);
      const sameSite = await post('login', { email: user.email, password: user.password }, { ip: newIp(), origin: suite.app.base });
      expect(sameSite.status).toBe(200);
      const publicOrigin = await post('login', { email: user.email, password: user.password }, { ip: newIp(), origin: 'http://localhost:3000' });
      expect(publicOrigin.status).toBe(200);
    });
  });

  describe('sessions after a credential change', () => {
    it('when the password changes, then every other session ends and the changing one goes on', async () => {
      const user = await signedInUser();
      const other = await post('login', { email: user.email, password: user.password }, { ip: newIp() });
      expect(other.status).toBe(200);
      const changed = await trpc('accounts.updateUser', { password: 'a new long password', currentPassword: user.password }, user.accessToken, user.ip);
      expect(changed.status).toBe(200);
      expect((await post('refresh', null, { ip: newIp(), cookie: `refresh_token=${refreshTokenOf(other)}` })).status).toBe(401);
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` })).status).toBe(200);
    });

    it('when the e-mail change is asked for, then every other session ends', async () => {
      const user = await signedInUser();
      const other = await post('login', { email: user.email, password: user.password }, { ip: newIp() });
      const changed = await trpc('accounts.updateUser', { email: newEmail('moved'), currentPassword: user.password }, user.accessToken, user.ip);
      expect(changed.status).toBe(200);
      expect((await post('refresh', null, { ip: newIp(), cookie: `refresh_token=${refreshTokenOf(other)}` })).status).toBe(401);
      expect((await post('refresh', null, { ip: user.ip, cookie: `refresh_token=${user.refreshToken}` })).status).toBe(200);
    });
  });

  describe('lockout', () => {
    it('when an attacker tries wrong passwords from one IP, then the owner still signs in from another', async () => {
      const user = await signedInUser();
      const attacker = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await post('login', { email: user.email, password: `wrong ${i}` }, { ip: attacker })).status);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await post('login', { email: user.email, password: user.password }, { ip: newIp() })).status).toBe(200);
    });

    it('when the owner signs in 15 times in a quarter hour from one IP, then every sign-in succeeds and that IP still gets only ten wrong guesses', async () => {
      const user = await signedInUser();
      const ip = newIp();
      const signIns: number[] = [];
      for (let i = 0; i < 15; i++) signIns.push((await post('login', { email: user.email, password: user.password }, { ip })).status);
      expect(signIns.every((s) => s === 200)).toBe(true);
      const guesses: number[] = [];
      for (let i = 0; i < 11; i++) guesses.push((await post('login', { email: user.email, password: `wrong ${i}` }, { ip })).status);
      expect(guesses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(guesses.at(-1)).toBe(429);
    });

    it('when 60 wrong passwords come from 6 IPs, then the owner still signs in at once from a new device', async () => {
      const user = await signedInUser();
      const attackers = Array.from({ length: 6 }, () => newIp());
      const statuses: number[] = [];
      for (const ip of attackers) for (let i = 0; i < 10; i++) statuses.push((await post('login', { email: user.email, password: `guess ${ip} ${i}` }, { ip })).status);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(45);
      // Each attacking IP has spent its own budgets.
      expect((await post('login', { email: user.email, password: user.password }, { ip: attackers[0]! })).status).toBe(429);
      expect((await post('login', { email: user.email, password: user.password }, { ip: newIp() })).status).toBe(200);
    });

    it('when wrong passwords come from many IPs, then each new IP gets three tries a quarter hour, the owner with the right one signs in, and a known IP is not limited', async () => {
      const user = await signedInUser();
      const statuses: number[] = [];
      for (let i = 0; i < 55; i++) statuses.push((await post('login', { email: user.email, password: `spread ${i}` }, { ip: newIp() })).status);
      // Nobody is refused for the address alone: every one of these came from a fresh IP.
      expect(statuses.every((s) => s === 401)).toBe(true);
      const attacker = newIp();
      const slowed: number[] = [];
      for (let i = 0; i < 4; i++) slowed.push((await post('login', { email: user.email, password: `slow ${i}` }, { ip: attacker })).status);
      expect(slowed).toEqual([401, 401, 401, 429]);
      // The owner's new device: a wrong try, then the right password.
      const device = newIp();
      expect((await post('login', { email: user.email, password: 'typo' }, { ip: device })).status).toBe(401);
      expect((await post('login', { email: user.email, password: user.password }, { ip: device })).status).toBe(200);
      expect((await post('login', { email: user.email, password: user.password }, { ip: user.ip })).status).toBe(200);
    });

    it('when one IP sends many made-up confirmation links, then it is refused after 30 an hour and another IP still confirms', async () => {
      const attacker = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await post('verify-email', { verifyToken: `made-up-token-${i}-${'x'.repeat(30)}` }, { ip: attacker })).status);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      await signedInUser();
    });

    it('when an attacker spends the forgot-password budget of an address, then the owner can still ask for a link', async () => {
      const user = await signedInUser();
      const attacker = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post('forgot-password', { email: user.email }, { ip: attacker })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const before = (await mailsTo(suite.platform.outboxDir, user.email)).length;
      expect((await post('forgot-password', { email: user.email }, { ip: user.ip })).status).toBe(200);
      await awaitMailsTo(suite.platform.outboxDir, user.email, before + 1);
    });
  });

  describe('deleted users', () => {
    it('when the access token of a deleted account is used, then every adapter answers 401, not 500', async () => {
      const user = await signedInUser();
      expect((await post('delete-account', null, { ip: user.ip, token: user.accessToken })).status).toBe(200);
      const address = { streetAndNumber: 'Hauptstraße 1', zip: '10115', city: 'Berlin', state: 'Berlin', country: 'DE' };
      const created = await trpc('addresses.create', address, user.accessToken, user.ip);
      expect(created.status).toBe(401);
      expect(created.body.error?.message).toBe('global.error.unauthorized');
      const gql = await fetch(`${suite.app.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
        body: JSON.stringify({ query: 'mutation { createAddress(streetAndNumber: "Hauptstraße 1", city: "Berlin", zip: "10115", country: "DE", state: "Berlin") { id } }' }),
      });
      expect(((await gql.json()) as { errors?: { message: string }[] }).errors?.[0]?.message).toBe('global.error.unauthorized');
      const rest = await fetch(`${suite.app.base}/api/payment/client_token`, { headers: { authorization: `Bearer ${user.accessToken}` } });
      expect(rest.status).toBe(401);
    });
  });
});
