import { errorCodeOf } from '../../../lib/error-messages.js';

/**
 * The server's list of messages (the JSON list in the error's detail),
 * else its one message, else generalDistributionFailure.
 */
export function problemsOf(error: unknown): string[] {
  const detail = (error as { data?: { detail?: unknown } } | null)?.data?.detail;
  if (typeof detail === 'string' && detail.startsWith('[')) {
    try {
      const parsed = JSON.parse(detail) as unknown;
      if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((item) => typeof item === 'string')) return parsed as string[];
    } catch {
      return ['distribution.parseFailure'];
    }
  }
  const code = errorCodeOf(error);
  return [code === 'global.error.server' ? 'distribution.generalDistributionFailure' : code];
}
