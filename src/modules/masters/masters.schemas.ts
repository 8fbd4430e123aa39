import { z } from 'zod';
import { AMOUNT_MAX, AMOUNT_MIN, AMOUNT_STEP, INTENSITIES, STORE_CODEC_IDS } from './masters.constants.js';

export { AMOUNT_MAX, AMOUNT_MIN, AMOUNT_STEP, amountsKeyOf, DEFAULT_AMOUNTS, fullAmounts, DEFAULT_INTENSITY, INTENSITIES, isDefaultAmounts, MAX_UPLOAD_BYTES, STORE_CODEC_IDS, STORE_CODECS, type Amounts, type Intensity, type StoreCodec } from './masters.constants.js';

/* ---------- inputs (shared by tRPC, GraphQL, REST and the client) ---------- */

const ZUuid = z.uuid('global.error.invalidInput');
const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** Sort of the master list: date DESC by default. */
export const ZMastersInput = z
  .object({
    orderEntity: z.preprocess(lower, z.enum(['date', 'title', 'style'])).default('date'),
    orderDirection: z.preprocess(upper, z.enum(['ASC', 'DESC'])).default('DESC'),
  })
  .default({ orderEntity: 'date', orderDirection: 'DESC' });
export type TMastersInput = z.infer<typeof ZMastersInput>;

export const ZIdInput = z.object({ id: ZUuid });
export type TIdInput = z.infer<typeof ZIdInput>;

export const ZTrackIdInput = z.object({ trackId: ZUuid });
export type TTrackIdInput = z.infer<typeof ZTrackIdInput>;

const ZTrackName = z.string().trim().min(1, 'error.trackNameRequired').max(200, 'error.trackNameTooLong');
/** Optional text field of a track: empty means "none". */
const ZTrackText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'global.error.invalidInput')
    .nullish()
    .transform((value) => (value === '' ? null : value));

export const ZCreateTrackInput = z.object({
  name: ZTrackName,
  isCustomMaster: z.boolean().default(false),
});
export type TCreateTrackInput = z.infer<typeof ZCreateTrackInput>;

/** EditTrack dialog: absent fields stay, null or '' clears an optional one. */
export const ZUpdateTrackInput = z.object({
  id: ZUuid,
  name: ZTrackName.optional(),
  artist: ZTrackText(200),
  genre: ZTrackText(100),
  album: ZTrackText(200),
  bpm: z.number().int('error.bpmInvalid').min(0, 'error.bpmInvalid').max(999, 'error.bpmInvalid').nullish(),
});
export type TUpdateTrackInput = z.infer<typeof ZUpdateTrackInput>;

/** Multipart fields of POST /api/upload besides the file. */
export const ZUploadFields = z.object({
  trackId: ZUuid.optional(),
  /** 'true': the file is a reference track to master toward (private to its owner), not a track. */
  reference: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  isCustomMaster: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
});
export type TUploadFields = z.infer<typeof ZUploadFields>;

/** A master's intensity (masters.constants.ts); an input that leaves it out means Medium. */
export const ZIntensity = z.enum(INTENSITIES, 'error.intensityInvalid');
export type TIntensity = z.infer<typeof ZIntensity>;

/** One amount (masters.constants.ts): 0-150 % in steps of 10; an input that leaves it out means 100. */
export const ZAmount = z
  .number('error.amountInvalid')
  .int('error.amountInvalid')
  .min(AMOUNT_MIN, 'error.amountInvalid')
  .max(AMOUNT_MAX, 'error.amountInvalid')
  .multipleOf(AMOUNT_STEP, 'error.amountInvalid');
export const ZAmounts = z.object({ tone: ZAmount.default(100), width: ZAmount.default(100), dynamics: ZAmount.default(100) });
export type TAmounts = z.infer<typeof ZAmounts>;
/** The amounts as flat fields of a public input, each left out meaning 100 %. */
export const ZAmountFields = z.object({ toneAmount: ZAmount.default(100), widthAmount: ZAmount.default(100), dynamicsAmount: ZAmount.default(100) });
/** The same fields in an answer, always present. */
export const ZAmountFieldsOut = z.object({ toneAmount: ZAmount, widthAmount: ZAmount, dynamicsAmount: ZAmount });
export const fieldsOfAmounts = (amounts: TAmounts | undefined): z.infer<typeof ZAmountFieldsOut> => ({
  toneAmount: amounts?.tone ?? 100,
  widthAmount: amounts?.width ?? 100,
  dynamicsAmount: amounts?.dynamics ?? 100,
});
export const amountsOfFields = (fields: { toneAmount?: number | undefined; widthAmount?: number | undefined; dynamicsAmount?: number | undefined }): TAmounts => ({
  tone: fields.toneAmount ?? 100,
  width: fields.widthAmount ?? 100,
  dynamics: fields.dynamicsAmount ?? 100,
});

