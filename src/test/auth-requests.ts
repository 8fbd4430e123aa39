import { expect } from 'vitest';
import { lastLinkTo } from './outbox.js';
import type { TestPlatform } from './test-platform.js';

export interface AuthAnswer {
  status: number;
  body: Record<string, unknown>;
  setCookie: string | null;
}

export interface AuthRequestOptions {
  /** The client IP (X-Forwarded-For; trusted from loopback in tests). */
  ip: string;
  /** A form body instead of JSON. */
  form?: boolean;
  cookie?: string;
  token?: string;
  origin?: string;
  /** The language cookie, as the SPA sets it. */
  lang?: 'en' | 'de';
}

/** The refresh token an answer set as its cookie, without the cookie's name (empty when none). */
export const refreshTokenOf = (answer: AuthAnswer) => answer.setCookie?.match(/refresh_token=([^;]*)/)?.[1] ?? '';

/**
 * The accounts REST calls as a browser makes them, against the test app of the enclosing describe
 * block. Each caller speaks from IPs of its own under `ipPrefix` and signs up users of its own, so
 * the abuse limits one test reaches never touch another.
 */
export function authRequests(suite: { readonly app: { base: string }; readonly platform: TestPlatform }, ipPrefix: string) {
  let ipCounter = 0;
  let userCounter = 0;
  const newIp = () => `${ipPrefix}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const newEmail = (label = 'user') => `${label}-${++userCounter}@example.com`;

  async function post(route: string, body: Record<string, string> | null, options: AuthRequestOptions): Promise<AuthAnswer> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip };
    const cookies = [options.cookie, options.lang ? `lang=${options.lang}` : undefined].filter(Boolean);
    if (cookies.length) headers.cookie = cookies.join('; ');
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.origin) headers.origin = options.origin;
    let payload: string | undefined;
    if (body && options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body).toString();
    } else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${suite.app.base}/api/auth/${route}`, { method: 'POST', headers, ...(payload ? { body: payload } : {}) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, setCookie: response.headers.get('set-cookie') };
  }

  /** Signs up, opens the mailed link, signs in: a confirmed user with a session. */
  async function signedInUser(label = 'user', lang: 'en' | 'de' = 'en') {
    const ip = newIp();
    const email = newEmail(label);
    const password = 'correct horse battery';
    expect((await post('register', { email, password, firstName: 'Ada', lastName: 'Lovelace' }, { ip, lang })).status).toBe(201);
    const { token: verifyToken } = await lastLinkTo(suite.platform.outboxDir, email, 'verify-email');
    expect((await post('verify-email', { verifyToken }, { ip })).status).toBe(200);
    const login = await post('login', { email, password }, { ip });
    expect(login.status).toBe(200);
    const accessToken = login.body.accessToken as string;
    const userId = (await suite.platform.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    return { ip, email, password, accessToken, refreshToken: refreshTokenOf(login), userId };
  }

  return { newIp, newEmail, post, signedInUser };
}
