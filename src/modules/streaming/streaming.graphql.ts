import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { startBounce } from './media-jobs.service.js';
import { ZBounceTicket, ZStartBounceInput } from './streaming.schemas.js';

/** startBounce: a bounce of the caller's own track at an intensity, optionally toward one of the caller's reference tracks (MasterIntensity is the masters module's enum). */
export const streamingGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type BounceTicket {
      jobId: ID!
      state: String!
      position: Int
      masterId: ID
      intensity: MasterIntensity!
      referenceId: ID
    }
    extend type Mutation {
      startBounce(trackId: ID!, styleId: Int!, intensity: MasterIntensity, referenceId: ID): BounceTicket!
    }
  `,
  resolvers: {
    Mutation: {
      startBounce: (_parent, args, ctx) => startBounce(ctx, parseInput(ZStartBounceInput, withoutNulls(args))),
    },
  },
  contract: {
    types: { BounceTicket: ZBounceTicket },
    args: { 'Mutation.startBounce': ZStartBounceInput },
  },
};
