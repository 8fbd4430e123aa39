import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { codecCheck, startCodecCheck } from './codec-check.service.js';
import { startBounce } from './media-jobs.service.js';
import { ZCodecCheckInput, ZStartBounceInput } from './streaming.schemas.js';

/** Mastering started over tRPC: a bounce of the caller's own track, at an intensity; the codec check of the caller's own master. */
export const masteringRouter = router({
  startBounce: authedProcedure.input(ZStartBounceInput).mutation(({ ctx, input }) => startBounce(ctx, input)),
  codecCheck: authedProcedure.input(ZCodecCheckInput).query(({ ctx, input }) => codecCheck(ctx, input)),
  startCodecCheck: authedProcedure.input(ZCodecCheckInput).mutation(({ ctx, input }) => startCodecCheck(ctx, input)),
});
