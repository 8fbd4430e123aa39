export { listAddresses } from './addresses.service.js';
export { addressesRouter } from './addresses.trpc.js';
export { addressesGraphql } from './addresses.graphql.js';
export * from './addresses.schemas.js';
