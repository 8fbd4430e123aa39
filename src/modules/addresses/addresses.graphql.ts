import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { ZAddress, ZCreateAddressInput, ZUpdateAddressInput } from './addresses.schemas.js';
import { createAddress, listAddresses, updateAddress } from './addresses.service.js';

export const addressesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Address {
      id: ID!
      company: String
      streetAndNumber: String!
      additional: String
      city: String!
      zip: String!
      "ISO 3166-1 alpha-2"
      country: String!
      state: String!
      taxId: String
      createdAt: String!
      updatedAt: String!
    }
    extend type Query {
      addresses: [Address!]!
    }
    extend type Mutation {
      createAddress(company: String, streetAndNumber: String!, additional: String, city: String!, zip: String!, country: String!, state: String, taxId: String): Address!
      updateAddress(id: ID!, company: String, streetAndNumber: String!, additional: String, city: String!, zip: String!, country: String!, state: String, taxId: String): Address!
    }
  `,
  resolvers: {
    Query: {
      addresses: (_parent, _args, ctx) => listAddresses(ctx),
    },
    Mutation: {
      createAddress: (_parent, args, ctx) => createAddress(ctx, parseInput(ZCreateAddressInput, withoutNulls(args))),
      updateAddress: (_parent, args, ctx) => updateAddress(ctx, parseInput(ZUpdateAddressInput, withoutNulls(args))),
    },
  },
  contract: {
    types: { Address: ZAddress },
    args: { 'Mutation.createAddress': ZCreateAddressInput, 'Mutation.updateAddress': ZUpdateAddressInput },
  },
};
