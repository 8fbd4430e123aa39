import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import {
  ZAnalytics,
  ZAnalyticsCountry,
  ZAnalyticsPeriod,
  ZAnalyticsRelease,
  ZAnalyticsStore,
  ZAnalyticsStorePeriod,
  ZAnalyticsTrack,
  ZFeedbackInput,
  ZFeedbackResult,
  ZLedgerEntry,
  ZParticipantBalance,
  ZPayments,
  ZOtherEntry,
  ZPayout,
  ZPayoutRules,
} from './royalties.schemas.js';
import { analytics, payments, sendFeedback } from './royalties.service.js';

/** The royalty screens on GraphQL: the same services, the caller's own figures only. */
export const royaltiesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type RoyaltyFigures {
      streams: Int!
      downloads: Int!
      revenueMinor: Int!
    }
    type RoyaltyPeriod {
      period: String!
      streams: Int!
      downloads: Int!
      revenueMinor: Int!
    }
    type RoyaltyStorePeriod {
      period: String!
      store: String!
      albumId: Int!
      streams: Int!
      revenueMinor: Int!
    }
    type RoyaltyRelease {
      albumId: Int!
      name: String!
      upc: String
      streams: Int!
      downloads: Int!
      revenueMinor: Int!
    }
    type RoyaltyTrack {
      trackId: Int!
      name: String!
      isrc: String
      albumId: Int!
      releaseName: String!
      streams: Int!
      downloads: Int!
      revenueMinor: Int!
    }
    type RoyaltyStore {
      store: String!
      streams: Int!
      downloads: Int!
      revenueMinor: Int!
    }
    type RoyaltyCountry {
      country: String!
      streams: Int!
      downloads: Int!
      revenueMinor: Int!
    }
    type DistributionAnalytics {
      currency: String!
      totals: RoyaltyFigures!
      periods: [RoyaltyPeriod!]!
      storePeriods: [RoyaltyStorePeriod!]!
      releases: [RoyaltyRelease!]!
      tracks: [RoyaltyTrack!]!
      stores: [RoyaltyStore!]!
      countries: [RoyaltyCountry!]!
    }
    type RoyaltyParticipantBalance {
      participantId: Int!
      name: String!
      email: String!
      isMain: Boolean!
      earnedMinor: Int!
      adjustedMinor: Int!
      heldMinor: Int!
      paidMinor: Int!
      inTransitMinor: Int!
      balanceMinor: Int!
    }
    type RoyaltyOtherEntry {
      id: Int!
      kind: String!
      reason: String
      participantId: Int!
      participantName: String!
      amountMinor: Int!
      paid: Boolean!
      createdAt: String!
    }
    type RoyaltyPayoutRules {
      provider: String!
      minMinor: Int!
      feePercent: Float!
      feeMaxMinor: Int!
    }
    type RoyaltyLedgerEntry {
      id: Int!
      period: String!
      store: String!
      trackName: String
      isrc: String
      territory: String!
      participantId: Int!
      participantName: String!
      sharePercent: Float!
      amountMinor: Int!
      paid: Boolean!
    }
    type RoyaltyPayout {
      id: Int!
      participantName: String
      email: String!
      amountMinor: Int!
      feeMinor: Int!
      currency: String!
      status: String!
      failureReason: String
      createdAt: String!
    }
    type DistributionPayments {
      currency: String!
      rules: RoyaltyPayoutRules!
      participants: [RoyaltyParticipantBalance!]!
      others: [RoyaltyOtherEntry!]!
      entries: [RoyaltyLedgerEntry!]!
      payouts: [RoyaltyPayout!]!
    }
    type DistributionFeedbackResult {
      id: Int!
    }
    extend type Query {
      distributionAnalytics: DistributionAnalytics!
      distributionPayments: DistributionPayments!
    }
    extend type Mutation {
      sendDistributionFeedback(soundRating: Int!, overallRating: Int!, comment: String, includeSongData: Boolean, page: String): DistributionFeedbackResult!
    }
  `,
  resolvers: {
    Query: {
      distributionAnalytics: (_parent, _args, ctx) => analytics(ctx),
      distributionPayments: (_parent, _args, ctx) => payments(ctx),
    },
    Mutation: {
      sendDistributionFeedback: (_parent, args, ctx) => sendFeedback(ctx, parseInput(ZFeedbackInput, withoutNulls(args))),
    },
  },
  contract: {
    types: {
      RoyaltyFigures: ZAnalytics.shape.totals,
      RoyaltyPeriod: ZAnalyticsPeriod,
      RoyaltyStorePeriod: ZAnalyticsStorePeriod,
      RoyaltyRelease: ZAnalyticsRelease,
      RoyaltyTrack: ZAnalyticsTrack,
      RoyaltyStore: ZAnalyticsStore,
      RoyaltyCountry: ZAnalyticsCountry,
      DistributionAnalytics: ZAnalytics,
      RoyaltyParticipantBalance: ZParticipantBalance,
      RoyaltyLedgerEntry: ZLedgerEntry,
      RoyaltyPayout: ZPayout,
      RoyaltyOtherEntry: ZOtherEntry,
      RoyaltyPayoutRules: ZPayoutRules,
      DistributionPayments: ZPayments,
      DistributionFeedbackResult: ZFeedbackResult,
    },
    args: {
      'Mutation.sendDistributionFeedback': ZFeedbackInput,
    },
  },
};
