import { createStore, useStoreSelector } from '../../lib/create-store.js';

/** Upload state of spec §3: 0 initial, 1 saving, 2 success, 3 failed. */
export const UploadStatus = { initial: 0, saving: 1, success: 2, failed: 3 } as const;
export type TUploadStatus = (typeof UploadStatus)[keyof typeof UploadStatus];

export interface UploadState {
  currentStatus: TUploadStatus;
  /** 0-100. */
  uploadProgress: number;
  /** A message code (error-messages.ts), set when the upload failed. */
  uploadError: string | null;
  /** The reason a WAV could not be read (error.unsupportedWave), shown under the message. */
  uploadErrorDetail: string | null;
  uploadMasterId: string | null;
  isCustomMaster: boolean;
  fileName: string | null;
}

const initial: UploadState = {
  currentStatus: UploadStatus.initial,
  uploadProgress: 0,
  uploadError: null,
  uploadErrorDetail: null,
  uploadMasterId: null,
  isCustomMaster: false,
  fileName: null,
};

export const uploadStore = createStore<UploadState>(initial);

export function useUploadState<T>(selector: (state: UploadState) => T): T {
  return useStoreSelector(uploadStore, selector);
}

export function resetUpload(): void {
  uploadStore.setState(() => initial);
}

let current: XMLHttpRequest | null = null;

/**
 * Spec §7 POST /api/upload with progress. The text fields go before the file: the server reads the
 * multipart body as a stream and must know them when the file part starts.
 */
export function startUpload(
  file: File,
  options: { accessToken: string | null; isCustomMaster?: boolean; trackId?: string; locale?: string },
): Promise<{ id: string } | null> {
  current?.abort();
  const isCustomMaster = options.isCustomMaster ?? false;
  uploadStore.setState(() => ({ ...initial, currentStatus: UploadStatus.saving, isCustomMaster, fileName: file.name }));

  const form = new FormData();
  if (options.trackId) form.append('trackId', options.trackId);
  form.append('isCustomMaster', isCustomMaster ? 'true' : 'false');
  form.append('track', file, file.name);

  const xhr = new XMLHttpRequest();
  current = xhr;
  return new Promise((resolve) => {
    const fail = (code: string, detail: string | null = null) => {
      if (current === xhr) current = null;
      uploadStore.setState((state) => ({ ...state, currentStatus: UploadStatus.failed, uploadError: code, uploadErrorDetail: detail }));
      resolve(null);
    };
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      uploadStore.setState((state) => (state.uploadProgress === percent ? state : { ...state, uploadProgress: percent }));
    };
    xhr.onerror = () => fail('global.error.network');
    xhr.onabort = () => {
      if (current === xhr) current = null;
      resolve(null);
    };
    xhr.onload = () => {
      if (current === xhr) current = null;
      let body: { id?: unknown; message?: unknown; detail?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: handled by the status below
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body.id === 'string') {
        uploadStore.setState((state) => ({ ...state, currentStatus: UploadStatus.success, uploadProgress: 100, uploadMasterId: body.id as string }));
        resolve({ id: body.id });
        return;
      }
      // Spec §8: 413 is always "file too large"; a server key `error.X` is shown as store.upload.error.X.
      if (xhr.status === 413) return fail('store.upload.error.fileTooLarge');
      const message = typeof body.message === 'string' ? body.message : 'global.error.server';
      const code = message.startsWith('error.') ? `store.upload.${message}` : message;
      fail(code, typeof body.detail === 'string' ? body.detail : null);
    };
    xhr.open('POST', '/api/upload');
    if (options.accessToken) xhr.setRequestHeader('Authorization', `Bearer ${options.accessToken}`);
    if (options.locale) xhr.setRequestHeader('Accept-Language', options.locale);
    xhr.send(form);
  });
}

/** Where the drag-and-drop upload is offered (spec §2). */
export const DROP_PATHS = ['/', '/masters', '/learn', '/distribution/new-release/track'] as const;
export const CUSTOM_MASTER_PATH = '/distribution/new-release/track';

export function dropAllowedOn(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (DROP_PATHS as readonly string[]).includes(normalized);
}
