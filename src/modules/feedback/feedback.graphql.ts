import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import {
  createComment,
  createRating,
  removeComment,
  removeRating,
  trackComments,
  trackRatings,
  updateComment,
  updateRating,
} from './feedback.service.js';
import { ZCreateCommentInput, ZCreateRatingInput, ZIdInput, ZTrackIdInput, ZUpdateCommentInput, ZUpdateRatingInput } from './feedback.schemas.js';

/**
 * Spec §7: trackComments, createComment, updateComment, removeComment; the track with its ratings
 * (`Track.ratings`, plus `trackRatings` for a viewer the track is shared with, who cannot open
 * `track` itself), createRating, updateRating, removeRating.
 */
export const feedbackGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Comment {
      id: ID!
      trackId: ID!
      text: String!
      user: TrackOwner!
      timestamp: Float
      createdAt: String!
      updatedAt: String!
      canEdit: Boolean!
      canDelete: Boolean!
    }
    type Rating {
      id: ID!
      trackId: ID!
      rating: Int!
      comment: String!
      user: TrackOwner!
      createdAt: String!
      updatedAt: String!
    }
    type TrackRatings {
      trackId: ID!
      average: Float
      count: Int!
      ratings: [Rating!]!
      mine: Rating
    }
    extend type Track {
      ratings: [Rating!]!
      ratingAverage: Float
    }
    extend type Query {
      trackComments(trackId: ID!): [Comment!]!
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
    Track: {
      ratings: async (parent, _args, ctx) => (await trackRatings(ctx, parseInput(ZTrackIdInput, { trackId: (parent as { id: string }).id }))).ratings,
      ratingAverage: async (parent, _args, ctx) => (await trackRatings(ctx, parseInput(ZTrackIdInput, { trackId: (parent as { id: string }).id }))).average,
    },
    Query: {
      trackComments: (_parent, args, ctx) => trackComments(ctx, parseInput(ZTrackIdInput, args)),
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
};
