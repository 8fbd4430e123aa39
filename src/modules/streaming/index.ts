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
