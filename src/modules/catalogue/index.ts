export { listStyleGroups, listEngineStyles, listStylesForOperators, setEnabled } from './catalogue.service.js';
export { catalogueRouter } from './catalogue.trpc.js';
export { catalogueGraphql } from './catalogue.graphql.js';
export * from './catalogue.schemas.js';
