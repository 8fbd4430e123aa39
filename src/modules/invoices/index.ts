export { listInvoices } from './invoices.service.js';
export { invoicesRouter } from './invoices.trpc.js';
export { invoicesGraphql } from './invoices.graphql.js';
export * from './invoices.schemas.js';
