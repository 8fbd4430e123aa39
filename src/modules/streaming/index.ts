export * from './stream-frame.js';
export { masteringRouter } from './streaming.trpc.js';
export { streamingRest } from './streaming.rest.js';
export { streamingGraphql } from './streaming.graphql.js';
export * from './streaming.schemas.js';
export {
  trackAccess,
  styleHearing,
  isUnmasteredMaster,
  trackAudioInfo,
  masterStreamInfo,
  mastersOfTrack,
  assertCanBounce,
  recordMastered,
  recordMasteringFailure,
} from './streaming.service.js';
export {
  MEDIA_JOB_KINDS,
  MEDIA_QUEUED_TOPIC,
  albumTopic,
  bounceTopic,
  prepareTopic,
  enqueueBounce,
  startBounce,
  enqueuePreparation,
  enqueueRenditions,
  renditionsProgress,
  renditionsJobKey,
  completeMediaJob,
  retryMediaJob,
  leavePreparation,
  completePrepareJob,
  failPrepareJob,
  mediaJobTicket,
  claimMediaJob,
  beatMediaJob,
  completeBounceJob,
  failBounceJob,
  releaseMediaJob,
  liveMediaLeases,
  recordMasterWithDownloads,
  type MediaJobKind,
  type MediaJobTicket,
} from './media-jobs.service.js';
export { codecCheck, startCodecCheck, completeCodecCheckJob, failCodecCheckJob, codecCheckJobKey } from './codec-check.service.js';
