import { z } from 'zod';
import { router, publicProcedure } from '../platform/trpc/trpc.js';
import { listEngineStyles, listStylesForOperators, setEnabled, ZSetEnabledInput } from '../modules/catalogue/index.js';
import { addFaq, listFaqsForOperators, removeFaq, ZAddFaqInput, ZListFaqsInput, ZRemoveFaqInput } from '../modules/faq/index.js';
import { verifyAccessToken } from '../platform/access-token.js';
import { addCoupon, listCoupons, ZAddCouponInput } from '../modules/coupons/index.js';
import {
  addCategory,
  addImage,
  listPostsForOperators,
  publishPost,
  unpublishPost,
  ZAddCategoryInput,
  ZAddImageInput,
  ZPublishPostInput,
  ZUnpublishPostInput,
} from '../modules/blog/index.js';
import { addDemo, removeDemo, ZAddDemoInput, ZRemoveDemoInput } from '../modules/demos/index.js';
import { referenceOfUser } from '../modules/masters/index.js';
import {
  adjustBalance,
  importStatementFile,
  listFeedback,
  payoutContextOf,
  pollPayouts,
  releaseHold,
  runPayouts,
  ZAdjustInput,
  ZImportStatementFileInput,
  ZPayoutRunInput,
  ZReleaseHoldInput,
  type PayoutContext,
} from '../modules/royalties/index.js';
import type { ServiceContext } from '../platform/context.js';
import { beginAlbumJob, completeAlbumJob, failAlbumJob, ZAlbumMastered } from '../modules/albums/index.js';

/** Payout runs through the running product: its configured provider, threshold and mailer. */
const payoutContextOfCall = (ctx: ServiceContext): PayoutContext => payoutContextOf({ ...ctx.platform, db: ctx.db }, ctx.log);
import {
  assertCanBounce,
  beatMediaJob,
  claimMediaJob,
  completeBounceJob,
  completePrepareJob,
  enqueueBounce,
  enqueuePreparation,
  enqueueRenditions,
  completeMediaJob,
  retryMediaJob,
  failBounceJob,
  failPrepareJob,
  leavePreparation,
  liveMediaLeases,
  MEDIA_JOB_KINDS,
  type MediaJobKind,
  mediaJobTicket,
  releaseMediaJob,
  masterStreamInfo,
  mastersOfTrack,
  recordMastered,
  recordMasteringFailure,
  isUnmasteredMaster,
  styleHearing,
  trackAccess,
  trackAudioInfo,
  ZIntensity,
  ZRecordMasteredInput,
  ZStyleHearingInput,
  ZBounceKey,
  ZAmounts,
  ZTrackAccessInput,
  ZCodecFigures,
  completeCodecCheckJob,
  failCodecCheckJob,
} from '../modules/streaming/index.js';

const ZMediaJobLease = z.object({ jobId: z.string().regex(/^\d+$/), leaseToken: z.uuid() });
/** A media process's free slot: the kinds it does and its lease (a claim, or an offer with an ask). */
const ZMediaClaim = z.object({ kinds: z.array(z.enum(Object.values(MEDIA_JOB_KINDS) as [MediaJobKind, ...MediaJobKind[]])).min(1), leaseMs: z.number().int().min(100).max(3_600_000) });

/**
 * The web process's private API for the media sidecar and the operator commands:
 * everything that needs the database goes through here, so both work with PGlite too.
 * Reachable only on loopback and only with the internal secret (internal-app.ts).
 */
