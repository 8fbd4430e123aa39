import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { ZInvoice } from './invoices.schemas.js';
import { listInvoices } from './invoices.service.js';

export const invoicesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Invoice {
      invoiceNumber: Int!
      userId: ID
      firstName: String!
      lastName: String!
      company: String
      streetAndNumber: String!
      additional: String
      city: String!
      zip: String!
      country: String!
      state: String!
      taxId: String
      couponKey: String
      couponType: String
      couponAmount: Float
      couponCurrency: String
      currency: String!
      price: Float!
      couponValue: Float!
      vat: Float!
      vatRate: Float!
      total: Float!
      product: String!
      productType: Int!
      buyingOption: Int!
      paymentMethod: String!
      transactionId: String
      createdAt: String!
    }
    extend type Query {
      invoices: [Invoice!]!
    }
  `,
  resolvers: {
    Query: {
      invoices: (_parent, _args, ctx) => listInvoices(ctx),
    },
  },
  // masterId and trackArtist serve the SPA's invoice list (tRPC); the API's Invoice has neither.
  contract: { types: { Invoice: ZInvoice.omit({ masterId: true, trackArtist: true }) }, args: {} },
};
