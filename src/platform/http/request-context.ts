import type { Request, RequestHandler } from 'express';
import { sql } from 'kysely';
import { bearerTokenOf, verifyAccessTokenClaims } from '../access-token.js';
import { localeOf, serviceContextOf, type Actor, type Locale, type Platform, type ServiceContext } from '../context.js';

export const LOCALE_COOKIE = 'lang';

/** The caller of each request, as `authenticate` found it; a request it never saw is absent. */
const actors = new WeakMap<Request, Actor | null>();

/**
 * Resolves the bearer token once per request and checks that its user still exists: a deleted
 * account's token (valid for up to 15 minutes) then counts as no token, and every adapter answers
 * 401 in its own shape instead of failing later on a missing row (500).
 */
export function authenticate(platform: Platform): RequestHandler {
  return async (req, _res, next) => {
    try {
      const token = bearerTokenOf(req.headers.authorization);
      const claims = token ? verifyAccessTokenClaims(platform.secrets.jwtSecret, token) : null;
      if (!claims) {
        actors.set(req, null);
        next();
        return;
      }
      const { rows } = await sql<{ id: string }>`select id from users where id = ${claims.userId}`.execute(platform.db);
      actors.set(req, rows.length > 0 ? claims : null);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The language of an HTTP request: its `lang` cookie, else its Accept-Language (localeOf). */
export function localeOfRequest(req: Request): Locale {
  const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
  return localeOf(req.headers['accept-language'], cookies[LOCALE_COOKIE]);
}

/** The service context of an HTTP request: the caller from its bearer token, its language, its logger. */
export function contextOfRequest(platform: Platform, req: Request): ServiceContext {
  let actor = actors.get(req);
  if (actor === undefined) {
    const token = bearerTokenOf(req.headers.authorization);
    actor = token ? verifyAccessTokenClaims(platform.secrets.jwtSecret, token) : null;
  }
  return serviceContextOf(platform, actor, localeOfRequest(req), req.log ?? platform.log);
}
