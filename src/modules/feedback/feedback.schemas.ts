import { z } from 'zod';

/** Comments and ratings (Rating). */

export const MAX_COMMENT_LENGTH = 2000;
export const MAX_RATING_COMMENT_LENGTH = 2000;
export const MIN_STARS = 1;
export const MAX_STARS = 5;

const ZUuid = z.uuid('global.error.invalidInput');

/** Trimmed text, non-empty; plain text, length-limited (the database holds the same bound). */
export const ZCommentText = z
  .string('comment.textRequired')
  .trim()
  .min(1, 'comment.textRequired')
  .max(MAX_COMMENT_LENGTH, 'comment.textTooLong');

/** A position in the track, in seconds from its start (optional: a comment may be about the whole track). */
export const ZCommentTimestamp = z.number('comment.invalidTimestamp').finite('comment.invalidTimestamp').min(0, 'comment.invalidTimestamp');

/* ---------- inputs (shared by tRPC, GraphQL and the client's forms) ---------- */

export const ZTrackIdInput = z.object({ trackId: ZUuid });
export type TTrackIdInput = z.infer<typeof ZTrackIdInput>;

/** Comments come in pages, newest first: one answer stays small however long the discussion. */
export const COMMENT_PAGE_SIZE = 30;
export const MAX_COMMENT_PAGE_SIZE = 100;

/**
 * trackComments: the newest page, or with `cursor` (the id of the oldest comment shown) the page
 * before it. A page shorter than `limit` is the last one.
 */
export const ZTrackCommentsInput = z.object({
  trackId: ZUuid,
  cursor: ZUuid.nullish(),
  limit: z.number('global.error.invalidInput').int('global.error.invalidInput').min(1, 'global.error.invalidInput').max(MAX_COMMENT_PAGE_SIZE, 'global.error.invalidInput').optional(),
});
export type TTrackCommentsInput = z.infer<typeof ZTrackCommentsInput>;

export const ZCreateCommentInput = z.object({ trackId: ZUuid, text: ZCommentText, timestamp: ZCommentTimestamp.nullish() });
export type TCreateCommentInput = z.infer<typeof ZCreateCommentInput>;

/** updateComment (id, text, timestamp); an absent timestamp keeps the position, null removes it. */
export const ZUpdateCommentInput = z.object({ id: ZUuid, text: ZCommentText, timestamp: ZCommentTimestamp.nullish() });
export type TUpdateCommentInput = z.infer<typeof ZUpdateCommentInput>;

export const ZIdInput = z.object({ id: ZUuid });
export type TIdInput = z.infer<typeof ZIdInput>;

export const ZStars = z.number('rating.invalidStars').int('rating.invalidStars').min(MIN_STARS, 'rating.invalidStars').max(MAX_STARS, 'rating.invalidStars');
export const ZRatingComment = z.string().trim().max(MAX_RATING_COMMENT_LENGTH, 'rating.commentTooLong');

export const ZCreateRatingInput = z.object({ trackId: ZUuid, rating: ZStars, comment: ZRatingComment.nullish() });
export type TCreateRatingInput = z.infer<typeof ZCreateRatingInput>;

export const ZUpdateRatingInput = z.object({ id: ZUuid, rating: ZStars, comment: ZRatingComment.nullish() });
export type TUpdateRatingInput = z.infer<typeof ZUpdateRatingInput>;

/** Rating summaries for a list of tracks (the master lists' average column). */
export const MAX_RATING_SUMMARY_TRACKS = 200;
export const ZRatingSummariesInput = z.object({ trackIds: z.array(ZUuid).max(MAX_RATING_SUMMARY_TRACKS, 'global.error.invalidInput') });
export type TRatingSummariesInput = z.infer<typeof ZRatingSummariesInput>;

export const ZCommentDigestSetting = z.object({ enabled: z.boolean() });
export type TCommentDigestSetting = z.infer<typeof ZCommentDigestSetting>;

/* ---------- answers ---------- */

/**
 * Who wrote a comment or rating: a display name (first and last name; null when the account has
 * none). The e-mail address only where the viewer knows it already: their own, and for the
 * track's owner, who invited every commenter by it. Sharees never see each other's or the owner's.
 */
export const ZFeedbackAuthor = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });
export type TFeedbackAuthor = z.infer<typeof ZFeedbackAuthor>;

/**
 * Comment. `canEdit` and `canDelete` tell the caller what they may do with it (authors
 * edit and delete their own; the track's owner deletes any), so the client shows no dead buttons.
 */
export const ZComment = z.object({
  id: z.string(),
  trackId: z.string(),
  text: z.string(),
  user: ZFeedbackAuthor,
  timestamp: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type TComment = z.infer<typeof ZComment>;

/** Rating, with its author, one per user and track. */
export const ZRating = z.object({
  id: z.string(),
  trackId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  user: ZFeedbackAuthor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRating = z.infer<typeof ZRating>;

export const ZRatingSummary = z.object({ trackId: z.string(), average: z.number().nullable(), count: z.number().int() });
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

/** A track's ratings with their average and the caller's own, for the master page. */
export const ZTrackRatings = ZRatingSummary.extend({ ratings: z.array(ZRating), mine: ZRating.nullable() });
export type TTrackRatings = z.infer<typeof ZTrackRatings>;
