import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { startBounce } from './media-jobs.service.js';
import { ZBounceTicket, ZStartBounceInput } from './streaming.schemas.js';

/** startBounce: a bounce of the caller's own track at an intensity (MasterIntensity is the masters module's enum) and amounts, optionally toward one of the caller's reference tracks. */
export const streamingGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type BounceTicket {
      jobId: ID!
      state: String!
      position: Int
      masterId: ID
      intensity: MasterIntensity!
      "Tone, width and dynamics, percent of the style's move on top of the intensity (100: the style as it is)."
      toneAmount: Int!
      widthAmount: Int!
      dynamicsAmount: Int!
      referenceId: ID
    }
    extend type Mutation {
      "Amounts: 0-150 in steps of 10, each left out meaning 100. Toward a reference, the amounts scale the move toward it."
      startBounce(trackId: ID!, styleId: Int!, intensity: MasterIntensity, toneAmount: Int, widthAmount: Int, dynamicsAmount: Int, referenceId: ID): BounceTicket!
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
