import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { ZCreateAddressInput, ZUpdateAddressInput } from './addresses.schemas.js';
import { createAddress, listAddresses, updateAddress } from './addresses.service.js';

export const addressesRouter = router({
  list: authedProcedure.query(({ ctx }) => listAddresses(ctx)),
  create: authedProcedure.input(ZCreateAddressInput).mutation(({ ctx, input }) => createAddress(ctx, input)),
  update: authedProcedure.input(ZUpdateAddressInput).mutation(({ ctx, input }) => updateAddress(ctx, input)),
});
