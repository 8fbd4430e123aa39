export { distributionRouter } from './distribution.trpc.js';
export { distributionRest } from './distribution.rest.js';
export { distributionGraphql } from './distribution.graphql.js';
export { renewDueSubscriptions, addMonths, stopSubscriptionsOfDeletedAccount } from './subscription.service.js';
export type { DistributionProvider } from './provider/distribution-provider.js';
export * from './distribution.schemas.js';
export { requireAccount, requireWritableAccount, type DistributionAccount } from './distribution.service.js';
export { isValidIsrc, normaliseIsrc, isValidIswc, normaliseIswc, assignIsrc, assignEan13, isValidProductCode } from './identifiers.js';