export const internalRouter = router({
  auth: router({
    /** The user id behind an access token, or null. */
    verify: publicProcedure.input(z.object({ token: z.string() })).query(({ ctx, input }) => ({
      userId: verifyAccessToken(ctx.platform.secrets.jwtSecret, input.token),
    })),
  }),
  catalogue: router({
    engineStyles: publicProcedure
      .input(z.object({ enabledOnly: z.boolean().default(true) }).default({ enabledOnly: true }))
      .query(({ ctx, input }) => listEngineStyles(ctx, input)),
    setEnabled: publicProcedure.input(ZSetEnabledInput).mutation(({ ctx, input }) => setEnabled(ctx, input)),
    /** Operator command style:list: every style with both switches. */
    operatorList: publicProcedure.query(({ ctx }) => listStylesForOperators(ctx)),
  }),
  /** Operator commands faq:list, faq:add, faq:remove. */
  faq: router({
    list: publicProcedure.input(ZListFaqsInput).query(({ ctx, input }) => listFaqsForOperators(ctx, input)),
    add: publicProcedure.input(ZAddFaqInput).mutation(({ ctx, input }) => addFaq(ctx, input)),
    remove: publicProcedure.input(ZRemoveFaqInput).mutation(({ ctx, input }) => removeFaq(ctx, input)),
  }),
  /** Operator commands coupon:add and coupon:list. */
  coupons: router({
    add: publicProcedure.input(ZAddCouponInput).mutation(({ ctx, input }) => addCoupon(ctx, input)),
    list: publicProcedure.query(({ ctx }) => listCoupons(ctx)),
  }),
  /** Operator commands blog:*: the product's own storage holds the images. */
  blog: router({
    publish: publicProcedure.input(ZPublishPostInput).mutation(({ ctx, input }) => publishPost({ db: ctx.db, storage: ctx.platform.storage }, input)),
    unpublish: publicProcedure.input(ZUnpublishPostInput).mutation(({ ctx, input }) => unpublishPost({ db: ctx.db, storage: ctx.platform.storage }, input)),
    addCategory: publicProcedure.input(ZAddCategoryInput).mutation(({ ctx, input }) => addCategory({ db: ctx.db, storage: ctx.platform.storage }, input)),
    addImage: publicProcedure.input(ZAddImageInput).mutation(({ ctx, input }) => addImage({ db: ctx.db, storage: ctx.platform.storage }, input)),
    list: publicProcedure.query(({ ctx }) => listPostsForOperators({ db: ctx.db, storage: ctx.platform.storage })),
  }),
  /** Operator commands demo:add and demo:remove. */
  demos: router({
    add: publicProcedure.input(ZAddDemoInput).mutation(({ ctx, input }) => addDemo(ctx, input)),
    remove: publicProcedure.input(ZRemoveDemoInput).mutation(({ ctx, input }) => removeDemo(ctx, input)),
  }),
  /** Operator commands royalties:import, payouts:run and feedback:list. */
  royalties: router({
    importFile: publicProcedure.input(ZImportStatementFileInput).mutation(({ ctx, input }) => importStatementFile(ctx, input)),
    runPayouts: publicProcedure.input(ZPayoutRunInput).mutation(({ ctx, input }) => runPayouts(payoutContextOfCall(ctx), input)),
    pollPayouts: publicProcedure.mutation(({ ctx }) => pollPayouts(payoutContextOfCall(ctx))),
    adjust: publicProcedure.input(ZAdjustInput).mutation(({ ctx, input }) => adjustBalance(ctx, input)),
    releaseHold: publicProcedure.input(ZReleaseHoldInput).mutation(({ ctx, input }) => releaseHold(ctx, input)),
    feedback: publicProcedure.input(z.object({ limit: z.number().int().min(1).max(500) })).query(({ ctx, input }) => listFeedback(ctx, input)),
  }),
  tracks: router({
    /** The owner, the styles of the masters shared with the user, or null: the sidecar never guesses. */
    access: publicProcedure.input(ZTrackAccessInput).query(({ ctx, input }) => trackAccess(ctx, input)),
    /** 'live', 'stored' or 'none' for one style: the web process decides, the sidecar obeys. */
    styleHearing: publicProcedure.input(ZStyleHearingInput).query(({ ctx, input }) => styleHearing(ctx, input)),
    /** Storage key and format of the track's original; null when unknown or without audio. */
    audioInfo: publicProcedure.input(z.object({ trackId: z.string() })).query(({ ctx, input }) => trackAudioInfo(ctx, input)),
  }),
  masters: router({
    /** The track's master of a style (or by id) with its stored file and measurements, or null. */
    streamInfo: publicProcedure
      .input(z.object({ trackId: z.string(), styleId: z.number().int().nullish(), intensity: ZIntensity.optional(), amounts: ZAmounts.optional(), referenceId: z.uuid().nullish(), masterId: z.string().nullish() }))
      .query(({ ctx, input }) => masterStreamInfo(ctx, input)),
    /** Whether the id is the track's unmastered master (its stream is the original's). */
    isUnmastered: publicProcedure
      .input(z.object({ trackId: z.string(), masterId: z.string() }))
      .query(({ ctx, input }) => isUnmasteredMaster(ctx, input)),
    ofTrack: publicProcedure.input(z.object({ trackId: z.string() })).query(({ ctx, input }) => mastersOfTrack(ctx, input)),
    /** Refuses a bounce the rules forbid (failed attempts, new-master rule) before any work starts. */
    assertCanBounce: publicProcedure.input(ZBounceKey).query(({ ctx, input }) => assertCanBounce(ctx, input)),
    recordMastered: publicProcedure.input(ZRecordMasteredInput).mutation(({ ctx, input }) => recordMastered(ctx, input)),
    recordFailure: publicProcedure.input(ZBounceKey).mutation(({ ctx, input }) => recordMasteringFailure(ctx, input)),
    /** Where the user's reference track is stored (a bounce toward it reads it); anyone else's: not found. */
    referenceOf: publicProcedure
      .input(z.object({ userId: z.uuid(), referenceId: z.uuid() }))
      .query(async ({ ctx, input }) => ({ path: (await referenceOfUser(ctx, { userId: input.userId, id: input.referenceId })).path })),
  }),
  /** The media processes' side of the durable queue (media-jobs.service.ts): they work, the web process rules. */
  mediaJobs: router({
    enqueueBounce: publicProcedure.input(ZBounceKey.extend({ claim: ZMediaClaim.optional() })).mutation(({ ctx, input }) => enqueueBounce(ctx, input)),
    /** A waiter's look at its job: after a reconnect of its event stream, and its place in line. */
    ticket: publicProcedure
      .input(z.object({ jobId: z.string().regex(/^\d+$/), trackId: z.string(), styleId: z.number().int().optional(), intensity: ZIntensity.optional(), amounts: ZAmounts.optional(), referenceId: z.uuid().nullish() }))
      .query(({ ctx, input }) => mediaJobTicket(ctx, input)),
    enqueuePreparation: publicProcedure
      .input(z.object({ trackId: z.string(), version: z.string().max(200), claim: ZMediaClaim.optional() }))
      .mutation(({ ctx, input }) => enqueuePreparation(ctx, input)),
    /** A socket waiting for a preparation closed: the last waiter gone, a preparation still in line is dropped. */
    leavePreparation: publicProcedure.input(z.object({ jobId: z.string().regex(/^\d+$/) })).mutation(({ ctx, input }) => leavePreparation(ctx, input)),
    completePrepare: publicProcedure.input(ZMediaJobLease.extend({ trackId: z.string() })).mutation(({ ctx, input }) => completePrepareJob(ctx, input)),
    failPrepare: publicProcedure.input(ZMediaJobLease.extend({ trackId: z.string(), error: z.string().max(200) })).mutation(({ ctx, input }) => failPrepareJob(ctx, input)),
    claim: publicProcedure.input(ZMediaClaim).mutation(({ ctx, input }) => claimMediaJob(ctx, input)),
    beat: publicProcedure
      .input(ZMediaJobLease.extend({ leaseMs: z.number().int().min(100).max(3_600_000), topic: z.string().max(200), progress: z.record(z.string(), z.unknown()).optional() }))
      .mutation(({ ctx, input }) => beatMediaJob(ctx, input)),
    completeBounce: publicProcedure.input(ZMediaJobLease.extend({ master: ZRecordMasteredInput })).mutation(({ ctx, input }) => completeBounceJob(ctx, input)),
    failBounce: publicProcedure
      .input(ZMediaJobLease.merge(ZBounceKey).extend({ error: z.string().max(200), counts: z.boolean() }))
      .mutation(({ ctx, input }) => failBounceJob(ctx, input)),
    release: publicProcedure.input(ZMediaJobLease).mutation(({ ctx, input }) => releaseMediaJob(ctx, input)),
    /** An older master's missing downloads, made by whichever media process claims the job. */
    enqueueRenditions: publicProcedure.input(z.object({ masterId: z.uuid() })).mutation(({ ctx, input }) => enqueueRenditions(ctx, input)),
    complete: publicProcedure.input(ZMediaJobLease).mutation(({ ctx, input }) => completeMediaJob(ctx, input)),
    retry: publicProcedure.input(ZMediaJobLease.extend({ error: z.string().max(2000) })).mutation(({ ctx, input }) => retryMediaJob(ctx, input)),
    liveLeases: publicProcedure.input(z.object({ tokens: z.array(z.uuid()).max(10_000) })).query(({ ctx, input }) => liveMediaLeases(ctx, input)),
    /** A master's codec check: its figures recorded with the job's completion (kept only while the master is the file measured), or its failure. */
    completeCodecs: publicProcedure
      .input(ZMediaJobLease.extend({ masterId: z.uuid(), checksum: z.string().max(128), codecs: z.array(ZCodecFigures).max(8) }))
      .mutation(({ ctx, input }) => completeCodecCheckJob(ctx, input)),
    failCodecs: publicProcedure.input(ZMediaJobLease.extend({ masterId: z.uuid(), error: z.string().max(200) })).mutation(({ ctx, input }) => failCodecCheckJob(ctx, input)),
    /** An album's job (the albums module): its plan, then all its masters recorded at once, or its failure. */
    beginAlbum: publicProcedure.input(z.object({ albumId: z.uuid() })).mutation(({ ctx, input }) => beginAlbumJob(ctx, input)),
    completeAlbum: publicProcedure.input(ZMediaJobLease.merge(ZAlbumMastered)).mutation(({ ctx, input }) => completeAlbumJob(ctx, input)),
    failAlbum: publicProcedure.input(ZMediaJobLease.extend({ albumId: z.uuid(), error: z.string().max(200) })).mutation(({ ctx, input }) => failAlbumJob(ctx, input)),
  }),
});

export type InternalRouter = typeof internalRouter;
