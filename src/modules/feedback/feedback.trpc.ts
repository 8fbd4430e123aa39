import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import {
  commentDigestSetting,
  createComment,
  createRating,
  ratingSummaries,
  removeComment,
  removeRating,
  setCommentDigestSetting,
  trackComments,
  trackRatings,
  updateComment,
  updateRating,
} from './feedback.service.js';
import {
  ZCommentDigestSetting,
  ZCreateCommentInput,
  ZCreateRatingInput,
  ZIdInput,
  ZRatingSummariesInput,
  ZTrackCommentsInput,
  ZTrackIdInput,
  ZUpdateCommentInput,
  ZUpdateRatingInput,
} from './feedback.schemas.js';

/** Comments and ratings (GraphQL names), plus list summaries and the digest setting. */
export const feedbackRouter = router({
  trackComments: authedProcedure.input(ZTrackCommentsInput).query(({ ctx, input }) => trackComments(ctx, input)),
  createComment: authedProcedure.input(ZCreateCommentInput).mutation(({ ctx, input }) => createComment(ctx, input)),
  updateComment: authedProcedure.input(ZUpdateCommentInput).mutation(({ ctx, input }) => updateComment(ctx, input)),
  removeComment: authedProcedure.input(ZIdInput).mutation(({ ctx, input }) => removeComment(ctx, input)),
  trackRatings: authedProcedure.input(ZTrackIdInput).query(({ ctx, input }) => trackRatings(ctx, input)),
  ratingSummaries: authedProcedure.input(ZRatingSummariesInput).query(({ ctx, input }) => ratingSummaries(ctx, input)),
  createRating: authedProcedure.input(ZCreateRatingInput).mutation(({ ctx, input }) => createRating(ctx, input)),
  updateRating: authedProcedure.input(ZUpdateRatingInput).mutation(({ ctx, input }) => updateRating(ctx, input)),
  removeRating: authedProcedure.input(ZIdInput).mutation(({ ctx, input }) => removeRating(ctx, input)),
  commentDigestSetting: authedProcedure.query(({ ctx }) => commentDigestSetting(ctx)),
  setCommentDigestSetting: authedProcedure.input(ZCommentDigestSetting).mutation(({ ctx, input }) => setCommentDigestSetting(ctx, input)),
});
