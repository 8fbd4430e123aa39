import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { getMaster, getUnmasteredMaster, listMasters, listTrackMasters, removeMaster } from './masters.service.js';
import { ZCreateTrackInput, ZIdInput, ZMastersInput, ZReferenceFromMasterInput, ZTrackIdInput, ZUpdateTrackInput } from './masters.schemas.js';
import { listReferences, referenceFromMaster, removeReference } from './references.service.js';
import { createTrack, getTrack, listMyTracks, removeTrackOfUser, updateTrack } from './tracks.service.js';

/** Masters (GraphQL names), for the caller's own masters only. */
export const mastersRouter = router({
  masters: authedProcedure.input(ZMastersInput).query(({ ctx, input }) => listMasters(ctx, input)),
  trackMasters: authedProcedure.input(ZTrackIdInput).query(({ ctx, input }) => listTrackMasters(ctx, input)),
  unmasteredMaster: authedProcedure.input(ZTrackIdInput).query(({ ctx, input }) => getUnmasteredMaster(ctx, input)),
  master: authedProcedure.input(ZIdInput).query(({ ctx, input }) => getMaster(ctx, input)),
  removeMaster: authedProcedure.input(ZIdInput).mutation(({ ctx, input }) => removeMaster(ctx, input)),
});

/** Reference tracks, the caller's own only (uploaded through POST /api/upload with `reference=true`). */
export const referencesRouter = router({
  myReferences: authedProcedure.query(({ ctx }) => listReferences(ctx)),
  removeReference: authedProcedure.input(ZIdInput).mutation(({ ctx, input }) => removeReference(ctx, input)),
  referenceFromMaster: authedProcedure.input(ZReferenceFromMasterInput).mutation(({ ctx, input }) => referenceFromMaster(ctx, input)),
});

/** Tracks, for the caller's own tracks only. */
export const tracksRouter = router({
  myTracks: authedProcedure.query(({ ctx }) => listMyTracks(ctx)),
  track: authedProcedure.input(ZIdInput).query(({ ctx, input }) => getTrack(ctx, input)),
  createTrack: authedProcedure.input(ZCreateTrackInput).mutation(({ ctx, input }) => createTrack(ctx, input)),
  updateTrack: authedProcedure.input(ZUpdateTrackInput).mutation(({ ctx, input }) => updateTrack(ctx, input)),
  removeTrack: authedProcedure.input(ZIdInput).mutation(({ ctx, input }) => removeTrackOfUser(ctx, input)),
});
