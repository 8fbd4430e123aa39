/** A position in a track as people write it: m:ss or h:mm:ss, or plain seconds. */
export function formatPosition(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Seconds from "1:05", "0:42", "1:02:03" or "42"; null when it is not a position. */
export function parsePosition(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const [, h, m, s] = match;
  if (Number(s) >= 60 || (h !== undefined && Number(m) >= 60)) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}
