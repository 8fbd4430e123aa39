import { create } from 'zustand';
import { reloadAtMostOncePerMinute, type GuardedReloadOptions } from '../../lib/guarded-reload.js';
import { getAccessToken } from '../auth/index.js';

/**
 * Downloads: fetched with the bearer token and streamed with progress, saved under
 * the server's file name. A master download answered 404 or 500 reloads the page (the file may have
 * moved), at most once per 60 s so a lasting fault cannot loop; an invoice download that is
 * not 200 is silently abandoned.
 */

/**
 * A store of one value per running download, and its setter: null removes the key. The state is
 * replaced whole (`true`), not merged, so that a finished download's key goes.
 */
function perDownloadStore<V>() {
  const useStore = create<Record<string, V>>()(() => ({}));
  const set = (key: string, value: V | null) =>
    useStore.setState((state) => {
      const next = { ...state };
      if (value === null) delete next[key];
      else next[key] = value;
      return next;
    }, true);
  return [useStore, set] as const;
}

/** Percent (0-100) of each running download, keyed by `master:{id}:{option}` or `invoice:{n}`. */
const [useProgressStore, setProgress] = perDownloadStore<number>();

export const masterDownloadKey = (masterId: string, option: number) => `master:${masterId}:${option}`;

/** The running download's percent, or null when none runs under that key. */
export function useDownloadProgress(key: string): number | null {
  return useProgressStore((state) => state[key] ?? null);
}

export function useAnyDownloadProgress(): number | null {
  return useProgressStore((state) => {
    const values = Object.values(state);
    return values.length ? Math.min(...values) : null;
  });
}

export class DownloadError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    /** The server's error key and detail, when it sent them. */
    readonly body: { message?: string; detail?: string } | null = null,
  ) {
    super(statusText || `HTTP ${status}`);
  }
}

/** A download the server is still making from the master: running, or waiting at a place in line (1 = next). */
export type RenditionWait = { state: 'running' } | { state: 'queued'; position: number };

const [useWaitStore, setWait] = perDownloadStore<RenditionWait>();

/** The wait of one master download right now (outside React), or null. */
export const renditionWaitStateOf = (masterId: string, option: number): RenditionWait | null => useWaitStore.getState()[masterDownloadKey(masterId, option)] ?? null;

/** What the server said of a download it is still making, or null. */
export function useRenditionWait(key: string): RenditionWait | null {
  return useWaitStore((state) => state[key] ?? null);
}

const RENDITION_PENDING = 'download.renditionPending';
/** How often a download still being made is asked for again, and for how long at most. */
const PENDING_RETRY_MS = 1_500;
const PENDING_GIVE_UP_MS = 10 * 60_000;

/** `running` or `queued:<n>` as the server sends it. */
export function renditionWaitOf(detail: string | undefined): RenditionWait {
  const queued = /^queued:(\d+)$/.exec(detail ?? '');
  return queued ? { state: 'queued', position: Math.max(1, Number(queued[1])) } : { state: 'running' };
}

/** `attachment; filename="a.wav"; filename*=UTF-8''a%20b.wav` -> the RFC 6266 name, the extended one first. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

interface StreamOptions {
  fetch?: typeof fetch;
  onProgress?: (percent: number) => void;
}

/** GET with the bearer token; throws DownloadError for any non-200 answer or a missing body. */
async function streamToBlob(url: string, options: StreamOptions): Promise<{ blob: Blob; response: Response }> {
  const token = getAccessToken();
  const response = await (options.fetch ?? fetch)(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status !== 200 || !response.body) {
    const body = response.status === 409 ? ((await response.json().catch(() => null)) as { message?: string; detail?: string } | null) : null;
    throw new DownloadError(response.status, response.statusText, body);
  }
  const total = Number(response.headers.get('Content-Length')) || 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  options.onProgress?.(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total) options.onProgress?.(Math.min(100, Math.round((received / total) * 100)));
  }
  options.onProgress?.(100);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks as BlobPart[], { type }), response };
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the save before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads the master's file for a buying option (MP3, 16-bit or 24-bit WAV). A file the server
 * is still making from the master is shown as such (useRenditionWait) and asked for again until it
 * is there. On 404 or 500 the page reloads (once a minute at most); other failures are logged and
 * rethrown.
 */
export async function downloadMaster(
  masterId: string,
  option: number,
  options: { fetch?: typeof fetch; reload?: GuardedReloadOptions; retryMs?: number } = {},
): Promise<void> {
  const key = masterDownloadKey(masterId, option);
  const giveUpAt = Date.now() + PENDING_GIVE_UP_MS;
  try {
    for (;;) {
      try {
        const { blob, response } = await streamToBlob(`/api/download/master/${encodeURIComponent(masterId)}/${option}`, {
          fetch: options.fetch,
          onProgress: (percent) => {
            setWait(key, null);
            setProgress(key, percent);
          },
        });
        const headerName = response.headers.get('X-File-Name');
        const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? (headerName ? decodeURIComponent(headerName) : 'mastered.wav');
        saveBlob(blob, fileName);
        return;
      } catch (error) {
        // Made from the master right after its bounce: say what is happening and ask again.
        if (error instanceof DownloadError && error.body?.message === RENDITION_PENDING && Date.now() < giveUpAt) {
          setWait(key, renditionWaitOf(error.body.detail));
          await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? PENDING_RETRY_MS));
          continue;
        }
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof DownloadError && (error.status === 404 || error.status === 500)) {
      if (reloadAtMostOncePerMinute('download', options.reload)) return;
    }
    console.error('master download failed', error);
    throw error;
  } finally {
    setWait(key, null);
    setProgress(key, null);
  }
}

/** Downloads an invoice PDF, named by the X-File-Name header; any non-200 answer is silently dropped. */
export async function downloadInvoice(invoiceNumber: number, options: { fetch?: typeof fetch } = {}): Promise<void> {
  const key = `invoice:${invoiceNumber}`;
  try {
    const { blob, response } = await streamToBlob(`/api/download/invoice/${invoiceNumber}`, {
      fetch: options.fetch,
      onProgress: (percent) => setProgress(key, percent),
    });
    saveBlob(blob, response.headers.get('X-File-Name') ?? 'invoice.pdf');
  } catch (error) {
    if (error instanceof DownloadError) return;
    console.error('invoice download failed', error);
  } finally {
    setProgress(key, null);
  }
}
