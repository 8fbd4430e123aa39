import { z } from 'zod';
import { ZAmountFields, ZAmountFieldsOut, ZAmounts, ZCodecFigures, ZIntensity, ZMasterMeasurements, ZMasterStatus } from '../masters/masters.schemas.js';

export { ZIntensity, DEFAULT_INTENSITY, INTENSITIES, type Intensity, type TIntensity } from '../masters/masters.schemas.js';
export { ZAmounts, DEFAULT_AMOUNTS, amountsKeyOf, fullAmounts, isDefaultAmounts, type Amounts, type TAmounts } from '../masters/masters.schemas.js';

/** Client-to-server events of the real-time socket, in the `{event, token, payload}` envelope. */
export const ZClientEnvelope = z.object({
  event: z.string().min(1).max(64),
  token: z.string().max(4096).optional(),
  payload: z.unknown().optional(),
});
export type TClientEnvelope = z.infer<typeof ZClientEnvelope>;

export const CLIENT_EVENTS = [
  'request-meta',
  'request-stream',
  'request-mastering',
  'end-mastering',
  'stop-binary',
  'request-chunks',
] as const;
export type TClientEvent = (typeof CLIENT_EVENTS)[number];

export const SERVER_EVENTS = [
  'meta',
  'track-stream',
  'prepare-mastering',
  'bounce-progress',
  'chunks-canceled',
  'error-message',
] as const;
export type TServerEvent = (typeof SERVER_EVENTS)[number];

export const ZErrorMessagePayload = z.object({
  code: z.string(),
  /** The client event that failed, when there was one. */
  event: z.string().optional(),
});
export type TErrorMessagePayload = z.infer<typeof ZErrorMessagePayload>;

export const SOCKET_ERROR_CODES = {
  malformed: 'socket.error.malformedMessage',
  unknownEvent: 'socket.error.unknownEvent',
  unauthorized: 'global.error.unauthorized',
  forbidden: 'global.error.forbidden',
  notFound: 'global.error.notFound',
  /** Mastered chunks asked for before request-mastering prepared the track. */
  notPrepared: 'mastering.notPrepared',
  timeout: 'binary.creation.timeout',
  fileMissing: 'binary.s3File.missing',
  maxFailedAttempts: 'mastering.maxFailedAttemptsReached',
  server: 'global.error.server',
  /** Over the per-connection or per-user message rate, or too many requests waiting. */
  tooManyRequests: 'global.error.tooManyRequests',
} as const;

/*
 * Payloads of the client events. Ids are validated here, at the edge; whether the caller
 * may hear the track is decided by the web process (internal `tracks.access`).
 */
const ZTrackId = z.uuid();
/** A style's wire number (styles.style_index), or -1 for the original. */
const ZStyleIndex = z.number().int().min(-1).max(0xfffffffe);

/** The intensity a style is heard or bounced at; absent means Medium (clients from before intensities). */
const ZWireIntensity = ZIntensity.default('medium');

export const ZRequestMetaPayload = z.object({
  trackId: ZTrackId,
  masterId: z.uuid().nullish(),
  styleId: z.number().int().positive().nullish(),
  intensity: ZWireIntensity,
  /** Absent: 100 % each (clients from before amounts). */
  amounts: ZAmounts.optional(),
  /** The style's stored master made toward this reference track (its owner's); absent: the master toward none. */
  referenceId: z.uuid().nullish(),
});
export type TRequestMetaPayload = z.infer<typeof ZRequestMetaPayload>;

export const ZRequestStreamPayload = z.object({ trackId: ZTrackId }).partial().default({});
export type TRequestStreamPayload = z.infer<typeof ZRequestStreamPayload>;

/** At most this many chunk indices per request-chunks (the player asks 8 ahead). */
export const MAX_CHUNKS_PER_REQUEST = 32;

export const ZRequestChunksPayload = z.object({
  trackId: ZTrackId,
  /** The stream's index (stream-frame.ts, streamIndexOf): the style's at Medium, with Low or High in its top byte. */
  styleIndex: ZStyleIndex,
  /** The style's id; null or absent for the original. */
  styleId: z.number().int().positive().nullish(),
  chunkIndices: z.array(z.number().int().min(0).max(0xffffffff)).min(1).max(MAX_CHUNKS_PER_REQUEST),
  /** For a stream index toward a reference (stream-frame.ts): which reference the master was made toward. */
  referenceId: z.uuid().nullish(),
});
export type TRequestChunksPayload = z.infer<typeof ZRequestChunksPayload>;

