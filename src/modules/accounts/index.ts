export { me, deleteAccount } from './accounts.service.js';
export { accountsRouter } from './accounts.trpc.js';
export { accountsGraphql } from './accounts.graphql.js';
export { accountsRest } from './accounts.rest.js';
export * from './accounts.schemas.js';
