import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { ZStyle, ZStyleGroup } from './catalogue.schemas.js';
import { listStyleGroups } from './catalogue.service.js';

export const catalogueGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Style {
      id: Int!
      name: String!
      description: String!
      targetLufs: Float!
      ceilingDbtp: Float!
      traits: [String!]!
      usageCount: Int!
      styleIndex: Int!
      order: Int!
      enabled: Boolean!
    }
    type StyleGroup {
      id: Int!
      name: String!
      description: String!
      icon: String!
      order: Int!
      enabled: Boolean!
      styles: [Style!]!
    }
    extend type Query {
      styleGroups: [StyleGroup!]!
    }
  `,
  resolvers: {
    Query: {
      styleGroups: (_parent, _args, ctx) => listStyleGroups(ctx),
    },
  },
  contract: { types: { Style: ZStyle, StyleGroup: ZStyleGroup }, args: {} },
};
