import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { ZInvoice, ZInvoiceLine } from './invoices.schemas.js';
import { listInvoices } from './invoices.service.js';

const types = { InvoiceLine: ZInvoiceLine, Invoice: ZInvoice.omit({ masterId: true, trackArtist: true }) };

export const invoicesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types, { ids: ['userId', 'masterId'] })}
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
  contract: { types, args: {} },
};