export const ZCanCreateMasterInput = z.object({ trackId: ZUuid, styleId: z.number().int().positive(), intensity: ZIntensity.default('medium'), amounts: ZAmounts.optional() });
/** Taken as sent: intensity may be left out (Medium). */
export type TCanCreateMasterInput = z.input<typeof ZCanCreateMasterInput>;

/* ---------- answers ---------- */

/** A master's life (sql/0003): made, bouncing, bounced, failed, bought. */
export const ZMasterStatus = z.enum(['CREATED', 'MASTERING', 'MASTERED', 'FAILED', 'PAYMENT_DONE']);
export type TMasterStatus = z.infer<typeof ZMasterStatus>;

/** Statuses of a master whose file exists. */
export const MASTERED_STATUSES = ['MASTERED', 'PAYMENT_DONE'] as const satisfies readonly TMasterStatus[];

/**
 * The one rule for "is this master mastered": it has a style and its file exists.
 * Only such a master is paid for, shared, streamed from its file or offered for sharing in the SPA.
 */
export function isMastered(status: string, styleId: number | null): boolean {
  return styleId !== null && (MASTERED_STATUSES as readonly string[]).includes(status);
}

export const ZUserRef = z.object({ id: z.string(), email: z.string() });

export const ZAudioInfo = z.object({
  sampleRate: z.number().int(),
  channels: z.number().int(),
  bitsPerSample: z.number().int(),
  sampleFormat: z.enum(['int', 'float']),
  /** Sample frames per channel; beyond GraphQL's 32-bit Int for long high-rate files, so served as Float. */
  frames: z.number().int().meta({ graphql: 'Float' }),
  durationS: z.number(),
});
export type TAudioInfo = z.infer<typeof ZAudioInfo>;

/** Track. `path` is the uploaded file's original name (download names build on it), never a storage key. */
export const ZTrack = z.object({
  id: z.string(),
  name: z.string(),
  artist: z.string().nullable(),
  genre: z.string().nullable(),
  album: z.string().nullable(),
  bpm: z.number().int().nullable(),
  path: z.string().nullable(),
  isCustomMaster: z.boolean(),
  user: ZUserRef,
  /** Format of the uploaded original; null until the audio has arrived. */
  audio: ZAudioInfo.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTrack = z.infer<typeof ZTrack>;

export const ZMasterInvoice = z.object({
  invoiceNumber: z.number().int(),
  couponKey: z.string().nullable(),
  /** Major units (2.99), as the public API's clients show them. */
  price: z.number(),
  couponValue: z.number(),
  currency: z.string(),
  transactionId: z.string().nullable(),
});

/** One of the stores' lossy codecs (STORE_CODECS). */
export const ZStoreCodec = z.enum(STORE_CODEC_IDS);

/**
 * The master encoded with one of the stores' codecs and decoded again, measured by the engine's
 * meter as the master is: true peak (dBTP, 4x oversampled) and integrated loudness (null: silence).
 */
export const ZCodecFigures = z.object({
  codec: ZStoreCodec,
  bitrateKbps: z.number().int(),
  truePeakDb: z.number().nullable(),
  lufs: z.number().nullable(),
});
export type TCodecFigures = z.infer<typeof ZCodecFigures>;

const ZVersionFigures = z.object({ lufs: z.number().nullable(), lra: z.number().nullable(), truePeak: z.number().nullable(), crest: z.number().nullable() });

/**
 * What the engine measured on a bounced master (ITU-R BS.1770-4, EBU Tech 3342), stored with it and
 * answered as is: the report card reads these fields, nothing else.
 */
export const ZMasterMeasurements = z
  .object({
    lufs: z.number(),
    truePeak: z.number(),
    lra: z.number().nullable().optional(),
    frames: z.number().int(),
    channels: z.number().int(),
    sampleRate: z.number().int(),
    /** Sample peak over RMS, dB. */
    crest: z.number().nullable().optional(),
    /** The style's loudness target, LUFS. */
    targetLufs: z.number().optional(),
    /**
     * How far short of the target the master stays to keep the dynamics the style's budget allows,
     * LU (0: target met). Masters bounced before the budget existed carry none.
     */
    heldBackLu: z.number().min(0).optional(),
    /**
     * The limiter kept the master at its mix's loudness where the budget alone would have left it
     * quieter (the overs it removed were the mix's own), and whether the mix was already louder
     * than the target (the master is then at the target).
     */
    keptMixLoudness: z.boolean().optional(),
    mixAboveTarget: z.boolean().optional(),
    /** How far the peaks of a mix over the ceiling came down against its loudness, dB (null: no overs). */
    oversRemovedDb: z.number().min(0).nullable().optional(),
    /** Limiter gain reduction at the 95th percentile and mean compression, dB. */
    limiterP95Db: z.number().optional(),
    compressionDb: z.number().optional(),
    preGainDb: z.number().optional(),
    trimDb: z.number().optional(),
    /** The original as preparation measured it. */
    original: ZVersionFigures.optional(),
    /** The EQ stage's change, dB at each frequency. */
    eq: z.object({ frequencies: z.array(z.number()), gainsDb: z.array(z.number()) }).optional(),
    /**
     * A master made toward a reference track: the tonal distance (RMS of the level-matched
     * 1/3-octave spectra, dB) of the mix and of the master to the reference (null: silence).
     */
    reference: z.object({ distanceBeforeDb: z.number().nullable(), distanceAfterDb: z.number().nullable() }).optional(),
    /** The codec check's figures (asked for by the owner, not made at bounce), one per codec of STORE_CODECS. */
    codecs: z.array(ZCodecFigures).optional(),
  })
  // Stored JSON written by an older engine may carry fields this version no longer names.
  .loose();
export type TMasterMeasurements = z.infer<typeof ZMasterMeasurements>;

export const ZMasterStyle = z.object({
  id: z.number().int(),
  name: z.string(),
  styleIndex: z.number().int(),
  styleGroup: z.object({ id: z.number().int(), name: z.string() }),
});
export type TMasterStyle = z.infer<typeof ZMasterStyle>;

/**
 * The flat fields of the master lists (the owner's and a sharee's): the track's and style's names
 * beside the nested objects, in the caller's language, for sorting and showing a row.
 */
export const ZMasterListFields = z.object({
  track_name: z.string(),
  custom_master: z.boolean(),
  track_artist: z.string().nullable(),
  style_name: z.string().nullable(),
  styleGroup_name: z.string().nullable(),
});
export type TMasterListFields = z.infer<typeof ZMasterListFields>;

/** Master plus the list view's flat fields and the engine's measurements. */
export const ZMaster = z.object({
  id: z.string(),
  track: ZTrack,
  buyingOption: z.number().int(),
  /** null for the track's unmastered master. */
  style: ZMasterStyle.nullable(),
  /** How hard the style is driven; 'medium' for the unmastered master. */
  intensity: ZIntensity,
  /** The owner's reference track it was made toward (null: none); its distances are in measurements.reference. */
  referenceId: z.string().nullable(),
  /** How far tone, width and dynamics take the style's move, percent (100 each for the style as it is). */
  ...ZAmountFieldsOut.shape,
  user: ZUserRef,
  invoice: ZMasterInvoice.nullable(),
  status: ZMasterStatus,
  failedMasteringAttempts: z.number().int(),
  shareCount: z.number().int(),
  /** Loudness figures of the mastered file; null until mastered. */
  measurements: ZMasterMeasurements.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...ZMasterListFields.shape,
});
export type TMaster = z.infer<typeof ZMaster>;

export const ZUploadAnswer = z.object({ id: z.string() });
export type TUploadAnswer = z.infer<typeof ZUploadAnswer>;

/** Why a new master may not be made. */
export const ZCanCreateMaster = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), reason: z.enum(['styleNotAvailable', 'styleAlreadyMastered', 'noStylesLeft']) }),
]);
export type TCanCreateMaster = z.infer<typeof ZCanCreateMaster>;

