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
import {
  createArtist,
  createParticipant,
  getParticipant,
  listArtists,
  listParticipants,
  metaInfo,
  outlets,
  renameArtist,
  renameLabel,
  setupDistribution,
  updateParticipant,
  utilities,
} from './distribution.service.js';
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
  setup: authedProcedure.input(ZSetupInput).mutation(({ ctx, input }) => setupDistribution(ctx, input)),
  artists: authedProcedure.query(({ ctx }) => listArtists(ctx)),
  createArtist: authedProcedure.input(ZCreateArtistInput).mutation(({ ctx, input }) => createArtist(ctx, input)),
  renameArtist: authedProcedure.input(ZRenameArtistInput).mutation(({ ctx, input }) => renameArtist(ctx, input)),
  participants: authedProcedure.query(({ ctx }) => listParticipants(ctx)),
  participant: authedProcedure.input(ZIdInput).query(({ ctx, input }) => getParticipant(ctx, input)),
  createParticipant: authedProcedure.input(ZParticipantInput).mutation(({ ctx, input }) => createParticipant(ctx, input)),
  updateParticipant: authedProcedure.input(ZUpdateParticipantInput).mutation(({ ctx, input }) => updateParticipant(ctx, input)),
  renameLabel: authedProcedure.input(ZRenameLabelInput).mutation(({ ctx, input }) => renameLabel(ctx, input)),
  metaInfo: authedProcedure.query(({ ctx }) => metaInfo(ctx)),
  utilities: authedProcedure.query(({ ctx }) => utilities(ctx)),
  outlets: authedProcedure.query(({ ctx }) => outlets(ctx)),
});
