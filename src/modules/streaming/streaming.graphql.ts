import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { codecCheck, startCodecCheck } from './codec-check.service.js';
import { startBounce } from './media-jobs.service.js';
import { ZBounceTicket, ZCodecCheck, ZCodecCheckInput, ZCodecCheckState, ZCodecFigures, ZStartBounceInput, ZStoreCodec } from './streaming.schemas.js';

/** The codec check's answer: its state, and the figures once done (the master's measurements carry them too). */
const codecTypes = { StoreCodec: ZStoreCodec, CodecFigures: ZCodecFigures, CodecCheckState: ZCodecCheckState, CodecCheck: ZCodecCheck };

/**
 * startBounce: a bounce of the caller's own track at an intensity (MasterIntensity is the masters
 * module's enum) and amounts, optionally toward one of the caller's reference tracks.
 * codecCheck, startCodecCheck: the codec check of the caller's own master.
 */
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
    ${typeDefsOf(codecTypes, { ids: ['masterId'] })}
    extend type Query {
      "Where the codec check of one of your masters stands."
      codecCheck(masterId: ID!): CodecCheck!
    }
    extend type Mutation {
      "Amounts: 0-150 in steps of 10, each left out meaning 100. Toward a reference, the amounts scale the move toward it."
      startBounce(trackId: ID!, styleId: Int!, intensity: MasterIntensity, toneAmount: Int, widthAmount: Int, dynamicsAmount: Int, referenceId: ID): BounceTicket!
      "Encodes one of your masters as the stores stream it (AAC, Opus) and measures it decoded; asked again while it runs, joins it."
      startCodecCheck(masterId: ID!): CodecCheck!
    }
  `,
  resolvers: {
    Query: {
      codecCheck: (_parent, args, ctx) => codecCheck(ctx, parseInput(ZCodecCheckInput, args)),
    },
    Mutation: {
      startBounce: (_parent, args, ctx) => startBounce(ctx, parseInput(ZStartBounceInput, withoutNulls(args))),
      startCodecCheck: (_parent, args, ctx) => startCodecCheck(ctx, parseInput(ZCodecCheckInput, args)),
    },
  },
  contract: {
    types: { BounceTicket: ZBounceTicket, ...codecTypes },
    args: { 'Mutation.startBounce': ZStartBounceInput, 'Query.codecCheck': ZCodecCheckInput, 'Mutation.startCodecCheck': ZCodecCheckInput },
  },
};
