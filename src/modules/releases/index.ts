export { releasesRouter } from './releases.trpc.js';
export { releasesRest } from './releases.rest.js';
export * from './releases.schemas.js';
export { deliveryDirOf } from './delivery/delivery-job.js';
export { useReleaseProvider } from './provider/provider-of.js';
export type { ReleaseProvider } from './provider/release-provider.js';
export { releasesGraphql } from './releases.graphql.js';
export { removeReleaseFilesOfUser } from './account-cleanup.js';
export { deliveryJobHandlers, DELIVERY_JOB_KINDS, readAcknowledgements, uploadDelivery } from './delivery/sftp-delivery.js';
/** The XML reader of delivery messages and acknowledgements (tests' stand-in stores read with it too). */
export { parseXml, childrenNamed, pathOf, textAt, type XmlElement } from './delivery/xml-tree.js';
export { takeDownReleasesOfDeletedAccount, takeDownReleasesOfEndedSubscriptions } from './delivery.service.js';
export { COVER_JOB_KIND, coverJobHandlers } from './cover.service.js';
