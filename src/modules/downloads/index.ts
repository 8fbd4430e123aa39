export { masterDownload, downloadFileName, type MasterDownload } from './downloads.service.js';
export { renditionKeyOf, RENDITIONS, type RenditionOption } from './downloads.constants.js';
export { downloadsRest } from './downloads.rest.js';
export * from './downloads.schemas.js';
