import express, { type CookieOptions, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../../platform/errors.js';
import { isPublicDeployment } from '../../platform/env.js';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import {
  ZEmailInput,
  ZLoginInput,
  ZRegisterInput,
  ZResetPasswordInput,
  SESSION_HINT_COOKIE,
  ZVerifyEmailInput,
  type TAccessTokenAnswer,
} from './accounts.schemas.js';
import * as accounts from './accounts.service.js';

export const REFRESH_COOKIE = 'refresh_token';

/**
 * Browsers send Origin with every cross-site POST: one that is neither the public address nor
 * the address the request was sent to is another site's page. No Origin (curl, server to server)
 * is no browser, so no CSRF.
 */
function refuseCrossSite(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, _res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (req.method !== 'POST' || !origin || origin === publicOrigin || origin === `${req.protocol}://${req.headers.host ?? ''}`) {
      next();
      return;
    }
    next(new AppError('FORBIDDEN', 'global.error.crossOrigin'));
  };
}

function jsonOnly(req: Request, _res: Response, next: NextFunction) {
  const type = req.headers['content-type'];
  next(type === undefined || req.is('application/json') ? undefined : new AppError('UNSUPPORTED_MEDIA_TYPE', 'error.jsonOnly'));
}
/** The refresh cookie is sent only to the auth endpoints, never with any other request. */
const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * REST adapter of the account calls (docs/security.md): bodies as JSON or form fields
 * (both parsers are mounted on /api), errors as {statusCode, message} by the shared handler.
 */
export function accountsRest(platform: Platform) {
  const router = express.Router();
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    // Secure wherever the site is served over https, whatever NODE_ENV says (npm start and the Procfile set none).
    secure: isPublicDeployment(platform.env),
    path: REFRESH_COOKIE_PATH,
  };
  const ctxOf = (req: Request) => contextOfRequest(platform, req);
  const clientOf = (req: Request) => ({ ip: req.ip ?? req.socket.remoteAddress ?? 'unknown' });
  const refreshCookieOf = (req: Request) => (req.cookies as Record<string, string | undefined> | undefined)?.[REFRESH_COOKIE];

  // The SPA's hint that a refresh cookie exists (SESSION_HINT_COOKIE): same life, readable, site-wide.
  const hintOptions: CookieOptions = { httpOnly: false, sameSite: 'lax', secure: cookieOptions.secure, path: '/' };
  const answerSession = (res: Response, session: accounts.Session) => {
    res.cookie(REFRESH_COOKIE, session.refreshToken, { ...cookieOptions, expires: session.refreshExpiresAt });
    res.cookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, expires: session.refreshExpiresAt });
    const body: TAccessTokenAnswer = { accessToken: session.accessToken, expiresAt: session.expiresAt.toISOString() };
    res.json(body);
  };
  const clearRefreshCookie = (res: Response) => {
    res.clearCookie(REFRESH_COOKIE, cookieOptions);
    res.clearCookie(SESSION_HINT_COOKIE, hintOptions);
  };

  router.use('/auth', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use('/auth', refuseCrossSite(platform.env.PUBLIC_URL));
  // These set or use the refresh cookie. A cross-site HTML form can only send form bodies, so
  // JSON only (plus the Origin check) keeps another site from signing a visitor into its account.
  router.post(['/auth/login', '/auth/refresh', '/auth/logout'], jsonOnly);

  router.post('/auth/register', async (req, res) => {
    const answer = await accounts.register(ctxOf(req), { ...parseInput(ZRegisterInput, req.body ?? {}), client: clientOf(req) });
    res.status(201).json(answer);
  });

  router.post('/auth/resend-confirmation', async (req, res) => {
    await accounts.resendConfirmation(ctxOf(req), { ...parseInput(ZEmailInput, req.body ?? {}), client: clientOf(req) });
    res.json({ message: 'global.success.emailSent' });
  });

  router.post('/auth/verify-email', async (req, res) => {
    res.json(await accounts.verifyEmail(ctxOf(req), parseInput(ZVerifyEmailInput, req.body ?? {}), clientOf(req)));
  });

  router.post('/auth/login', async (req, res) => {
    answerSession(res, await accounts.login(ctxOf(req), { ...parseInput(ZLoginInput, req.body ?? {}), client: clientOf(req) }));
  });

  router.post('/auth/refresh', async (req, res) => {
    try {
      answerSession(res, await accounts.refreshSession(ctxOf(req), { refreshToken: refreshCookieOf(req) }));
    } catch (error) {
      clearRefreshCookie(res);
      throw error;
    }
  });

  router.post('/auth/logout', async (req, res) => {
    await accounts.logout(ctxOf(req), { refreshToken: refreshCookieOf(req) });
    clearRefreshCookie(res);
    res.status(204).end();
  });

  router.post('/auth/forgot-password', async (req, res) => {
    await accounts.forgotPassword(ctxOf(req), { ...parseInput(ZEmailInput, req.body ?? {}), client: clientOf(req) });
    res.json({ message: 'global.success.emailSent' });
  });

  router.post('/auth/reset-password', async (req, res) => {
    await accounts.resetPassword(ctxOf(req), parseInput(ZResetPasswordInput, req.body ?? {}), clientOf(req));
    clearRefreshCookie(res);
    res.json({ message: 'global.success.passwordChanged' });
  });

  router.post('/auth/delete-account', async (req, res) => {
    await accounts.deleteAccount(ctxOf(req));
    clearRefreshCookie(res);
    res.json({ message: 'global.success.accountDeleted' });
  });

  return router;
}
