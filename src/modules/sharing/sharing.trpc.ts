import { authedProcedure, publicProcedure, router } from '../../platform/trpc/trpc.js';
import { createShare, removeShare, shareInvitation, sharedMaster, sharedWithMe, sharesByMaster } from './sharing.service.js';
import { ZCreateShareInput, ZMasterIdInput, ZShareIdInput, ZSharedMasterInput, ZSharedWithMeInput } from './sharing.schemas.js';

/** Sharing (GraphQL names) plus sharedMaster for a shared viewer's master page. */
export const sharingRouter = router({
  sharesByMaster: authedProcedure.input(ZMasterIdInput).query(({ ctx, input }) => sharesByMaster(ctx, input)),
  sharedWithMe: authedProcedure.input(ZSharedWithMeInput).query(({ ctx, input }) => sharedWithMe(ctx, input)),
  sharedMaster: authedProcedure.input(ZSharedMasterInput).query(({ ctx, input }) => sharedMaster(ctx, input)),
  createShare: authedProcedure.input(ZCreateShareInput).mutation(({ ctx, input }) => createShare(ctx, input)),
  shareInvitation: publicProcedure.input(ZShareIdInput).query(({ ctx, input }) => shareInvitation(ctx, input)),
  removeShare: authedProcedure.input(ZShareIdInput).mutation(({ ctx, input }) => removeShare(ctx, input)),
});
