import { describe, expect, it } from 'vitest';
import { uploadErrorCanRetry, uploadErrorCodeOf } from './upload-errors.js';

describe('upload errors', () => {
  it('when the server answers, then its key becomes the upload message code; 413 and 5xx have their own', () => {
    expect(uploadErrorCodeOf(400, 'error.noWaveFile')).toBe('store.upload.error.noWaveFile');
    expect(uploadErrorCodeOf(400, 'error.unsupportedWave')).toBe('store.upload.error.unsupportedWave');
    expect(uploadErrorCodeOf(413, 'error.payloadTooLarge')).toBe('store.upload.error.fileTooLarge');
    expect(uploadErrorCodeOf(429, 'store.upload.error.tooManyUploads')).toBe('store.upload.error.tooManyUploads');
    expect(uploadErrorCodeOf(502, undefined)).toBe('global.error.server');
    expect(uploadErrorCodeOf(500, 'error.malformedBody')).toBe('global.error.server');
  });

  it('when the failure is on the way, then retrying helps; when it is the file, then it does not', () => {
    for (const code of ['global.error.network', 'global.error.server', 'store.upload.error.malformedBody']) expect(uploadErrorCanRetry(code)).toBe(true);
    for (const code of ['store.upload.error.noWaveFile', 'store.upload.error.unsupportedWave', 'store.upload.error.fileTooLarge', 'store.upload.error.storageFull', 'store.upload.error.tooManyUploads']) {
      expect(uploadErrorCanRetry(code)).toBe(false);
    }
  });
});
