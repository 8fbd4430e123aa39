import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { startBounce } from './media-jobs.service.js';
import { ZStartBounceInput } from './streaming.schemas.js';

/** Mastering started over tRPC: a bounce of the caller's own track, at an intensity. */
export const masteringRouter = router({
  startBounce: authedProcedure.input(ZStartBounceInput).mutation(({ ctx, input }) => startBounce(ctx, input)),
});
