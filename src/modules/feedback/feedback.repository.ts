import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** Kysely only: comments, ratings and the owner's comment digest. Reads list their columns. */

const COMMENT_COLUMNS = [
  'comments.id',
  'comments.track_id',
  'comments.user_id',
  'comments.text',
  'comments.timestamp_s',
  'comments.created_at',
  'comments.updated_at',
  'users.email as user_email',
  'users.first_name as user_first_name',
  'users.last_name as user_last_name',
] as const;

/** Comments with their author's name and address: what every comment read starts from. */
const selectComments = (db: Database) => db.selectFrom('comments').innerJoin('users', 'users.id', 'comments.user_id').select(COMMENT_COLUMNS);

/** The track's owner and its length in seconds (null until its audio arrived). */
export function findTrackFacts(db: Database, trackId: string) {
  return db
    .selectFrom('tracks')
    .select(['id', 'user_id', 'name', 'sample_rate', 'number_of_samples'])
    .where('id', '=', trackId)
    .executeTakeFirst();
}
export type TrackFacts = NonNullable<Awaited<ReturnType<typeof findTrackFacts>>>;

/** One page, newest first: with `before`, the comments older than that comment of the track. */
export function findComments(db: Database, trackId: string, page: { before: string | null; limit: number }) {
  let query = selectComments(db).where('comments.track_id', '=', trackId);
  if (page.before !== null) {
    const before = page.before;
    query = query.where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('comments.created_at', 'comments.id'),
        '<',
        selectFrom('comments as cursor').select(['cursor.created_at', 'cursor.id']).where('cursor.id', '=', before).where('cursor.track_id', '=', trackId).$asTuple('created_at', 'id'),
      ),
    );
  }
  return query.orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc').limit(page.limit).execute();
}
export type CommentRow = Awaited<ReturnType<typeof findComments>>[number];

export function findComment(db: Database, commentId: string) {
  return selectComments(db).where('comments.id', '=', commentId).executeTakeFirst();
}

