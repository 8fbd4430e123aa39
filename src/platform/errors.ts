/**
 * The one domain error. `code` picks the class of failure (mapped once to tRPC codes and HTTP
 * statuses below); `message` is the translation key the user sees.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'PAYMENT_FAILED'
  | 'INTERNAL';

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Extra, user-safe detail (e.g. why a WAV could not be read). */
  readonly detail: string | undefined;

  constructor(code: AppErrorCode, message: string, options?: { detail?: string; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.detail = options?.detail;
  }
}

export const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  PAYMENT_FAILED: 402,
  INTERNAL: 500,
};

export const trpcCodeOf = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  PAYMENT_FAILED: 'PAYMENT_REQUIRED',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<AppErrorCode, string>;

export const GENERIC_SERVER_ERROR = 'global.error.server';

/** What a client may see of any thrown value: known errors keep their key, the rest become generic. */
export function publicErrorOf(error: unknown): { status: number; code: AppErrorCode; message: string; detail?: string } {
  if (error instanceof AppError) {
    return {
      status: httpStatusOf[error.code],
      code: error.code,
      message: error.message,
      ...(error.detail ? { detail: error.detail } : {}),
    };
  }
  return { status: 500, code: 'INTERNAL', message: GENERIC_SERVER_ERROR };
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `global.error.notFound`, { detail: what });
export const forbidden = () => new AppError('FORBIDDEN', 'global.error.forbidden');
export const unauthorized = () => new AppError('UNAUTHORIZED', 'global.error.unauthorized');
