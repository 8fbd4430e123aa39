import { publicProcedure, router } from '../../platform/trpc/trpc.js';
import { listStyleGroups } from './catalogue.service.js';

export const catalogueRouter = router({
  styleGroups: publicProcedure.query(({ ctx }) => listStyleGroups(ctx)),
});
