import type { ServiceContext } from '../../platform/context.js';
import { AppError, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { enforceRateLimits, type RateLimitRule } from '../../platform/rate-limit/rate-limit.js';
import { accessibleTrackIds, getTrack, trackAccessFor, type TTrack, type TTrackAccess } from '../masters/index.js';
import * as repo from './feedback.repository.js';
import type {
  TComment,
  TCommentDigestSetting,
  TCreateCommentInput,
  TCreateRatingInput,
  TFeedbackAuthor,
  TIdInput,
  TRating,
  TRatingSummariesInput,
  TRatingSummary,
  TTrackCommentsInput,
  TTrackIdInput,
  TTrackRatings,
  TUpdateCommentInput,
  TUpdateRatingInput,
} from './feedback.schemas.js';
import { COMMENT_PAGE_SIZE } from './feedback.schemas.js';

/**
 * Comments one user may write: a discussion's pace, not a script's (300 comments in 9 s filled a
 * track's page). Both budgets count every comment written, on any track.
 */
export const COMMENT_RATE_LIMITS: readonly RateLimitRule[] = [
  { name: 'comment:user:10min', max: 20, windowS: 600 },
  { name: 'comment:user:day', max: 200, windowS: 86_400 },
];

const iso = (value: Date | string) => new Date(value).toISOString();

function userIdOf(ctx: Pick<ServiceContext, 'actor'>): string {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor.userId;
}

/**
 * The one rule of who may read and write feedback on a track: whoever may hear it (masters'
 * trackAccessFor: the owner, or a person one of its masters is shared with). Anyone else gets
 * "not found", the same answer as for a track that does not exist, so ids cannot be probed.
 */
async function visibleTrack(ctx: ServiceContext, userId: string, trackId: string): Promise<{ track: repo.TrackFacts; access: NonNullable<TTrackAccess> }> {
  const access = await trackAccessFor(ctx, { userId: userId, trackId: trackId });
  const track = access ? await repo.findTrackFacts(ctx.db, trackId) : undefined;
  if (!access || !track) throw notFound('track');
  return { track, access };
}

/** A position must lie inside the track (when its length is known). */
function checkTimestamp(track: repo.TrackFacts, timestamp: number | null | undefined) {
  if (timestamp === null || timestamp === undefined) return;
  if (track.sample_rate && track.number_of_samples !== null) {
    const durationS = Number(track.number_of_samples) / track.sample_rate;
    if (timestamp > durationS + 0.5) throw new AppError('BAD_REQUEST', 'comment.timestampOutOfRange');
  }
}

/** The author as a viewer of the track may see them (ZFeedbackAuthor): a name, the address only where it is known already. */
function authorOf(row: { user_id: string; user_email: string; user_first_name: string; user_last_name: string }, viewerId: string, ownerId: string): TFeedbackAuthor {
  const name = `${row.user_first_name.trim()} ${row.user_last_name.trim()}`.trim();
  const knowsAddress = row.user_id === viewerId || ownerId === viewerId;
  return { id: row.user_id, name: name === '' ? null : name, email: knowsAddress ? row.user_email : null };
}

function toComment(row: repo.CommentRow, viewerId: string, ownerId: string): TComment {
  return {
    id: row.id,
    trackId: row.track_id,
    text: row.text,
    user: authorOf(row, viewerId, ownerId),
    timestamp: row.timestamp_s,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    canEdit: row.user_id === viewerId,
    canDelete: row.user_id === viewerId || ownerId === viewerId,
  };
}

/**
 * trackComments: the track's comments, newest first, for whoever may hear the track, one
 * page at a time (ZTrackCommentsInput).
 */
export async function trackComments(ctx: ServiceContext, input: TTrackCommentsInput): Promise<TComment[]> {
  const userId = userIdOf(ctx);
  const { track } = await visibleTrack(ctx, userId, input.trackId);
  const rows = await repo.findComments(ctx.db, track.id, { before: input.cursor ?? null, limit: input.limit ?? COMMENT_PAGE_SIZE });
  return rows.map((row) => toComment(row, userId, track.user_id));
}

/** createComment: the owner and shared viewers comment, optionally at a position. */
export async function createComment(ctx: ServiceContext, input: TCreateCommentInput): Promise<TComment> {
  const userId = userIdOf(ctx);
  const { track } = await visibleTrack(ctx, userId, input.trackId);
  checkTimestamp(track, input.timestamp);
  await enforceRateLimits(ctx.db, COMMENT_RATE_LIMITS.map((rule) => ({ rule, key: userId })));
  const { id } = await repo.insertComment(ctx.db, { trackId: track.id, userId, text: input.text, timestamp: input.timestamp ?? null });
  const row = await repo.findComment(ctx.db, id);
  if (!row) throw notFound('comment');
  return toComment(row, userId, track.user_id);
}

/**
 * The comment with its track, if the caller may see that track; otherwise "not found" (a comment on
 * a track one cannot hear does not exist for them).
 */
async function visibleComment(ctx: ServiceContext, userId: string, commentId: string) {
  const comment = await repo.findComment(ctx.db, commentId);
  if (!comment) throw notFound('comment');
  const access = await trackAccessFor(ctx, { userId: userId, trackId: comment.track_id });
  const track = access ? await repo.findTrackFacts(ctx.db, comment.track_id) : undefined;
  if (!track) throw notFound('comment');
  return { comment, track };
}

/** updateComment: only its author changes a comment (text and position). */
export async function updateComment(ctx: ServiceContext, input: TUpdateCommentInput): Promise<TComment> {
  const userId = userIdOf(ctx);
  const { comment, track } = await visibleComment(ctx, userId, input.id);
  if (comment.user_id !== userId) throw forbidden();
  checkTimestamp(track, input.timestamp);
  const updated = await repo.updateOwnComment(ctx.db, comment.id, userId, { text: input.text, timestamp: input.timestamp });
  if (!updated) throw notFound('comment');
  const row = await repo.findComment(ctx.db, comment.id);
  if (!row) throw notFound('comment');
  return toComment(row, userId, track.user_id);
}

/** removeComment: its author, or the owner of the track it is on. */
export async function removeComment(ctx: ServiceContext, input: TIdInput): Promise<true> {
  const userId = userIdOf(ctx);
  const { comment, track } = await visibleComment(ctx, userId, input.id);
  if (comment.user_id !== userId && track.user_id !== userId) throw forbidden();
  if (!(await repo.deleteComment(ctx.db, comment.id))) throw notFound('comment');
  return true;
}

/* ---------- ratings ---------- */

function toRating(row: repo.RatingRow, viewerId: string, ownerId: string): TRating {
  return {
    id: row.id,
    trackId: row.track_id,
    rating: row.rating,
    comment: row.comment,
    user: authorOf(row, viewerId, ownerId),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const roundedAverage = (ratings: readonly { rating: number }[]) =>
  ratings.length === 0 ? null : Math.round((ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length) * 10) / 10;

/** The track's ratings with average, count and the caller's own. */
export async function trackRatings(ctx: ServiceContext, input: TTrackIdInput): Promise<TTrackRatings> {
  const userId = userIdOf(ctx);
  const { track } = await visibleTrack(ctx, userId, input.trackId);
  const ratings = (await repo.findRatings(ctx.db, track.id)).map((row) => toRating(row, userId, track.user_id));
  return { trackId: track.id, average: roundedAverage(ratings), count: ratings.length, ratings, mine: ratings.find((r) => r.user.id === userId) ?? null };
}

/** "track by id including ratings": the caller's own track with its ratings and their average. */
export async function ratedTrack(ctx: ServiceContext, input: TIdInput): Promise<TTrack & { ratings: TRating[]; ratingAverage: number | null }> {
  const track = await getTrack(ctx, input);
  const ratings = await trackRatings(ctx, { trackId: track.id });
  return { ...track, ratings: ratings.ratings, ratingAverage: ratings.average };
}

/** createRating: one per user and track, by whoever may hear it. */
export async function createRating(ctx: ServiceContext, input: TCreateRatingInput): Promise<TRating> {
  const userId = userIdOf(ctx);
  const { track } = await visibleTrack(ctx, userId, input.trackId);
  const inserted = await repo.insertRating(ctx.db, { trackId: track.id, userId, rating: input.rating, comment: input.comment ?? '' });
  if (!inserted) throw new AppError('CONFLICT', 'rating.alreadyRated');
  const row = await repo.findRating(ctx.db, inserted.id);
  if (!row) throw notFound('rating');
  return toRating(row, userId, track.user_id);
}

/** A rating of the caller's own, on a track they may still hear; anything else is "not found". */
async function ownRating(ctx: ServiceContext, userId: string, ratingId: string) {
  const rating = await repo.findRating(ctx.db, ratingId);
  const track = rating && (await trackAccessFor(ctx, { userId: userId, trackId: rating.track_id })) ? await repo.findTrackFacts(ctx.db, rating.track_id) : undefined;
  if (!rating || !track) throw notFound('rating');
  if (rating.user_id !== userId) throw forbidden();
  return { rating, ownerId: track.user_id };
}

/** updateRating: its author changes stars and comment (an absent comment keeps the old one). */
export async function updateRating(ctx: ServiceContext, input: TUpdateRatingInput): Promise<TRating> {
  const userId = userIdOf(ctx);
  const { rating, ownerId } = await ownRating(ctx, userId, input.id);
  const updated = await repo.updateOwnRating(ctx.db, rating.id, userId, { rating: input.rating, comment: input.comment ?? undefined });
  if (!updated) throw notFound('rating');
  const row = await repo.findRating(ctx.db, rating.id);
  if (!row) throw notFound('rating');
  return toRating(row, userId, ownerId);
}

/** removeRating: its author only. */
export async function removeRating(ctx: ServiceContext, input: TIdInput): Promise<true> {
  const userId = userIdOf(ctx);
  const { rating } = await ownRating(ctx, userId, input.id);
  if (!(await repo.deleteOwnRating(ctx.db, rating.id, userId))) throw notFound('rating');
  return true;
}

/**
 * Average and count for the tracks of a list (at most MAX_RATING_SUMMARY_TRACKS); tracks the
 * caller may not hear are left out (not reported as unrated), so the answer says nothing about
 * them. Two queries whatever the list's length: which tracks are visible, and their summaries.
 */
export async function ratingSummaries(ctx: ServiceContext, input: TRatingSummariesInput): Promise<TRatingSummary[]> {
  const userId = userIdOf(ctx);
  const unique = [...new Set(input.trackIds)];
  const accessible = new Set(await accessibleTrackIds(ctx, { userId, trackIds: unique }));
  const visible = unique.filter((trackId) => accessible.has(trackId));
  const rows = await repo.summariseRatings(ctx.db, visible);
  const byTrack = new Map(rows.map((row) => [row.track_id, row]));
  return visible.map((trackId) => {
    const row = byTrack.get(trackId);
    return { trackId, average: row ? Math.round(Number(row.average) * 10) / 10 : null, count: row ? Number(row.count) : 0 };
  });
}

/* ---------- the owner's digest setting (profile) ---------- */

export async function commentDigestSetting(ctx: ServiceContext): Promise<TCommentDigestSetting> {
  return { enabled: !(await repo.isDigestOptedOut(ctx.db, userIdOf(ctx))) };
}

export async function setCommentDigestSetting(ctx: ServiceContext, input: TCommentDigestSetting): Promise<TCommentDigestSetting> {
  await repo.setDigestOptOut(ctx.db, userIdOf(ctx), !input.enabled);
  return { enabled: input.enabled };
}
