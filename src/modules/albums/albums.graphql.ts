import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { mastersGraphqlTypes } from '../masters/index.js';
import { createAlbum, getAlbum, listAlbums } from './albums.service.js';
import { ZAlbum, ZAlbumIdInput, ZAlbumState, ZAlbumTrack, ZCreateAlbumInput } from './albums.schemas.js';

const types = { AlbumState: ZAlbumState, AlbumTrack: ZAlbumTrack, Album: ZAlbum };

/** Album mode over GraphQL (MasterIntensity is the masters module's enum). */
export const albumsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types, { refs: mastersGraphqlTypes })}
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
    types,
    args: { 'Query.album': ZAlbumIdInput, 'Mutation.createAlbum': ZCreateAlbumInput },
  },
};
