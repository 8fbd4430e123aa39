import { uploadErrorCodeOf } from './upload-errors.js';
import { create } from 'zustand';
import { NEW_RELEASE_PATH, type TReleaseWizardStep } from '../../../../src/modules/site/site.constants.js';

/** Upload state: 0 initial, 1 saving, 2 success, 3 failed. */
export const UploadStatus = { initial: 0, saving: 1, success: 2, failed: 3 } as const;
export type TUploadStatus = (typeof UploadStatus)[keyof typeof UploadStatus];

export interface UploadState {
  currentStatus: TUploadStatus;
  /** 0-100. */
  uploadProgress: number;
  /**
   * A message code (error-messages.ts), set when the upload failed. The server's `detail` (the WAV
   * parser's reason) is never kept: it is for the log and the API, not for the person uploading.
   */
  uploadError: string | null;
  /** A message code for a file refused before any upload (type, size), shown like a failed upload. */
  rejectedFile: string | null;
  uploadMasterId: string | null;
  isCustomMaster: boolean;
  fileName: string | null;
}

const initial: UploadState = {
  currentStatus: UploadStatus.initial,
  uploadProgress: 0,
  uploadError: null,
  rejectedFile: null,
  uploadMasterId: null,
  isCustomMaster: false,
  fileName: null,
};

/** Read in React through `useUploadState`; `getState` and `setState` serve the code outside React. */
export const uploadStore = create<UploadState>()(() => initial);

/** Selectors return a field or another stable value, never a new object: React would render again and again. */
export function useUploadState<T>(selector: (state: UploadState) => T): T {
  return uploadStore(selector);
}

export function resetUpload(): void {
  uploadStore.setState(initial, true);
}

/** A file refused before the upload (trackFileProblem's code); null clears it. */
export function rejectFile(code: string | null): void {
  uploadStore.setState((state) => (state.rejectedFile === code ? state : { ...state, rejectedFile: code }));
}

let current: XMLHttpRequest | null = null;
/** The last upload's file and options, kept so that "Try again" after a network or server failure sends the same file. */
let lastAttempt: { file: File; options: Parameters<typeof startUpload>[1] } | null = null;

/** Sends the last file again (after a failure that retrying can help, see upload-errors.ts), with the current access token. */
export function retryUpload(accessToken: string | null): Promise<{ id: string } | null> {
  if (!lastAttempt) {
    resetUpload();
    return Promise.resolve(null);
  }
  return startUpload(lastAttempt.file, { ...lastAttempt.options, accessToken });
}

/**
 * POST /api/upload with progress. The text fields go before the file: the server reads the
 * multipart body as a stream and must know them when the file part starts.
 */
export function startUpload(
  file: File,
  options: { accessToken: string | null; isCustomMaster?: boolean; trackId?: string; locale?: string },
): Promise<{ id: string } | null> {
  current?.abort();
  lastAttempt = { file, options };
  const isCustomMaster = options.isCustomMaster ?? false;
  uploadStore.setState({ ...initial, currentStatus: UploadStatus.saving, isCustomMaster, fileName: file.name }, true);

  const form = new FormData();
  if (options.trackId) form.append('trackId', options.trackId);
  form.append('isCustomMaster', isCustomMaster ? 'true' : 'false');
  form.append('track', file, file.name);

  const xhr = new XMLHttpRequest();
  current = xhr;
  return new Promise((resolve) => {
    const fail = (code: string) => {
      if (current === xhr) current = null;
      uploadStore.setState({ currentStatus: UploadStatus.failed, uploadError: code });
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
        lastAttempt = null;
        uploadStore.setState({ currentStatus: UploadStatus.success, uploadProgress: 100, uploadMasterId: body.id as string });
        resolve({ id: body.id });
        return;
      }
      fail(uploadErrorCodeOf(xhr.status, body.message));
    };
    xhr.open('POST', '/api/upload');
    if (options.accessToken) xhr.setRequestHeader('Authorization', `Bearer ${options.accessToken}`);
    if (options.locale) xhr.setRequestHeader('Accept-Language', options.locale);
    xhr.send(form);
  });
}

/** The release wizard's track step, where a dropped file becomes a custom master. */
export const CUSTOM_MASTER_PATH = `${NEW_RELEASE_PATH}/${'track' satisfies TReleaseWizardStep}` as const;
/** Where the drag-and-drop upload is offered. */
export const DROP_PATHS = ['/', '/masters', '/learn', CUSTOM_MASTER_PATH] as const;

export function dropAllowedOn(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (DROP_PATHS as readonly string[]).includes(normalized);
}
