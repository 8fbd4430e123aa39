import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import {
  createComment,
  createRating,
  ratedTrack,
  removeComment,
  removeRating,
  trackComments,
  trackRatings,
  updateComment,
  updateRating,
} from './feedback.service.js';
import { z } from 'zod';
import { mastersGraphqlTypes, ZTrack } from '../masters/index.js';
import {
  ZComment,
  ZCreateCommentInput,
  ZCreateRatingInput,
  ZFeedbackAuthor,
  ZIdInput,
  ZRating,
  ZTrackCommentsInput,
  ZTrackIdInput,
  ZTrackRatings,
  ZUpdateCommentInput,
  ZUpdateRatingInput,
} from './feedback.schemas.js';

/**
 * trackComments, createComment, updateComment, removeComment; the track with its ratings
 * (`track`, plus `trackRatings` for a viewer the track is shared with, who cannot open
 * `track` itself), createRating, updateRating, removeRating.
 */
const types = {
  FeedbackAuthor: ZFeedbackAuthor,
  Comment: ZComment,
  Rating: ZRating,
  TrackRatings: ZTrackRatings,
  RatedTrack: ZTrack.extend({ ratings: z.array(ZRating), ratingAverage: ZTrackRatings.shape.average }),
};
const descriptions = {
  FeedbackAuthor: "Who wrote a comment or rating: a name; the e-mail address only for the viewer's own and to the track's owner.",
  RatedTrack: "Track of masters' module with its ratings (a type of its own: Track is also nested in Master).",
};

export const feedbackGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types, { refs: mastersGraphqlTypes, ids: ['trackId'], descriptions })}
    extend type Query {
      track(id: ID!): RatedTrack
      "Newest first, one page: the comments before the one named by cursor (its id), at most limit (30 unless given, 100 at most)."
      trackComments(trackId: ID!, cursor: ID, limit: Int): [Comment!]!
      trackRatings(trackId: ID!): TrackRatings!
    }
    extend type Mutation {
      createComment(text: String!, trackId: ID!, timestamp: Float): Comment!
      updateComment(id: ID!, text: String!, timestamp: Float): Comment!
      removeComment(id: ID!): Boolean!
      createRating(trackId: ID!, comment: String, rating: Int!): Rating!
      updateRating(id: ID!, comment: String, rating: Int!): Rating!
      removeRating(id: ID!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      track: (_parent, args, ctx) => ratedTrack(ctx, parseInput(ZIdInput, args)),
      trackComments: (_parent, args, ctx) => trackComments(ctx, parseInput(ZTrackCommentsInput, withoutNulls(args))),
      trackRatings: (_parent, args, ctx) => trackRatings(ctx, parseInput(ZTrackIdInput, args)),
    },
    Mutation: {
      createComment: (_parent, args, ctx) => createComment(ctx, parseInput(ZCreateCommentInput, withoutNulls(args))),
      updateComment: (_parent, args, ctx) => updateComment(ctx, parseInput(ZUpdateCommentInput, withoutNulls(args))),
      removeComment: (_parent, args, ctx) => removeComment(ctx, parseInput(ZIdInput, args)),
      createRating: (_parent, args, ctx) => createRating(ctx, parseInput(ZCreateRatingInput, withoutNulls(args))),
      updateRating: (_parent, args, ctx) => updateRating(ctx, parseInput(ZUpdateRatingInput, withoutNulls(args))),
      removeRating: (_parent, args, ctx) => removeRating(ctx, parseInput(ZIdInput, args)),
    },
  },
  contract: {
    types,
    args: {
      'Query.track': ZIdInput,
      'Query.trackComments': ZTrackCommentsInput,
      'Query.trackRatings': ZTrackIdInput,
      'Mutation.createComment': ZCreateCommentInput,
      'Mutation.updateComment': ZUpdateCommentInput,
      'Mutation.removeComment': ZIdInput,
      'Mutation.createRating': ZCreateRatingInput,
      'Mutation.updateRating': ZUpdateRatingInput,
      'Mutation.removeRating': ZIdInput,
    },
  },
};
