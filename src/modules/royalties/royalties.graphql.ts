import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
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

const types = {
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
};

/** The royalty screens on GraphQL: the same services, the caller's own figures only. */
export const royaltiesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types)}
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
    types,
    args: {
      'Mutation.sendDistributionFeedback': ZFeedbackInput,
    },
  },
};
