// The upload feature's surface for other features: hand a file to the one upload host (it uploads
// with progress), check a file before that, and follow the upload's state.
export { holdFile } from './held-file.js';
export { ACCEPTED_WAV_TYPES, trackFileProblem } from './track-file.js';
export { rejectFile, UploadStatus, useUploadState } from './upload-store.js';
export { UPLOAD_ERROR_DISPLAY_MS } from './components/upload-host.js';
export { uploadErrorCodeOf } from './upload-errors.js';
