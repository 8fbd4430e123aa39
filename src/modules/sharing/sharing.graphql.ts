import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { createShare, removeShare, sharedWithMe, sharesByMaster } from './sharing.service.js';
import { ZCreateShareInput, ZMasterIdInput, ZShare, ZShareIdInput, ZSharedMaster, ZSharedWithMeInput } from './sharing.schemas.js';

/**
 * SharesByMaster answers the share list; sharedWithMe answers the
 * masters shared with the caller, each with its owner in `user`.
 */
export const sharingGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type ShareMasterRef {
      id: ID!
    }
    type Share {
      id: ID!
      user: TrackOwner!
      email: String!
      master: ShareMasterRef!
      createdAt: String!
    }
    type SharedTrack {
      id: ID!
      name: String!
      artist: String
      isCustomMaster: Boolean!
    }
    "The owner of a master shared with the caller: the name is what the sharee is shown."
    type SharedMasterOwner {
      id: ID!
      email: String!
      name: String
    }
    type SharedMaster {
      id: ID!
      shareId: ID!
      sharedAt: String!
      track: SharedTrack!
      style: MasterStyle
      intensity: MasterIntensity!
      user: SharedMasterOwner!
      status: String!
      measurements: MasterMeasurements
      createdAt: String!
      track_name: String!
      custom_master: Boolean!
      track_artist: String
      style_name: String
      styleGroup_name: String
    }
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
    types: { Share: ZShare, ShareMasterRef: ZShare.shape.master, SharedTrack: ZSharedMaster.shape.track, SharedMasterOwner: ZSharedMaster.shape.user, SharedMaster: ZSharedMaster },
    args: {
      'Query.sharesByMaster': ZMasterIdInput,
      'Query.sharedWithMe': ZSharedWithMeInput,
      'Mutation.createShare': ZCreateShareInput,
      'Mutation.removeShare': ZShareIdInput,
    },
  },
};