export const ZRequestMasteringPayload = z.object({ trackId: ZTrackId });
export type TRequestMasteringPayload = z.infer<typeof ZRequestMasteringPayload>;

/**
 * trackId is optional: without it the track of the session's last request-mastering is meant.
 * referenceId: one of the caller's reference tracks, the master is made toward it (anyone else's: not found).
 */
export const ZEndMasteringPayload = z.object({ styleId: z.number().int().positive(), trackId: ZTrackId.optional(), intensity: ZWireIntensity, amounts: ZAmounts.optional(), referenceId: z.uuid().optional() });
export type TEndMasteringPayload = z.infer<typeof ZEndMasteringPayload>;

/** Loudness of one version as measured by the engine (ITU-R BS.1770-4). */
export const ZLoudness = z.object({ lufs: z.number(), truePeak: z.number() });
export type TLoudness = z.infer<typeof ZLoudness>;

/** `meta`: the stream is 16-bit PCM at 44.1 kHz for original and masters alike. */
export const ZStreamMeta = z.object({
  trackId: z.string(),
  /** -1 for the original. */
  styleIndex: z.number().int(),
  styleId: z.number().int().nullable(),
  duration: z.number(),
  sampleRate: z.number().int(),
  /** Sample frames per channel. */
  numberOfSamples: z.number().int(),
  bitsPerSample: z.literal(16),
  numberOfChannels: z.number().int(),
  /** Bytes of the whole stream's PCM (no header): numberOfSamples * numberOfChannels * 2. */
  totalByteLength: z.number().int(),
  /** Bytes of PCM per chunk (the last chunk may be shorter): one second of audio. */
  chunkSize: z.number().int(),
  numberOfChunks: z.number().int(),
  container: z.literal('WAVE'),
  /** WAVEFORM_POINTS (audio core) peaks in 0..1; empty when not available. */
  waveformData: z.array(z.number()),
  /** Loudness of the version asked for (the master when a style or master was named), when measured. */
  lufs: z.number().optional(),
  truePeak: z.number().optional(),
  /** Loudness of the original and of the named master when known (loudness-matched A/B). */
  loudness: z.object({
    original: ZLoudness.optional(),
    master: ZLoudness.optional(),
    /** True when `master` is the preparation's prediction (style not bounced yet), not a measurement. */
    masterPredicted: z.boolean().optional(),
  }),
});
export type TStreamMeta = z.infer<typeof ZStreamMeta>;

export const ZPrepareMasteringState = z.object({
  trackId: z.string(),
  processed: z.boolean(),
  fixing: z.boolean(),
  stage: z.enum(['preparing', 'dynamics', 'eq', 'done']),
  iteration: z.number().int(),
  progressInPercent: z.number(),
  /** While the job waits for a slot of the media process: its place in line (1 = next). */
  queuePosition: z.number().int().min(1).optional(),
});
export type TPrepareMasteringState = z.infer<typeof ZPrepareMasteringState>;
/** The preparation's progress without its track: the one shape the engine's host, the socket and the SPA keep. */
export const ZPreparationState = ZPrepareMasteringState.omit({ trackId: true });
export type TPreparationState = z.infer<typeof ZPreparationState>;

/**
 * The master a bounce makes, as a media process names it: the track's at the style, intensity and
 * amounts, made toward the owner's reference track. Intensity absent (a media process older than
 * intensities): Medium; amounts absent (older than amounts): 100 % each; reference null or absent: none.
 */
export const ZBounceKey = z.object({
  trackId: z.string(),
  styleId: z.number().int(),
  intensity: ZIntensity.default('medium'),
  amounts: ZAmounts.optional(),
  referenceId: z.uuid().nullish(),
});

/** A bounce's progress; the reference is echoed when the bounce was asked toward one. */
export const ZBounceState = ZBounceKey.extend({
  processed: z.boolean(),
  progressInPercent: z.number(),
  masterId: z.string().optional(),
  queuePosition: z.number().int().min(1).optional(),
});
export type TBounceState = z.infer<typeof ZBounceState>;
/** A bounce's progress as the media process and the SPA keep it. */
export const ZBounceProgress = ZBounceState.pick({ processed: true, progressInPercent: true, queuePosition: true });
export type TBounceProgress = z.infer<typeof ZBounceProgress>;

export const ZChunksCanceled = z.object({ styleIndex: z.number().int(), chunkIndices: z.array(z.number().int()) });
export type TChunksCanceled = z.infer<typeof ZChunksCanceled>;

