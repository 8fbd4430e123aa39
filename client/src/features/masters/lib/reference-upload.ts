import { trackFileProblem, uploadErrorCodeOf } from '../../upload/index.js';

/** What a reference upload came to: the new reference's id, or the message code of why not. */
export type ReferenceUploadResult = { id: string } | { error: string };

/**
 * POST /api/upload with `reference=true` (sent before the file: the server reads the body as a stream):
 * the WAV becomes one of the caller's private reference tracks, never a track of its own. A file that is
 * not a WAV or too large is refused here already; the server checks the content again.
 */
export async function uploadReference(file: File, options: { accessToken: string | null; locale: string; fetch: typeof fetch }): Promise<ReferenceUploadResult> {
  const problem = trackFileProblem(file);
  if (problem) return { error: problem };
  const form = new FormData();
  form.append('reference', 'true');
  form.append('track', file, file.name);
  const headers: Record<string, string> = { 'Accept-Language': options.locale };
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
  try {
    const response = await options.fetch('/api/upload', { method: 'POST', headers, body: form });
    const body = (await response.json().catch(() => ({}))) as { id?: unknown; message?: unknown };
    if (response.ok && typeof body.id === 'string') return { id: body.id };
    return { error: uploadErrorCodeOf(response.status, body.message) };
  } catch {
    return { error: 'global.error.network' };
  }
}
