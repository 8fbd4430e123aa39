import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
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
import { ZTrack } from '../masters/index.js';
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
export const feedbackGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "Who wrote a comment or rating: a name; the e-mail address only for the viewer's own and to the track's owner."
    type FeedbackAuthor {
      id: ID!
      name: String
      email: String
    }
    type Comment {
      id: ID!
      trackId: ID!
      text: String!
      user: FeedbackAuthor!
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
      user: FeedbackAuthor!
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
    "Track of masters' module with its ratings (a type of its own: Track is also nested in Master)."
    type RatedTrack {
      id: ID!
      name: String!
      artist: String
      genre: String
      album: String
      bpm: Int
      path: String
      isCustomMaster: Boolean!
      user: TrackOwner!
      audio: TrackAudio
      createdAt: String!
      updatedAt: String!
      ratings: [Rating!]!
      ratingAverage: Float
    }
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
    types: {
      FeedbackAuthor: ZFeedbackAuthor,
      Comment: ZComment,
      Rating: ZRating,
      TrackRatings: ZTrackRatings,
      RatedTrack: ZTrack.extend({ ratings: z.array(ZRating), ratingAverage: ZTrackRatings.shape.average }),
    },
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
