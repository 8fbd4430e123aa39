import type { Request } from 'express';
import { bearerTokenOf, verifyAccessToken } from '../access-token.js';
import { localeOf, serviceContextOf, type Platform, type ServiceContext } from '../context.js';

export const LOCALE_COOKIE = 'lang';

/** The service context of an HTTP request: the caller from its bearer token, its language, its logger. */
export function contextOfRequest(platform: Platform, req: Request): ServiceContext {
  const token = bearerTokenOf(req.headers.authorization);
  const userId = token ? verifyAccessToken(platform.secrets.jwtSecret, token) : null;
  const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
  const locale = localeOf(req.headers['accept-language'], cookies[LOCALE_COOKIE]);
  return serviceContextOf(platform, userId ? { userId } : null, locale, req.log ?? platform.log);
}
