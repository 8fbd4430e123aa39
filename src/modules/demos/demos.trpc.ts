import { publicProcedure, router } from '../../platform/trpc/trpc.js';
import { listDemos } from './demos.service.js';

/** The home page's demo list (public). */
export const demosRouter = router({
  list: publicProcedure.query(({ ctx }) => listDemos(ctx)),
});