/* Internal API (web process <- sidecar) inputs and answers. */
export const ZTrackAccessInput = z.object({ userId: z.string(), trackId: z.string() });
export const ZStyleHearingInput = ZTrackAccessInput.extend({ styleId: z.number().int(), intensity: ZIntensity.default('medium'), amounts: ZAmounts.optional(), referenceId: z.uuid().nullish() });
export { isMastered, ZStyleHearing, ZTrackAccess, type TStyleHearing, type TTrackAccess } from '../masters/masters.schemas.js';

export const ZTrackAudioInfo = z.object({
  trackId: z.string(),
  ownerId: z.string(),
  /** Storage key of the uploaded original. */
  path: z.string(),
  sampleRate: z.number().int(),
  channels: z.number().int(),
  isCustomMaster: z.boolean(),
});
export type TTrackAudioInfo = z.infer<typeof ZTrackAudioInfo>;

export { ZMasterMeasurements, type TMasterMeasurements } from '../masters/masters.schemas.js';

export const ZMasterStreamInfo = z.object({
  masterId: z.string(),
  styleId: z.number().int(),
  intensity: ZIntensity,
  amounts: ZAmounts,
  /** The owner's reference track it was made toward (null: none). */
  referenceId: z.string().nullable(),
  status: ZMasterStatus,
  path: z.string().nullable(),
  checksum: z.string().nullable(),
  measurements: ZMasterMeasurements.nullable(),
  /** The bounced master's waveform peaks; null before a bounce stored them. */
  waveform: z.array(z.number()).nullable(),
  failedMasteringAttempts: z.number().int(),
});
export type TMasterStreamInfo = z.infer<typeof ZMasterStreamInfo>;

export const ZRecordMasteredInput = ZBounceKey.extend({
  /** Storage key of the 24-bit master. */
  path: z.string(),
  /** sha256 hex of the stored file. */
  checksum: z.string(),
  measurements: ZMasterMeasurements,
  /** The master's waveform peaks in 0..1 (WAVEFORM_POINTS of the audio core, from the engine). */
  waveform: z.array(z.number().min(0).max(1)).max(4096).optional(),
  /** Bytes of the stored files (the master and its downloads), counted by the storage quota. */
  fileBytes: z.number().int().min(0),
});
export type TRecordMasteredInput = z.input<typeof ZRecordMasteredInput>;

/** Failed bounces after which a master is not tried again (mastering.maxFailedAttemptsReached). */
export const MAX_FAILED_MASTERING_ATTEMPTS = 3;

/* Public API: a bounce started over tRPC, REST or GraphQL (the socket's end-mastering does the same and waits on it). */
export const ZStartBounceInput = z.object({
  trackId: z.uuid('global.error.invalidInput'),
  styleId: z.number('global.error.invalidInput').int('global.error.invalidInput').positive('global.error.invalidInput'),
  /** Absent: Medium, the style as the catalogue holds it. */
  intensity: ZIntensity.default('medium'),
  /** Tone, width and dynamics, percent of the style's move on top of the intensity; each absent: 100. */
  ...ZAmountFields.shape,
  /** One of the caller's reference tracks: the style is mastered toward it, as a master of its own (the amounts scale the move toward it). */
  referenceId: z.uuid('global.error.invalidInput').optional(),
});
export type TStartBounceInput = z.input<typeof ZStartBounceInput>;

/** The bounce's job: its state and, while queued, its place in line; a done bounce's master. */
export const ZBounceTicket = z.object({
  jobId: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  position: z.number().int().nullable(),
  masterId: z.string().nullable(),
  intensity: ZIntensity,
  ...ZAmountFieldsOut.shape,
  referenceId: z.string().nullable(),
});
export type TBounceTicket = z.infer<typeof ZBounceTicket>;

/* Public API: the codec check of one of the caller's masters (its stored figures go with the master's measurements). */
export const ZCodecCheckInput = z.object({ masterId: z.uuid('global.error.invalidInput') });
export type TCodecCheckInput = z.infer<typeof ZCodecCheckInput>;

/** Where a master's codec check stands: never asked, waiting (place in line), running, done, or failed. */
export const ZCodecCheckState = z.enum(['none', 'queued', 'running', 'done', 'failed']);
export const ZCodecCheck = z.object({
  masterId: z.string(),
  state: ZCodecCheckState,
  /** Place in line while queued (1 = next). */
  position: z.number().int().nullable(),
  /** A failed check's translation key. */
  error: z.string().nullable(),
  /** The figures, once done (the same as the master's measurements.codecs). */
  codecs: z.array(ZCodecFigures).nullable(),
});
export type TCodecCheck = z.infer<typeof ZCodecCheck>;
export { ZCodecFigures, ZStoreCodec, type TCodecFigures } from '../masters/masters.schemas.js';
