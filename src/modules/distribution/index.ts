export { distributionRouter } from './distribution.trpc.js';
export { distributionRest } from './distribution.rest.js';
export { distributionGraphql } from './distribution.graphql.js';
export { renewDueSubscriptions, addMonths, stopSubscriptionsOfDeletedAccount } from './subscription.service.js';
export { startRenewalJob } from './renewal-job.js';
export type { DistributionProvider } from './provider/distribution-provider.js';
export * from './distribution.schemas.js';
