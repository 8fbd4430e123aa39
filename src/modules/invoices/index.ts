export { invoicePdf, issueInvoice, listInvoices, sendReceipt } from './invoices.service.js';
export { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.js';
export { invoicesRest } from './invoices.rest.js';
export { invoicesRouter } from './invoices.trpc.js';
export { invoicesGraphql } from './invoices.graphql.js';
export * from './invoices.schemas.js';
