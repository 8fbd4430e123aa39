export * from './stream-frame.js';
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
  bounceTopic,
  enqueueBounce,
  mediaJobTicket,
  claimMediaJob,
  beatMediaJob,
  completeBounceJob,
  failBounceJob,
  releaseMediaJob,
  liveMediaLeases,
  type MediaJobKind,
  type MediaJobTicket,
} from './media-jobs.service.js';
