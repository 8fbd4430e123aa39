import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { ZCurrency } from '../pricing/index.js';
import {
  ZArtist,
  ZArtistRef,
  ZCreateArtistInput,
  ZDistributionSubscription,
  ZLabel,
  ZMetaInfo,
  ZParticipant,
  ZParticipantInput,
  ZRenameArtistInput,
  ZRenameLabelInput,
  ZSubscriptionStatus,
  ZUpdateParticipantInput,
} from './distribution.schemas.js';
import { createArtist, createParticipant, listArtists, listParticipants, metaInfo, renameArtist, renameLabel, updateParticipant } from './distribution.service.js';
import { distributionSubscription } from './subscription.service.js';

const types = {
  DistributionArtist: ZArtist,
  DistributionArtistRef: ZArtistRef,
  DistributionParticipant: ZParticipant,
  DistributionLabel: ZLabel,
  DistributionMetaInfo: ZMetaInfo,
  DistributionSubscription: ZDistributionSubscription,
  DistributionSubscriptionStatus: ZSubscriptionStatus,
  DistributionCurrency: ZCurrency,
};

/**
 * The distribution add-on on GraphQL (names no distribution operations; outside clients get
 * the same records, rules and ownership checks as REST and tRPC).
 */
export const distributionGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types)}
    extend type Query {
      distributionSubscription: DistributionSubscription!
      distributionArtists: [DistributionArtist!]!
      distributionParticipants: [DistributionParticipant!]!
      distributionMetaInfo: DistributionMetaInfo!
    }
    extend type Mutation {
      createDistributionArtist(name: String!, country: String): DistributionArtist!
      updateDistributionArtist(id: Int!, name: String!): DistributionArtist!
      createDistributionParticipant(name: String!, email: String!): DistributionParticipant!
      updateDistributionParticipant(id: Int!, name: String!, email: String!): DistributionParticipant!
      updateDistributionLabel(labelId: Int!, name: String!): DistributionLabel!
    }
  `,
  resolvers: {
    Query: {
      distributionSubscription: (_parent, _args, ctx) => distributionSubscription(ctx),
      distributionArtists: (_parent, _args, ctx) => listArtists(ctx),
      distributionParticipants: (_parent, _args, ctx) => listParticipants(ctx),
      distributionMetaInfo: (_parent, _args, ctx) => metaInfo(ctx),
    },
    Mutation: {
      createDistributionArtist: (_parent, args, ctx) => createArtist(ctx, parseInput(ZCreateArtistInput, withoutNulls(args))),
      updateDistributionArtist: (_parent, args, ctx) => renameArtist(ctx, parseInput(ZRenameArtistInput, args)),
      createDistributionParticipant: (_parent, args, ctx) => createParticipant(ctx, parseInput(ZParticipantInput, args)),
      updateDistributionParticipant: (_parent, args, ctx) => updateParticipant(ctx, parseInput(ZUpdateParticipantInput, args)),
      updateDistributionLabel: (_parent, args, ctx) => renameLabel(ctx, parseInput(ZRenameLabelInput, args)),
    },
  },
  contract: {
    types,
    args: {
      'Mutation.createDistributionArtist': ZCreateArtistInput,
      'Mutation.updateDistributionArtist': ZRenameArtistInput,
      'Mutation.createDistributionParticipant': ZParticipantInput,
      'Mutation.updateDistributionParticipant': ZUpdateParticipantInput,
      'Mutation.updateDistributionLabel': ZRenameLabelInput,
    },
  },
};
