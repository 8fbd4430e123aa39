export { releasesRouter } from './releases.trpc.js';
export { releasesRest } from './releases.rest.js';
export * from './releases.schemas.js';
export { runDeliveryJobs, deliveryDirOf } from './delivery/delivery-job.js';
export { useReleaseProvider } from './provider/provider-of.js';
export type { ReleaseProvider } from './provider/release-provider.js';
export { releasesGraphql } from './releases.graphql.js';
export { removeReleaseFilesOfUser } from './account-cleanup.js';
