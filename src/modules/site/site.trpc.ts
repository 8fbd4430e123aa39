import { publicProcedure, router } from '../../platform/trpc/trpc.js';
import { publicConfig } from './site.service.js';

export const siteRouter = router({
  config: publicProcedure.query(({ ctx }) => publicConfig(ctx.platform.env)),
});
