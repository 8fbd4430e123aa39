import jwt from 'jsonwebtoken';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ALGORITHM = 'HS256' as const;

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

/**
 * `sid` names the refresh family (the sign-in) the token was issued for, so a credential change
 * can end every other session and keep the caller's.
 */
export function signAccessToken(secret: string, userId: string, now = Date.now(), sessionId?: string): AccessToken {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const token = jwt.sign({ sub: userId, iat, exp, ...(sessionId ? { sid: sessionId } : {}) }, secret, { algorithm: ALGORITHM });
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The user id of a valid token, or null. The algorithm is pinned: `alg: none` and others fail. */
export function verifyAccessToken(secret: string, token: string): string | null {
  return verifyAccessTokenClaims(secret, token)?.userId ?? null;
}

export function verifyAccessTokenClaims(secret: string, token: string): { userId: string; sessionId?: string } | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string') return null;
    return { userId: payload.sub, ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}) };
  } catch {
    return null;
  }
}

export function bearerTokenOf(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
