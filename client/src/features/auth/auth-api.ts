import type { TAccessTokenAnswer, TRegisterAnswer, TVerifyEmailAnswer } from '../../../../src/modules/accounts/accounts.schemas.js';

/** A failed auth call: `message` is the server's translation key. */
export class AuthApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'AuthApiError';
    this.status = status;
  }
}

async function post<T>(route: string, body: Record<string, string> | null, options: { form?: boolean; token?: string | null } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (body && options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body).toString();
  } else if (body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api/auth/${route}`, { method: 'POST', credentials: 'same-origin', headers, body: payload });
  } catch {
    throw new AuthApiError(0, 'global.error.network');
  }
  if (!response.ok) {
    let message = 'global.error.server';
    try {
      const answer = (await response.json()) as { message?: unknown };
      if (typeof answer.message === 'string') message = answer.message;
    } catch {
      // not JSON: keep the generic key
    }
    throw new AuthApiError(response.status, message);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** The account REST calls (docs/security.md); form bodies where the API takes forms. */
export const authApi = {
  register: (input: { email: string; password: string; firstName: string; lastName: string; next?: string }) =>
    post<TRegisterAnswer>('register', input, { form: true }),
  resendConfirmation: (email: string) => post<unknown>('resend-confirmation', { email }),
  verifyEmail: (verifyToken: string) => post<TVerifyEmailAnswer>('verify-email', { verifyToken }, { form: true }),
  login: (email: string, password: string) => post<TAccessTokenAnswer>('login', { email, password }),
  refresh: () => post<TAccessTokenAnswer>('refresh', null),
  logout: () => post<void>('logout', null),
  forgotPassword: (email: string) => post<unknown>('forgot-password', { email }, { form: true }),
  resetPassword: (resetToken: string, password: string) => post<unknown>('reset-password', { resetToken, password }, { form: true }),
  deleteAccount: (token: string | null) => post<unknown>('delete-account', null, { token }),
};
