import { ZClientEnvelope, SOCKET_ERROR_CODES, type TClientEnvelope, type TServerEvent } from '../../src/modules/streaming/streaming.schemas.js';

export type ParsedEnvelope = { ok: true; envelope: TClientEnvelope } | { ok: false; code: string };

const MAX_TEXT_BYTES = 64 * 1024;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads one client message: JSON text in the `{event, token, payload}` envelope. */
export function parseEnvelope(message: ArrayBuffer, isBinary: boolean): ParsedEnvelope {
  if (isBinary || message.byteLength > MAX_TEXT_BYTES) return { ok: false, code: SOCKET_ERROR_CODES.malformed };
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(message));
  } catch {
    return { ok: false, code: SOCKET_ERROR_CODES.malformed };
  }
  const parsed = ZClientEnvelope.safeParse(json);
  return parsed.success ? { ok: true, envelope: parsed.data } : { ok: false, code: SOCKET_ERROR_CODES.malformed };
}

/** A server message in the `{event, payload}` envelope. */
export function serverMessage(event: Exclude<TServerEvent, 'track-stream'>, payload: unknown): string {
  return JSON.stringify({ event, payload });
}
