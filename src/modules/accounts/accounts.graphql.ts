import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { z } from 'zod';
import { ZUpdateUserInput, ZUser } from './accounts.schemas.js';
import { me, updateUser } from './accounts.service.js';

export const accountsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type User {
      id: ID!
      distributionUserId: String
      distributionArtistId: String
      distributionParticipantId: String
      distributionLabelId: String
      email: String!
      firstName: String!
      lastName: String!
      subscribedToNewsletter: Boolean!
      informAboutUpdates: Boolean!
      betaTesting: Boolean!
    }
    """
    Only the fields sent change. password is the new password; changing it or the e-mail needs
    currentPassword. A new e-mail takes effect once the link mailed to it is opened.
    """
    input UpdateUserInput {
      id: ID
      firstName: String
      lastName: String
      email: String
      subscribedToNewsletter: Boolean
      informAboutUpdates: Boolean
      betaTesting: Boolean
      password: String
      currentPassword: String
    }
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
    types: { User: ZUser, UpdateUserInput: ZUpdateUserInput },
    args: { 'Mutation.updateUser': z.object({ updateUserInput: ZUpdateUserInput }) },
  },
};
