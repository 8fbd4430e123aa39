export { mastersRouter, tracksRouter } from './masters.trpc.js';
export { mastersGraphql, mastersGraphqlTypes } from './masters.graphql.js';
export { uploadRest } from './upload.rest.js';
export { assertCanCreateMaster, canCreateMaster, localName, masterFilesPrefix, measurementsOf, styleHearing, styleHearingOf, trackAccessFor, accessibleTrackIds } from './masters.service.js';
export { getTrack, originalKeyOf, trackFilesPrefix } from './tracks.service.js';
export * from './masters.schemas.js';
export { MASTER_ORDER_COLUMNS, MASTER_STYLE_COLUMNS, selectMastersWithStyle } from './masters.repository.js';
export { assertStorageForMaster, MASTER_BYTES_PER_SECOND, masterBytesPerSecond } from './storage-quota.js';