export function insertComment(db: Database, values: { trackId: string; userId: string; text: string; timestamp: number | null }) {
  return db
    .insertInto('comments')
    .values({ track_id: values.trackId, user_id: values.userId, text: values.text, timestamp_s: values.timestamp })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Changes a comment of its author only; undefined when it is not theirs (or gone). */
export function updateOwnComment(db: Database, commentId: string, authorId: string, values: { text: string; timestamp?: number | null }) {
  return db
    .updateTable('comments')
    .set({ text: values.text, ...(values.timestamp !== undefined ? { timestamp_s: values.timestamp } : {}), updated_at: sql<Date>`now()` })
    .where('id', '=', commentId)
    .where('user_id', '=', authorId)
    .returning('id')
    .executeTakeFirst();
}

export function deleteComment(db: Database, commentId: string) {
  return db.deleteFrom('comments').where('id', '=', commentId).returning('id').executeTakeFirst();
}

/* ---------- ratings ---------- */

const RATING_COLUMNS = [
  'ratings.id',
  'ratings.track_id',
  'ratings.user_id',
  'ratings.rating',
  'ratings.comment',
  'ratings.created_at',
  'ratings.updated_at',
  'users.email as user_email',
  'users.first_name as user_first_name',
  'users.last_name as user_last_name',
] as const;

/** Ratings with their author's name and address: what every rating read starts from. */
const selectRatings = (db: Database) => db.selectFrom('ratings').innerJoin('users', 'users.id', 'ratings.user_id').select(RATING_COLUMNS);

export function findRatings(db: Database, trackId: string) {
  return selectRatings(db)
    .where('ratings.track_id', '=', trackId)
    .orderBy('ratings.created_at', 'desc')
    .orderBy('ratings.id', 'desc')
    .execute();
}
export type RatingRow = Awaited<ReturnType<typeof findRatings>>[number];

export function findRating(db: Database, ratingId: string) {
  return selectRatings(db).where('ratings.id', '=', ratingId).executeTakeFirst();
}

/** Inserts the user's rating of a track; undefined when they already rated it (one per user and track). */
export function insertRating(db: Database, values: { trackId: string; userId: string; rating: number; comment: string }) {
  return db
    .insertInto('ratings')
    .values({ track_id: values.trackId, user_id: values.userId, rating: values.rating, comment: values.comment })
    .onConflict((oc) => oc.columns(['track_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function updateOwnRating(db: Database, ratingId: string, authorId: string, values: { rating: number; comment?: string }) {
  return db
    .updateTable('ratings')
    .set({ rating: values.rating, ...(values.comment !== undefined ? { comment: values.comment } : {}), updated_at: sql<Date>`now()` })
    .where('id', '=', ratingId)
    .where('user_id', '=', authorId)
    .returning('id')
    .executeTakeFirst();
}

export function deleteOwnRating(db: Database, ratingId: string, authorId: string) {
  return db.deleteFrom('ratings').where('id', '=', ratingId).where('user_id', '=', authorId).returning('id').executeTakeFirst();
}

/** Average and count per track, for the given tracks only. */
export function summariseRatings(db: Database, trackIds: readonly string[]) {
  if (trackIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ratings')
    .select((eb) => ['track_id', eb.fn.avg<number>('rating').as('average'), eb.fn.countAll<number>().as('count')])
    .where('track_id', 'in', trackIds)
    .groupBy('track_id')
    .execute();
}

/* ---------- the owner's comment digest ---------- */

export function isDigestOptedOut(db: Database, userId: string) {
  return db.selectFrom('comment_digest_optouts').select('user_id').where('user_id', '=', userId).executeTakeFirst();
}

export async function setDigestOptOut(db: Database, userId: string, optedOut: boolean) {
  if (optedOut) await db.insertInto('comment_digest_optouts').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  else await db.deleteFrom('comment_digest_optouts').where('user_id', '=', userId).execute();
}

/**
 * covered_until comes back through a JS Date (millisecond precision) while PostgreSQL keeps
 * microseconds, so comments are compared at millisecond precision or the newest would count again.
 *
 * Tracks with comments by people other than the owner that no digest covered yet, and whose last
 * digest went out at least `minGap` ago (or never): the candidates of one sweep.
 */
export function findTracksDueForDigest(db: Database, now: Date, minGapMs: number) {
  const dueBefore = new Date(now.getTime() - minGapMs);
  return db
    .selectFrom('comments')
    .innerJoin('tracks', 'tracks.id', 'comments.track_id')
    .leftJoin('comment_digests', 'comment_digests.track_id', 'tracks.id')
    .select('tracks.id as track_id')
    .whereRef('comments.user_id', '<>', 'tracks.user_id')
    .where((eb) => eb.or([eb('comment_digests.track_id', 'is', null), eb(sql`date_trunc('milliseconds', comments.created_at)`, '>', eb.ref('comment_digests.covered_until'))]))
    .where((eb) => eb.or([eb('comment_digests.last_sent_at', 'is', null), eb('comment_digests.last_sent_at', '<=', dueBefore)]))
    .groupBy('tracks.id')
    .execute();
}

/**
 * Claims the track's digest slot: records a digest as sent now, only when the last one is at least
 * `minGap` old. Two sweeps (or two web instances) racing for the same track: one gets the row back.
 */
export function claimDigest(db: Database, trackId: string, now: Date, minGapMs: number, coveredUntil: Date) {
  const dueBefore = new Date(now.getTime() - minGapMs);
  return db
    .insertInto('comment_digests')
    .values({ track_id: trackId, last_sent_at: now, covered_until: coveredUntil })
    .onConflict((oc) =>
      oc
        .column('track_id')
        .doUpdateSet({ last_sent_at: now, covered_until: coveredUntil })
        .where('comment_digests.last_sent_at', '<=', dueBefore),
    )
    .returning('track_id')
    .executeTakeFirst();
}

/** The comments by others since the last digest of a track, oldest first, with the owner's address. */
export function findDigestContent(db: Database, trackId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('tracks', 'tracks.id', 'comments.track_id')
    .innerJoin('users as author', 'author.id', 'comments.user_id')
    .innerJoin('users as owner', 'owner.id', 'tracks.user_id')
    .leftJoin('comment_digests', 'comment_digests.track_id', 'tracks.id')
    .leftJoin('comment_digest_optouts', 'comment_digest_optouts.user_id', 'owner.id')
    .select([
      'comments.id',
      'comments.text',
      'comments.timestamp_s',
      'comments.created_at',
      'author.email as author_email',
      'author.first_name as author_first_name',
      'author.last_name as author_last_name',
      'tracks.id as track_id',
      'tracks.name as track_name',
      'owner.id as owner_id',
      'owner.email as owner_email',
      'owner.locale as owner_locale',
      'comment_digest_optouts.user_id as opted_out',
    ])
    .where('comments.track_id', '=', trackId)
    .whereRef('comments.user_id', '<>', 'tracks.user_id')
    .where((eb) => eb.or([eb('comment_digests.track_id', 'is', null), eb(sql`date_trunc('milliseconds', comments.created_at)`, '>', eb.ref('comment_digests.covered_until'))]))
    .orderBy('comments.created_at', 'asc')
    .execute();
}

/** A master of the track the owner can open (the link in the digest): the newest styled one, else any. */
export function findMasterOfTrack(db: Database, trackId: string) {
  return db
    .selectFrom('masters')
    .select('id')
    .where('track_id', '=', trackId)
    .orderBy(sql`style_id is null`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