/**
 * Who may hear a track: its owner (everything), a user some of its masters are shared with (the
 * original and those masters' styles only), or nobody (null).
 */
export const ZTrackAccess = z
  .discriminatedUnion('role', [
    z.object({ role: z.literal('owner') }),
    z.object({
      role: z.literal('shared'),
      styleIds: z.array(z.number().int()),
      /** The shared masters' styles at their intensities (and references): a share opens that master, not the style's others. */
      masters: z.array(z.object({ styleId: z.number().int(), intensity: ZIntensity, amounts: ZAmounts.optional(), referenceId: z.string().nullish() })).optional(),
    }),
  ])
  .nullable();
export type TTrackAccess = z.infer<typeof ZTrackAccess>;

/**
 * How a user may hear one style of a track: 'live' also as a render of the fitted style before any
 * master exists (the owner, choosing a style); 'stored' only as the style's stored master (a user
 * that master is shared with); 'none'. The media sidecar asks for this and obeys.
 */
export const ZStyleHearing = z.enum(['live', 'stored', 'none']);
export type TStyleHearing = z.infer<typeof ZStyleHearing>;

/**
 * A reference track as its owner sees it (the only one who ever does): named as a track, with its
 * audio's format as a track's; no path, no download.
 */
export const ZReferenceTrack = z.object({
  ...ZTrack.pick({ id: true, name: true }).shape,
  ...ZAudioInfo.pick({ sampleRate: true, channels: true, durationS: true }).shape,
  createdAt: z.string(),
});
export type TReferenceTrack = z.infer<typeof ZReferenceTrack>;

/** One of the caller's own masters, to become a reference track. */
export const ZReferenceFromMasterInput = z.object({ masterId: ZUuid });
export type TReferenceFromMasterInput = z.infer<typeof ZReferenceFromMasterInput>;
