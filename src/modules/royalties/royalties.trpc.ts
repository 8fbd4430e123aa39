import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { ZFeedbackInput } from './royalties.schemas.js';
import { analytics, payments, sendFeedback } from './royalties.service.js';

/** The SPA's royalties calls: the caller's analytics and payments, and the distribution feedback. */
export const royaltiesRouter = router({
  analytics: authedProcedure.query(({ ctx }) => analytics(ctx)),
  payments: authedProcedure.query(({ ctx }) => payments(ctx)),
  sendFeedback: authedProcedure.input(ZFeedbackInput).mutation(({ ctx, input }) => sendFeedback(ctx, input)),
});
