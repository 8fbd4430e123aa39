import type { RequestHandler } from 'express';
import { AppError } from '../errors.js';

/** Deeper than any input of ours; far below what recursive validators and serialisers survive. */
export const MAX_JSON_DEPTH = 32;

/**
 * C0 control characters except tab, line feed and carriage return. PostgreSQL refuses NUL in text
 * (the insert failed with 500), and no name, message or address of ours has a use for the others.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether a string holds a control character this service refuses (multipart fields and file names too). */
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

const malformed = () => new AppError('BAD_REQUEST', 'error.malformedBody');
const invalid = () => new AppError('BAD_REQUEST', 'global.error.invalidInput');

/**
 * Walks a parsed value without recursion (a 40,000-deep array must not overflow this check either)
 * and refuses it if it nests deeper than MAX_JSON_DEPTH or any string or key holds a control character.
 */
export function checkParsedInput(value: unknown): AppError | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTERS.test(current)) return invalid();
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return malformed();
    for (const [key, child] of Object.entries(current)) {
      if (CONTROL_CHARACTERS.test(key)) return invalid();
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/** After the body parsers: refuses deep or control-character input before any adapter sees it. */
export const guardParsedBody: RequestHandler = (req, _res, next) => {
  const refusal = checkParsedInput(req.body);
  if (refusal) {
    next(refusal);
    return;
  }
  next();
};

/**
 * The tRPC form of the same guard: a GET carries its input as JSON in the query string, and the
 * refusal is answered in tRPC's error shape so the SPA's client reads its key like any other.
 */
export const guardTrpcInput: RequestHandler = (req, res, next) => {
  let refusal = checkParsedInput(req.body);
  const queryInput = typeof req.query.input === 'string' ? req.query.input : null;
  if (!refusal && queryInput) {
    try {
      refusal = checkParsedInput(JSON.parse(queryInput));
    } catch {
      refusal = malformed();
    }
  }
  if (!refusal) {
    next();
    return;
  }
  res.status(400).json({ error: { message: refusal.message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
};

/**
 * Before anything parses a URL: a cheap scan of the raw URL for an encoded control character
 * refuses it before a route (or a database query) sees the decoded value.
 */
export const guardUrl: RequestHandler = (req, _res, next) => {
  next(/%(0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])/.test(req.url) ? invalid() : undefined);
};
