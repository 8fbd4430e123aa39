import { GraphQLScalarType } from 'graphql';
import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { getMaster, getUnmasteredMaster, listMasters, listTrackMasters, removeMaster } from './masters.service.js';
import {
  ZAudioInfo,
  ZCreateTrackInput,
  ZIdInput,
  ZIntensity,
  ZMaster,
  ZMasterInvoice,
  ZMasterMeasurements,
  ZMasterStyle,
  ZMastersInput,
  ZReferenceFromMasterInput,
  ZReferenceTrack,
  ZTrack,
  ZTrackIdInput,
  ZUpdateTrackInput,
  ZUserRef,
} from './masters.schemas.js';
import { listReferences, referenceFromMaster, removeReference } from './references.service.js';
import { createTrack, listMyTracks, removeTrackOfUser, updateTrack } from './tracks.service.js';

/** The engine's loudness figures: a JSON object passed through as is. */
const MasterMeasurements = new GraphQLScalarType({
  name: 'MasterMeasurements',
  description: 'Loudness figures of a mastered file (JSON object)',
  serialize: (value) => value,
});

/*
 * Type names are prefixed where another module may define the plain one (User, Invoice, Style).
 * Track is this module's; feedback may `extend type Track` with ratings.
 */
const types = {
  TrackOwner: ZUserRef,
  TrackAudio: ZAudioInfo,
  Track: ZTrack,
  MasterStyleGroup: ZMasterStyle.shape.styleGroup,
  MasterStyle: ZMasterStyle,
  MasterInvoice: ZMasterInvoice,
  Master: ZMaster,
  MasterIntensity: ZIntensity,
  /** A reference track to master toward: its owner's alone, never shared or downloadable. */
  ReferenceTrack: ZReferenceTrack,
};
const scalars = { MasterMeasurements: ZMasterMeasurements };
/** The types this module declares, for the modules whose types hold them. */
export const mastersGraphqlTypes = { ...types, ...scalars };

export const mastersGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    scalar MasterMeasurements
    ${typeDefsOf(types, { refs: scalars, ids: ['referenceId'] })}
    extend type Query {
      myReferences: [ReferenceTrack!]!
      masters(orderEntity: String, orderDirection: String): [Master!]!
      trackMasters(trackId: ID!): [Master!]!
      unmasteredMaster(trackId: ID!): Master
      master(id: ID!): Master
      myTracks: [Track!]!
    }
    extend type Mutation {
      removeMaster(id: ID!): Boolean!
      removeReference(id: ID!): Boolean!
      referenceFromMaster(masterId: ID!): ReferenceTrack!
      createTrack(name: String!, isCustomMaster: Boolean): Track!
      updateTrack(id: ID!, name: String, artist: String, genre: String, album: String, bpm: Int): Track!
      removeTrack(id: ID!): Boolean!
    }
  `,
  resolvers: {
    MasterMeasurements: MasterMeasurements as never,
    Query: {
      masters: (_parent, args, ctx) => listMasters(ctx, parseInput(ZMastersInput, withoutNulls(args))),
      trackMasters: (_parent, args, ctx) => listTrackMasters(ctx, parseInput(ZTrackIdInput, args)),
      unmasteredMaster: (_parent, args, ctx) => getUnmasteredMaster(ctx, parseInput(ZTrackIdInput, args)),
      master: (_parent, args, ctx) => getMaster(ctx, parseInput(ZIdInput, args)),
      myTracks: (_parent, _args, ctx) => listMyTracks(ctx),
      myReferences: (_parent, _args, ctx) => listReferences(ctx),
    },
    Mutation: {
      removeMaster: (_parent, args, ctx) => removeMaster(ctx, parseInput(ZIdInput, args)),
      removeReference: (_parent, args, ctx) => removeReference(ctx, parseInput(ZIdInput, args)),
      referenceFromMaster: (_parent, args, ctx) => referenceFromMaster(ctx, parseInput(ZReferenceFromMasterInput, args)),
      createTrack: (_parent, args, ctx) => createTrack(ctx, parseInput(ZCreateTrackInput, withoutNulls(args))),
      // null is meaningful here: it clears artist, genre, album or bpm (a null name means unchanged).
      updateTrack: (_parent, args, ctx) => updateTrack(ctx, parseInput(ZUpdateTrackInput, { ...args, name: args.name ?? undefined })),
      removeTrack: (_parent, args, ctx) => removeTrackOfUser(ctx, parseInput(ZIdInput, args)),
    },
  },
  contract: {
    types,
    scalars,
    args: {
      'Query.masters': ZMastersInput,
      'Query.trackMasters': ZTrackIdInput,
      'Query.unmasteredMaster': ZTrackIdInput,
      'Query.master': ZIdInput,
      'Mutation.removeMaster': ZIdInput,
      'Mutation.removeReference': ZIdInput,
      'Mutation.referenceFromMaster': ZReferenceFromMasterInput,
      'Mutation.createTrack': ZCreateTrackInput,
      'Mutation.updateTrack': ZUpdateTrackInput,
      'Mutation.removeTrack': ZIdInput,
    },
  },
};
