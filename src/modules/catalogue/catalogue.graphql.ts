import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { ZStyle, ZStyleGroup } from './catalogue.schemas.js';
import { listStyleGroups } from './catalogue.service.js';

const types = { Style: ZStyle, StyleGroup: ZStyleGroup };

export const catalogueGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types)}
    extend type Query {
      styleGroups: [StyleGroup!]!
    }
  `,
  resolvers: {
    Query: {
      styleGroups: (_parent, _args, ctx) => listStyleGroups(ctx),
    },
  },
  contract: { types, args: {} },
};
