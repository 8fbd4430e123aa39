import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { ZUpdateUserInput } from './accounts.schemas.js';
import { me, updateUser } from './accounts.service.js';

export const accountsRouter = router({
  me: authedProcedure.query(({ ctx }) => me(ctx)),
  updateUser: authedProcedure.input(ZUpdateUserInput).mutation(({ ctx, input }) => updateUser(ctx, input)),
});
