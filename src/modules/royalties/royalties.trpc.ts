import { authedProcedure, publicProcedure, router } from '../../platform/trpc/trpc.js';
import { ZConfirmPayoutAddressInput, ZFeedbackInput } from './royalties.schemas.js';
import { analytics, confirmPayoutAddress, payments, sendFeedback } from './royalties.service.js';

/** The SPA's royalties calls: the caller's analytics and payments, the distribution feedback, and a participant confirming their payout address. */
export const royaltiesRouter = router({
  analytics: authedProcedure.query(({ ctx }) => analytics(ctx)),
  payments: authedProcedure.query(({ ctx }) => payments(ctx)),
  sendFeedback: authedProcedure.input(ZFeedbackInput).mutation(({ ctx, input }) => sendFeedback(ctx, input)),
  /** The confirmation mail's link: no sign-in, the token is the permission. */
  confirmPayoutAddress: publicProcedure.input(ZConfirmPayoutAddressInput).mutation(({ ctx, input }) => confirmPayoutAddress(ctx, input)),
});
