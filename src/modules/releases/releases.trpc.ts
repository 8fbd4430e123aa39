import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { distributeRelease, sendReleaseCorrection, takeDownRelease } from './delivery.service.js';
import { checkRelease } from './release-check.js';
import {
  ZAddTrackInput,
  ZAlbumIdInput,
  ZDistributeInput,
  ZMarkVisitedInput,
  ZOutletDetailsInput,
  ZReorderTracksInput,
  ZTrackIdInput,
  ZUpdateAlbumInput,
  ZUpdateTrackInput,
} from './releases.schemas.js';
import * as releases from './releases.service.js';

/**
 * The release wizard and list, the same services as the REST calls under
 * /api/distribution. The cover upload is multipart and REST only:
 * POST /api/distribution/albums/{id}/cover (field `cover_image`).
 */
export const releasesRouter = router({
  /** The open release draft, or null. */
  draft: authedProcedure.query(({ ctx }) => releases.currentDraft(ctx)),
  /** A release by id, in the draft's shape (read-only once delivered). */
  release: authedProcedure.input(ZAlbumIdInput).query(({ ctx, input }) => releases.releaseDraft(ctx, input)),
  /** Opens the wizard: the open draft, or a new empty album (5 retries at 1 s). */
  start: authedProcedure.mutation(({ ctx }) => releases.startRelease(ctx)),
  /** Song picker: the user's mastered masters and custom masters. */
  songs: authedProcedure.query(({ ctx }) => releases.pickerSongs(ctx)),
  /** /distribution/releases */
  list: authedProcedure.query(({ ctx }) => releases.listReleases(ctx)),
  /** A release's stores with status (1100 pending, 1202 distributed, 1034 disapproved). */
  outlets: authedProcedure.input(ZAlbumIdInput).query(({ ctx, input }) => releases.releaseOutlets(ctx, input)),
  updateAlbum: authedProcedure.input(ZUpdateAlbumInput).mutation(({ ctx, input }) => releases.updateAlbum(ctx, input)),
  /** Selecting a master: uploads it to the provider once. */
  addTrack: authedProcedure.input(ZAddTrackInput).mutation(({ ctx, input }) => releases.addTrack(ctx, input)),
  removeTrack: authedProcedure.input(ZTrackIdInput).mutation(({ ctx, input }) => releases.removeTrack(ctx, input)),
  reorderTracks: authedProcedure.input(ZReorderTracksInput).mutation(({ ctx, input }) => releases.reorderTracks(ctx, input)),
  updateTrack: authedProcedure.input(ZUpdateTrackInput).mutation(({ ctx, input }) => releases.updateTrack(ctx, input)),
  markVisited: authedProcedure.input(ZMarkVisitedInput).mutation(({ ctx, input }) => releases.markVisited(ctx, input)),
  setOutlets: authedProcedure.input(ZOutletDetailsInput).mutation(({ ctx, input }) => releases.setOutletDetails(ctx, input)),
  /** The pre-submission check. */
  validate: authedProcedure.input(ZAlbumIdInput).query(({ ctx, input }) => checkRelease(ctx, input)),
  distribute: authedProcedure.input(ZDistributeInput).mutation(({ ctx, input }) => distributeRelease(ctx, input)),
  /** Cancel: deletes the album and its uploaded tracks at the provider; the draft is gone. */
  cancel: authedProcedure.input(ZAlbumIdInput).mutation(({ ctx, input }) => releases.cancelRelease(ctx, input)),
  /** Withdraws a delivered release from every store; answers the stores' statuses. */
  takeDown: authedProcedure.input(ZAlbumIdInput).mutation(({ ctx, input }) => takeDownRelease(ctx, input)),
  /** Sends the release's current metadata to the stores again (an update delivery). */
  sendCorrection: authedProcedure.input(ZAlbumIdInput).mutation(({ ctx, input }) => sendReleaseCorrection(ctx, input)),
});
