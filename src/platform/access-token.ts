import jwt from 'jsonwebtoken';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ALGORITHM = 'HS256' as const;

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

export function signAccessToken(secret: string, userId: string, now = Date.now()): AccessToken {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const token = jwt.sign({ sub: userId, iat, exp }, secret, { algorithm: ALGORITHM });
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The user id of a valid token, or null. The algorithm is pinned: `alg: none` and others fail. */
export function verifyAccessToken(secret: string, token: string): string | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    return typeof payload === 'object' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export function bearerTokenOf(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
