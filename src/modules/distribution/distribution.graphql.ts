import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import {
  ZArtist,
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

/**
 * The distribution add-on on GraphQL (names no distribution operations; outside clients get
 * the same records, rules and ownership checks as REST and tRPC).
 */
export const distributionGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type DistributionArtist {
      artist_id: Int!
      name: String!
      country: String!
    }
    type DistributionArtistRef {
      artist_id: Int!
      name: String!
    }
    type DistributionParticipant {
      participant_id: Int!
      name: String!
      email: String!
    }
    type DistributionLabel {
      label_id: Int!
      label_name: String!
    }
    type DistributionMetaInfo {
      label: DistributionLabel!
      artist: DistributionArtistRef!
      featuredArtists: [DistributionArtistRef!]!
      participant: DistributionParticipant!
      participants: [DistributionParticipant!]!
    }
    enum DistributionSubscriptionStatus {
      active
      past_due
      canceled
      ended
    }
    enum DistributionCurrency {
      USD
      EUR
    }
    type DistributionSubscription {
      active: Boolean!
      status: DistributionSubscriptionStatus
      planId: String
      billingFrequency: Int
      price: Float
      currency: DistributionCurrency
      currentPeriodEnd: String
      nextChargeAt: String
      graceUntil: String
      paymentMethodToken: String
      lastInvoiceNumber: Int
      chargedTotal: Float
      chargedVat: Float
      chargedCurrency: DistributionCurrency
    }
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
    types: {
      DistributionArtist: ZArtist,
      DistributionArtistRef: ZMetaInfo.shape.artist,
      DistributionParticipant: ZParticipant,
      DistributionLabel: ZLabel,
      DistributionMetaInfo: ZMetaInfo,
      DistributionSubscription: ZDistributionSubscription,
      DistributionSubscriptionStatus: ZSubscriptionStatus,
      DistributionCurrency: ZDistributionSubscription.shape.currency.unwrap(),
    },
    args: {
      'Mutation.createDistributionArtist': ZCreateArtistInput,
      'Mutation.updateDistributionArtist': ZRenameArtistInput,
      'Mutation.createDistributionParticipant': ZParticipantInput,
      'Mutation.updateDistributionParticipant': ZUpdateParticipantInput,
      'Mutation.updateDistributionLabel': ZRenameLabelInput,
    },
  },
};
