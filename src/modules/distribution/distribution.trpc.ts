import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import {
  ZCreateArtistInput,
  ZIdInput,
  ZParticipantInput,
  ZRenameArtistInput,
  ZRenameLabelInput,
  ZSetSubscriptionCardInput,
  ZSetupInput,
  ZSubscribeInput,
  ZUpdateParticipantInput,
} from './distribution.schemas.js';
import * as distribution from './distribution.service.js';
import { cancelSubscription, distributionPlan, distributionSubscription, resumeSubscription, setSubscriptionCard, subscribe, subscriptionPriceInfo } from './subscription.service.js';

/** The SPA's distribution calls; the same services as the REST calls. */
export const distributionRouter = router({
  plan: authedProcedure.query(({ ctx }) => distributionPlan(ctx)),
  priceInfo: authedProcedure.query(({ ctx }) => subscriptionPriceInfo(ctx)),
  subscription: authedProcedure.query(({ ctx }) => distributionSubscription(ctx)),
  subscribe: authedProcedure.input(ZSubscribeInput).mutation(({ ctx, input }) => subscribe(ctx, input)),
  cancel: authedProcedure.mutation(({ ctx }) => cancelSubscription(ctx)),
  resume: authedProcedure.mutation(({ ctx }) => resumeSubscription(ctx)),
  setCard: authedProcedure.input(ZSetSubscriptionCardInput).mutation(({ ctx, input }) => setSubscriptionCard(ctx, input)),
  setup: authedProcedure.input(ZSetupInput).mutation(({ ctx, input }) => distribution.setupDistribution(ctx, input)),
  artists: authedProcedure.query(({ ctx }) => distribution.listArtists(ctx)),
  createArtist: authedProcedure.input(ZCreateArtistInput).mutation(({ ctx, input }) => distribution.createArtist(ctx, input)),
  renameArtist: authedProcedure.input(ZRenameArtistInput).mutation(({ ctx, input }) => distribution.renameArtist(ctx, input)),
  participants: authedProcedure.query(({ ctx }) => distribution.listParticipants(ctx)),
  participant: authedProcedure.input(ZIdInput).query(({ ctx, input }) => distribution.getParticipant(ctx, input)),
  createParticipant: authedProcedure.input(ZParticipantInput).mutation(({ ctx, input }) => distribution.createParticipant(ctx, input)),
  updateParticipant: authedProcedure.input(ZUpdateParticipantInput).mutation(({ ctx, input }) => distribution.updateParticipant(ctx, input)),
  renameLabel: authedProcedure.input(ZRenameLabelInput).mutation(({ ctx, input }) => distribution.renameLabel(ctx, input)),
  metaInfo: authedProcedure.query(({ ctx }) => distribution.metaInfo(ctx)),
  utilities: authedProcedure.query(({ ctx }) => distribution.utilities(ctx)),
  outlets: authedProcedure.query(({ ctx }) => distribution.outlets(ctx)),
});
