import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { createAlbum, getAlbum, listAlbums } from './albums.service.js';
import { ZAlbum, ZAlbumIdInput, ZAlbumState, ZAlbumTrack, ZCreateAlbumInput } from './albums.schemas.js';

/** Album mode over GraphQL (MasterIntensity is the masters module's enum). */
export const albumsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    enum AlbumState {
      queued
      mastering
      done
      failed
    }
    type AlbumTrack {
      position: Int!
      trackId: String!
      name: String!
      masterId: String
      mixLufs: Float
      targetLufs: Float
      masterLufs: Float
      masterTruePeak: Float
    }
    type Album {
      id: String!
      styleId: Int!
      intensity: MasterIntensity!
      state: AlbumState!
      error: String
      createdAt: String!
      tracks: [AlbumTrack!]!
      spreadInLu: Float
      spreadOutLu: Float
    }
    extend type Query {
      album(id: ID!): Album!
      albums: [Album!]!
    }
    extend type Mutation {
      createAlbum(trackIds: [ID!]!, styleId: Int!, intensity: MasterIntensity): Album!
    }
  `,
  resolvers: {
    Query: {
      album: (_parent, args, ctx) => getAlbum(ctx, parseInput(ZAlbumIdInput, args)),
      albums: (_parent, _args, ctx) => listAlbums(ctx),
    },
    Mutation: {
      createAlbum: (_parent, args, ctx) => createAlbum(ctx, parseInput(ZCreateAlbumInput, withoutNulls(args))),
    },
  },
  contract: {
    types: { Album: ZAlbum, AlbumTrack: ZAlbumTrack, AlbumState: ZAlbumState },
    args: { 'Query.album': ZAlbumIdInput, 'Mutation.createAlbum': ZCreateAlbumInput },
  },
};
