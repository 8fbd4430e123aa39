import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { z } from 'zod';
import { ZUpdateUserInput, ZUser } from './accounts.schemas.js';
import { me, updateUser } from './accounts.service.js';

const types = { User: ZUser };
const inputs = { UpdateUserInput: ZUpdateUserInput };
const descriptions = {
  UpdateUserInput:
    'Only the fields sent change. password is the new password; changing it or the e-mail needs\n' +
    'currentPassword. A new e-mail takes effect once the link mailed to it is opened.',
};

export const accountsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types, { inputs, descriptions })}
    extend type Query {
      me: User!
    }
    extend type Mutation {
      updateUser(updateUserInput: UpdateUserInput!): User!
    }
  `,
  resolvers: {
    Query: {
      me: (_parent, _args, ctx) => me(ctx),
    },
    Mutation: {
      updateUser: (_parent, args, ctx) =>
        updateUser(ctx, parseInput(ZUpdateUserInput, withoutNulls(args.updateUserInput as Record<string, unknown>))),
    },
  },
  contract: {
    types: { ...types, ...inputs },
    args: { 'Mutation.updateUser': z.object({ updateUserInput: ZUpdateUserInput }) },
  },
};
