import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadError, downloadInvoice, downloadMaster, renditionWaitStateOf } from './downloads.js';

function memoryStore() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('downloads', () => {
  let saved: { name: string; href: string }[];

  beforeEach(() => {
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when a master download succeeds, then it is saved under the name of Content-Disposition', async () => {
    const body = new Uint8Array(1000);
    const fetch = vi.fn(async () =>
      new Response(body, {
        status: 200,
        headers: { 'Content-Length': '1000', 'Content-Disposition': `attachment; filename="x.wav"; filename*=UTF-8''Night%20Drive_Pop_Bright_24bit.wav` },
      }),
    );
    await downloadMaster('m-1', 2, { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(fetch).toHaveBeenCalledWith('/api/download/master/m-1/2', expect.anything());
    expect(saved.map((file) => file.name)).toEqual(['Night Drive_Pop_Bright_24bit.wav']);
  });

  it('when the server is still making the file, then the wait is what it said and the download is asked again until the file comes', async () => {
    const waits: string[] = [];
    const answers = [
      () => Response.json({ statusCode: 409, message: 'download.renditionPending', detail: 'queued:2' }, { status: 409 }),
      () => Response.json({ statusCode: 409, message: 'download.renditionPending', detail: 'running' }, { status: 409 }),
      () => new Response(new Uint8Array(10), { status: 200, headers: { 'Content-Length': '10', 'Content-Disposition': 'attachment; filename="song_192kbps.mp3"' } }),
    ];
    const fetch = vi.fn(async () => answers.shift()!());
    const seen = setInterval(() => waits.push(JSON.stringify(renditionWaitStateOf('m-2', 0))), 1);
    await downloadMaster('m-2', 0, { fetch: fetch as unknown as typeof globalThis.fetch, retryMs: 20 });
    clearInterval(seen);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(saved.map((file) => file.name)).toEqual(['song_192kbps.mp3']);
    expect(waits).toContain(JSON.stringify({ state: 'queued', position: 2 }));
    expect(waits).toContain(JSON.stringify({ state: 'running' }));
    expect(renditionWaitStateOf('m-2', 0)).toBeNull();
  });

  it('when a master download answers 404 or 500, then the page reloads, but not twice within a minute', async () => {
    const store = memoryStore();
    let reloads = 0;
    const reload = { store, reload: () => void reloads++, now: 1_000_000 };
    const missing = (async () => new Response('gone', { status: 404 })) as unknown as typeof fetch;
    await downloadMaster('m-1', 1, { fetch: missing, reload });
    expect(reloads).toBe(1);
    const broken = (async () => new Response('oops', { status: 500 })) as unknown as typeof fetch;
    await expect(downloadMaster('m-1', 1, { fetch: broken, reload: { ...reload, now: 1_030_000 } })).rejects.toBeInstanceOf(DownloadError);
    expect(reloads).toBe(1);
    expect(saved).toEqual([]);
  });

  it('when a master download is refused otherwise (403), then nothing reloads and the error is raised', async () => {
    let reloads = 0;
    const refused = (async () => new Response('no', { status: 403 })) as unknown as typeof fetch;
    await expect(downloadMaster('m-1', 2, { fetch: refused, reload: { store: memoryStore(), reload: () => void reloads++ } })).rejects.toMatchObject({ status: 403 });
    expect(reloads).toBe(0);
  });

  it('when an invoice download is not 200, then it is silently dropped', async () => {
    const refused = (async () => new Response('no', { status: 404 })) as unknown as typeof fetch;
    await expect(downloadInvoice(7, { fetch: refused })).resolves.toBeUndefined();
    expect(saved).toEqual([]);
  });
});
