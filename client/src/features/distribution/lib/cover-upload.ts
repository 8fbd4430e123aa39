import { RELEASE_LIMITS, type TCoverUploadAnswer } from '../../../../../src/modules/releases/releases.schemas.js';

/** A file and a current album are needed; below 1 MB or above 500 MB is refused here. */
export function coverFileProblem(file: Pick<File, 'name' | 'size'> | null, albumId: number | null): string | null {
  if (albumId === null) return 'no_album_id';
  if (!file || file.name === '') return 'store.upload.error.noFile';
  if (file.size < RELEASE_LIMITS.minCoverBytes) return 'store.upload.error.fileTooSmall';
  if (file.size > RELEASE_LIMITS.maxCoverBytes) return 'store.upload.error.fileTooLarge';
  return null;
}

/**
 * A message containing 'error' is shown as store.upload.<message>; a JSON list
 * uses its first item's message with cover_image named Artwork. Keys the server already sends in full
 * (store.upload.error.*) stay as they are.
 */
export function coverErrorCode(status: number, body: { message?: unknown } | null): string {
  if (status === 413) return 'store.upload.error.fileTooLarge';
  const message = body?.message;
  if (Array.isArray(message) && message.length > 0) {
    const first = message[0] as { message?: unknown } | string;
    const text = typeof first === 'string' ? first : typeof first.message === 'string' ? first.message : '';
    return text.replace(/cover_image/g, 'Artwork') || 'global.error.server';
  }
  if (typeof message !== 'string' || message === '') return 'global.error.server';
  if (message.startsWith('store.') || !message.includes('error')) return message;
  return `store.upload.${message}`;
}

/** POST /api/distribution/albums/{id}/cover (multipart, field cover_image) with upload progress. */
export function uploadCover(options: {
  albumId: number;
  file: File;
  accessToken: string | null;
  locale: string;
  onProgress: (percent: number) => void;
}): Promise<{ ok: true; answer: TCoverUploadAnswer } | { ok: false; code: string }> {
  const form = new FormData();
  form.append('cover_image', options.file, options.file.name);
  const xhr = new XMLHttpRequest();
  return new Promise((resolve) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => resolve({ ok: false, code: 'global.error.network' });
    xhr.onabort = () => resolve({ ok: false, code: 'global.error.network' });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // not JSON: the status decides
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'cover_image' in body) {
        resolve({ ok: true, answer: body as TCoverUploadAnswer });
        return;
      }
      resolve({ ok: false, code: coverErrorCode(xhr.status, body as { message?: unknown } | null) });
    };
    xhr.open('POST', `/api/distribution/albums/${options.albumId}/cover`);
    if (options.accessToken) xhr.setRequestHeader('Authorization', `Bearer ${options.accessToken}`);
    xhr.setRequestHeader('Accept-Language', options.locale);
    xhr.send(form);
  });
}
