export { masterDownload, downloadFileName, type MasterDownload } from './downloads.service.js';
export { ensureRendition, renditionKeyOf, RENDITIONS } from './renditions.js';
export { downloadsRest } from './downloads.rest.js';
export * from './downloads.schemas.js';
