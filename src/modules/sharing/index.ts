export { sharingRouter } from './sharing.trpc.js';
export { sharingGraphql } from './sharing.graphql.js';
export * from './sharing.schemas.js';
