import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { mastersGraphqlTypes } from '../masters/index.js';
import { createShare, removeShare, sharedWithMe, sharesByMaster } from './sharing.service.js';
import { ZCreateShareInput, ZMasterIdInput, ZShare, ZShareIdInput, ZSharedMaster, ZSharedWithMeInput } from './sharing.schemas.js';

/**
 * SharesByMaster answers the share list; sharedWithMe answers the
 * masters shared with the caller, each with its owner in `user`.
 */
const types = {
  ShareMasterRef: ZShare.shape.master,
  Share: ZShare,
  SharedTrack: ZSharedMaster.shape.track,
  SharedMasterOwner: ZSharedMaster.shape.user,
  SharedMaster: ZSharedMaster,
};
const descriptions = { SharedMasterOwner: 'The owner of a master shared with the caller: the name is what the sharee is shown.' };

export const sharingGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types, { refs: mastersGraphqlTypes, ids: ['shareId', 'referenceId'], descriptions })}
    extend type Query {
      sharesByMaster(masterId: ID!): [Share!]!
      sharedWithMe(orderEntity: String, orderDirection: String): [SharedMaster!]!
    }
    extend type Mutation {
      createShare(email: String!, masterId: ID!): Share!
      removeShare(id: ID!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      sharesByMaster: async (_parent, args, ctx) => (await sharesByMaster(ctx, parseInput(ZMasterIdInput, args))).shares,
      sharedWithMe: (_parent, args, ctx) => sharedWithMe(ctx, parseInput(ZSharedWithMeInput, withoutNulls(args))),
    },
    Mutation: {
      createShare: (_parent, args, ctx) => createShare(ctx, parseInput(ZCreateShareInput, args)),
      removeShare: (_parent, args, ctx) => removeShare(ctx, parseInput(ZShareIdInput, args)),
    },
  },
  contract: {
    types,
    args: {
      'Query.sharesByMaster': ZMasterIdInput,
      'Query.sharedWithMe': ZSharedWithMeInput,
      'Mutation.createShare': ZCreateShareInput,
      'Mutation.removeShare': ZShareIdInput,
    },
  },
};
