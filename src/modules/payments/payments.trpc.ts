import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { albumPriceInfo, payAlbum } from './album-purchase.service.js';
import { ZAddPaymentMethodInput, ZAlbumPriceInfoInput, ZPayAlbumInput, ZPayInput, ZPriceInfoInput, ZRemovePaymentMethodInput } from './payments.schemas.js';
import { addPaymentMethod, clientToken, pay, priceInfo, removePaymentMethod, savedPaymentMethods } from './payments.service.js';

/** What the checkout dialog calls; the same services as the REST calls. */
export const paymentsRouter = router({
  clientToken: authedProcedure.query(({ ctx }) => clientToken(ctx)),
  priceInfo: authedProcedure.input(ZPriceInfoInput).query(({ ctx, input }) => priceInfo(ctx, input)),
  pay: authedProcedure.input(ZPayInput).mutation(({ ctx, input }) => pay(ctx, input)),
  /** An album's tracks at one option, bought at once. */
  albumPriceInfo: authedProcedure.input(ZAlbumPriceInfoInput).query(({ ctx, input }) => albumPriceInfo(ctx, input)),
  payAlbum: authedProcedure.input(ZPayAlbumInput).mutation(({ ctx, input }) => payAlbum(ctx, input)),
  /** /account/payments: saved methods, and removing one (not when a subscription uses it). */
  methods: authedProcedure.query(({ ctx }) => savedPaymentMethods(ctx)),
  addMethod: authedProcedure.input(ZAddPaymentMethodInput).mutation(({ ctx, input }) => addPaymentMethod(ctx, input)),
  removeMethod: authedProcedure.input(ZRemovePaymentMethodInput).mutation(({ ctx, input }) => removePaymentMethod(ctx, input)),
});
