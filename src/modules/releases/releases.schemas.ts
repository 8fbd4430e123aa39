import { z } from 'zod';
import { isValidIsrc, isValidIswc } from '../distribution/distribution.schemas.js';

/**
 * Shapes of a release (Album, Outlet, Release draft, Release track, Song in the picker),
 * shared by the adapters and the SPA's wizard. Zod only. Messages are translation keys;
 * the completeness rules that need the whole draft are `trackProblems` and friends below, run by the
 * service (section flags, pre-submission check) and by the wizard's editors alike.
 */

/** The product's limits and the stores' published rules. */
export const RELEASE_LIMITS = {
  maxFeaturedArtists: 4,
  maxGenres: 10,
  payoutTotal: 100,
  /** A cover below 1 MiB is refused, as is one above 500 MB. */
  minCoverBytes: 1_048_576,
  maxCoverBytes: 524_288_000,
  /** Stores: 3000 x 3000 asked by the stores offered (a smaller cover is refused), 6000 the most. */
  coverMinPx: 3000,
  coverMaxPx: 6000,
  /** Stores that pitch new releases to their editors want the release date this many days ahead. */
  pitchLeadDays: 7,
  /** Release drafts a user may open per hour (each is an album at the provider). */
  draftsPerHour: 10,
  /** Album creation retries 5 more times at 1-second intervals. */
  albumCreateRetries: 5,
  albumCreateRetryDelayMs: 1000,
  /** Stores' audio floor: 16-bit, 44.1 kHz, stereo; true peak at or below -1 dBTP. */
  minBitsPerSample: 16,
  minSampleRate: 44_100,
  maxTruePeakDb: -1,
  maxTitleLength: 200,
  maxLyricsLength: 20_000,
} as const;

/** The user's participant gets role Artist (id 6) and 100 % on a new release track. */
export const DEFAULT_ROLE_ID = 6;

/** Outlet status codes; a store not yet answered is pending. */
export const OUTLET_STATUS = {
  pending: { status_code: 1100, status_name: 'PENDING' },
  distributed: { status_code: 1202, status_name: 'DISTRIBUTED' },
  disapproved: { status_code: 1034, status_name: 'DISAPPROVED' },
} as const;

/** Album statuses as the provider names them (the prefix is stripped for display). */
export const ALBUM_STATUS_PREFIX = 'LOCAL_';
export const ZAlbumState = z.enum(['draft', 'delivering', 'delivered']);
export type TAlbumState = z.infer<typeof ZAlbumState>;
export const albumStatusName = (state: TAlbumState) => `${ALBUM_STATUS_PREFIX}${state.toUpperCase()}`;
/** The status name with the provider prefix stripped for display (LOCAL_DELIVERED -> DELIVERED). */
export const displayStatusName = (statusName: string) => statusName.replace(/^[A-Z]+_(?=[A-Z])/, '');

export const RELEASE_ERRORS = {
  noAlbumId: 'no_album_id',
  unableToCreateAlbum: 'release.error.unableToCreateAlbum',
  notDraft: 'release.error.notDraft',
  titleRequired: 'release.error.titleRequired',
  albumNameRequired: 'release.error.albumNameRequired',
  genreRequired: 'release.error.genreRequired',
  tooManyGenres: 'release.error.tooManyGenres',
  unknownGenre: 'release.error.unknownGenre',
  languageRequired: 'release.error.languageRequired',
  tooManyFeaturedArtists: 'release.error.tooManyFeaturedArtists',
  unknownArtist: 'release.error.unknownArtist',
  featuredIsMainArtist: 'release.error.featuredIsMainArtist',
  invalidIsrc: 'release.error.invalidIsrc',
  isrcTaken: 'release.error.isrcTaken',
  /** The registrant's ISRCs of this year, or the EAN prefix's codes, are all given out. */
  codesExhausted: 'release.error.codesExhausted',
  /** Takedown and corrections are for releases the stores have (or are getting). */
  notDelivered: 'release.error.notDelivered',
  invalidIswc: 'release.error.invalidIswc',
  /** A work's ISWC another user's track carries: works, like recordings, are not shared across accounts. */
  iswcTaken: 'release.error.iswcTaken',
  invalidExplicit: 'release.error.invalidExplicit',
  payoutTotal: 'release.error.payoutTotal',
  payoutRange: 'release.error.payoutRange',
  participantRoleRequired: 'release.error.participantRoleRequired',
  unknownParticipant: 'release.error.unknownParticipant',
  duplicateParticipant: 'release.error.duplicateParticipant',
  firstParticipantFixed: 'release.error.firstParticipantFixed',
  unknownRole: 'release.error.unknownRole',
  noTracks: 'release.error.noTracks',
  trackDetailsMissing: 'release.error.trackDetailsMissing',
  coverMissing: 'release.error.coverMissing',
  noOutlets: 'release.error.noOutlets',
  unknownOutlet: 'release.error.unknownOutlet',
  invalidDate: 'release.error.invalidDate',
  masterNotDeliverable: 'release.error.masterNotDeliverable',
  masterAlreadyOnRelease: 'release.error.masterAlreadyOnRelease',
  invalidProductCode: 'release.error.invalidProductCode',
  checkFailed: 'release.error.checkFailed',
  deliveryFailed: 'release.error.deliveryFailed',
  /** Cover upload (keys under store.upload.error). */
  fileTooSmall: 'store.upload.error.fileTooSmall',
  fileTooLarge: 'store.upload.error.fileTooLarge',
  coverFormat: 'store.upload.error.coverFormat',
  coverUnreadable: 'store.upload.error.coverUnreadable',
  noFile: 'store.upload.error.noFile',
} as const;

/**
 * The pre-submission check's rules: an item's `code` is `release.check.<name>`, its `fix`
 * `release.fix.<name>` (the client translates both; `values` fill their placeholders).
 */
export const CHECK_NAMES = [
  'albumName',
  'albumNameCase',
  'artistName',
  'productCode',
  'hasTracks',
  'cover',
  'coverFormat',
  'coverRgb',
  'coverSquare',
  'coverMinSize',
  'coverMaxSize',
  'bitDepth',
  'sampleRate',
  'stereo',
  'notClipped',
  'truePeak',
  'title',
  'titleCase',
  'genre',
  'language',
  'isrc',
  'isrcUnique',
  'featuredNotInTitle',
  'explicitLyrics',
  'participantRoles',
  'payoutTotal',
  'outlets',
  'releaseDate',
  'storeElectronicOnly',
  'storeTitleCase',
  'storeReleaseLeadTime',
] as const;

/** Artwork problems a stored cover can have (the artwork section's errors, the upload's `problems`). */
export const COVER_PROBLEMS = {
  format: 'release.check.coverFormat',
  notRgb: 'release.check.coverNotRgb',
  notSquare: 'release.check.coverNotSquare',
  tooSmall: 'release.check.coverTooSmall',
  tooLarge: 'release.check.coverTooLarge',
} as const;

/** A store's reason for 1034 (an outlet's and the album's disapprove message); translation keys. */
export const STORE_REASONS = {
  electronicOnly: 'release.storeReason.electronicOnly',
  allCapsTitle: 'release.storeReason.allCapsTitle',
  coverNotRgb: 'release.storeReason.coverNotRgb',
  coverNotSquare: 'release.storeReason.coverNotSquare',
  coverTooSmall: 'release.storeReason.coverTooSmall',
  /** A store that pitches got the release less than a week before its date. */
  releaseTooSoon: 'release.storeReason.releaseTooSoon',
  /** A file arrived damaged or not at all. */
  resourceCorrupt: 'release.storeReason.resourceCorrupt',
  coverRefused: 'release.storeReason.coverRefused',
  /** Any other refusal: the store's own words are shown beside it. */
  refused: 'release.storeReason.refused',
  /** The store answered something we could not read; the file is kept for the operator. */
  unreadable: 'release.storeReason.unreadable',
} as const;

/** Where a release stands at one store, delivery by delivery (SFTP deliveries; the local provider maps its status codes). */
export const ZDeliveryState = z.enum(['queued', 'uploaded', 'acknowledged', 'live', 'rejected', 'unreadable', 'takedown_requested', 'taken_down']);
export type TDeliveryState = z.infer<typeof ZDeliveryState>;

const ZId = z.coerce.number('global.error.invalidInput').int('global.error.invalidInput').positive('global.error.invalidInput').max(Number.MAX_SAFE_INTEGER);
const ZUuid = z.uuid('global.error.invalidInput');
/** YYYY-MM-DD, a real calendar day. */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, RELEASE_ERRORS.invalidDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), RELEASE_ERRORS.invalidDate);

// ---- read models

export const ZImageVariant = z.object({ url: z.string(), width: z.number().int() });
/** Image variants large, medium, small, thumbnail. */
export const ZAlbumImage = z.object({ large: ZImageVariant, medium: ZImageVariant, small: ZImageVariant, thumbnail: ZImageVariant });
export type TAlbumImage = z.infer<typeof ZAlbumImage>;
export const COVER_VARIANT_WIDTHS = { large: 1400, medium: 600, small: 300, thumbnail: 100 } as const;
export type TCoverVariant = keyof typeof COVER_VARIANT_WIDTHS;

/** What the cover upload found out about the image (the artwork rules read these). */
export const ZCoverFacts = z.object({
  format: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** sharp's colour space: srgb, rgb, cmyk, b-w, ... */
  space: z.string(),
  /** Bands of the image (1 grey, 2 grey with alpha, 3 RGB, 4 RGB with alpha or CMYK); absent on covers stored before it was kept. */
  channels: z.number().int().optional(),
  bytes: z.number().int(),
  sha256: z.string(),
});
export type TCoverFacts = z.infer<typeof ZCoverFacts>;

/** Album (release), as listed on /distribution/releases. */
export const ZAlbum = z.object({
  release_id: z.number().int(),
  name: z.string(),
  cover_image: ZAlbumImage.nullable(),
  album_status: z.object({ status_name: z.string() }),
  disapprove_message: z.string().nullable(),
  original_release_date: z.string(),
  /** The global release date (long-month format is the client's). */
  release_date: z.string().nullable(),
  track_count: z.number().int(),
  product_code: z.string().nullable(),
});
export type TAlbum = z.infer<typeof ZAlbum>;

export const ZOutletStatus = z.object({ status_name: z.string(), status_code: z.number().int() });
/** Outlet of one release: the store, its child stores, status and release date. */
export const ZReleaseOutlet = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  child_stores: z.array(z.string()),
  outlet_status: ZOutletStatus,
  release_start_date: z.string().nullable(),
  /** The store's reason when disapproved (1034). */
  disapprove_message: z.string().nullable(),
  /** Where the release stands at this store, and the store's own words when it answered with some. */
  delivery_state: ZDeliveryState,
  store_text: z.string().nullable(),
});
export type TReleaseOutlet = z.infer<typeof ZReleaseOutlet>;

export const ZGenreRef = z.object({ genre_id: z.number().int(), name: z.string() });
export const ZRoleRef = z.object({ role_id: z.number().int(), name: z.string() });
export const ZArtistRef = z.object({ artist_id: z.number().int(), name: z.string() });

/** A participant of a release track; id and share are strings as the public API's clients keep them. */
export const ZTrackParticipant = z.object({
  id: z.string(),
  role_id: z.array(ZRoleRef),
  payout_share_percentage: z.string(),
});
export type TTrackParticipant = z.infer<typeof ZTrackParticipant>;

/** What the provider measured in the delivered audio file (never assumed from the header alone). */
export const ZAudioFacts = z.object({
  sampleRate: z.number().int(),
  bitsPerSample: z.number().int(),
  sampleFormat: z.enum(['int', 'float']),
  channels: z.number().int(),
  frames: z.number().int(),
  durationS: z.number(),
  samplePeakDb: z.number(),
  truePeakDb: z.number(),
  /** Runs of 3 or more consecutive full-scale samples, counted per channel. */
  clippedRuns: z.number().int(),
});
export type TAudioFacts = z.infer<typeof ZAudioFacts>;

/** Release track. */
export const ZReleaseTrack = z.object({
  /** The master's id (the public API calls it "id (master id)"). */
  id: z.string(),
  /** The provider's track id. */
  track_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  artists: z.array(ZArtistRef),
  featuredArtists: z.array(z.number().int()),
  genre: z.array(ZGenreRef),
  language: z.string().nullable(),
  /** Stored upper case without hyphens; assigned from ISRC_REGISTRANT when left empty. */
  stereo_isrc: z.string(),
  iswc: z.string(),
  /** 2 explicit, 1 not explicit (default), 0 clean. */
  explicit: z.number().int(),
  lyrics: z.string().nullable(),
  participants: z.array(ZTrackParticipant),
  isCustomMaster: z.boolean(),
  audio: ZAudioFacts,
});
export type TReleaseTrack = z.infer<typeof ZReleaseTrack>;

/** Song in the distribution picker: the user's masters that can be released. */
export const ZPickerSong = z.object({
  id: z.string(),
  track_name: z.string(),
  custom_master: z.boolean(),
  styleGroup_name: z.string().nullable(),
  style_name: z.string().nullable(),
  /** ISO timestamp; the picker shows YYYY-MM-DD. */
  createdAt: z.string(),
});
export type TPickerSong = z.infer<typeof ZPickerSong>;

export const SECTION_NAMES = ['artwork', 'album', 'trackList', 'participants', 'outletDetails'] as const;
export const ZSectionName = z.enum(SECTION_NAMES);
export type TSectionName = z.infer<typeof ZSectionName>;
export const ZSectionState = z.object({ hasError: z.boolean(), visited: z.boolean(), errors: z.array(z.string()) });
export type TSectionState = z.infer<typeof ZSectionState>;

export const ZCoverUploadStatus = z.enum(['Initial', 'Saving', 'Success', 'Failed']);

export const ZProductType = z.enum(['album', 'single', 'ep']);
export const ZProductCodeType = z.enum(['ean', 'upc']);

/** The album part of the draft (Release draft: album). */
export const ZDraftAlbum = z.object({
  name: z.string(),
  label_id: z.number().int(),
  artists: z.array(ZArtistRef),
  product_type: ZProductType,
  original_release_date: z.string(),
  /** Provider track ids in release order. */
  tracks: z.array(z.number().int()),
  product_code_type: ZProductCodeType,
  code_auto_generate: z.boolean(),
  product_code: z.string().nullable(),
  product_format: z.literal('stereo'),
});

export const ZDraftOutlet = z.object({ store_id: z.number().int(), release_start_date: z.string().nullable() });

/** Release draft, kept on the server so a reload or another device continues it. */
export const ZReleaseDraft = z.object({
  albumId: z.number().int(),
  album: ZDraftAlbum,
  trackList: z.array(ZReleaseTrack),
  /** The chosen stores with their own dates (null: the global date). */
  outlets: z.array(ZDraftOutlet),
  globalReleaseDate: z.string().nullable(),
  selectedMasterIds: z.array(z.string()),
  /** master id -> provider track id. */
  uploadedMasterToTrackIds: z.record(z.string(), z.number().int()),
  coverUploadStatus: ZCoverUploadStatus,
  cover_image: ZAlbumImage.nullable(),
  cover: ZCoverFacts.nullable(),
  sections: z.object({
    artwork: ZSectionState,
    album: ZSectionState,
    trackList: ZSectionState,
    participants: ZSectionState,
    outletDetails: ZSectionState,
  }),
});
export type TReleaseDraft = z.infer<typeof ZReleaseDraft>;

/** One item of the pre-submission check; `code` names the problem, `fix` what to do (both translation keys). */
export const ZCheckItem = z.object({
  check: z.string(),
  section: z.enum(['audio', 'artwork', 'metadata', 'participants', 'outlets']),
  passed: z.boolean(),
  severity: z.enum(['error', 'warning']),
  /** The release track it concerns (null: the release). */
  track_id: z.number().int().nullable(),
  track_name: z.string().nullable(),
  code: z.string(),
  fix: z.string(),
  /** Values for the message, e.g. { truePeakDb: -0.2, limitDb: -1 }. */
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type TCheckItem = z.infer<typeof ZCheckItem>;
export const ZValidationReport = z.object({
  albumId: z.number().int(),
  /** No failed error item: distribute is allowed. */
  passed: z.boolean(),
  items: z.array(ZCheckItem),
  checkedAt: z.string(),
});
export type TValidationReport = z.infer<typeof ZValidationReport>;

/** `cover_image` is null until the variants are made (a job, moments after the upload). */
export const ZCoverUploadAnswer = z.object({ cover_image: ZAlbumImage.nullable(), cover: ZCoverFacts, problems: z.array(z.string()) });
export type TCoverUploadAnswer = z.infer<typeof ZCoverUploadAnswer>;

// ---- inputs

export const ZAlbumIdInput = z.object({ albumId: ZId });
export type TAlbumIdInput = z.infer<typeof ZAlbumIdInput>;
export const ZTrackIdInput = z.object({ trackId: ZId });
export type TTrackIdInput = z.infer<typeof ZTrackIdInput>;

/** PUT /api/distribution/albums/{id}: what the album step changes; absent fields stay. */
export const ZUpdateAlbumInput = z.object({
  albumId: ZId,
  name: z.string().trim().max(RELEASE_LIMITS.maxTitleLength, 'global.message.tooLong').optional(),
  label_id: ZId.optional(),
  product_type: ZProductType.optional(),
  original_release_date: ZDay.optional(),
  product_code_type: ZProductCodeType.optional(),
  code_auto_generate: z.boolean().optional(),
  /** Only with code_auto_generate false: the user's own EAN-13 or UPC-A. */
  product_code: z.string().trim().max(14).nullish(),
  /** Provider track ids in the new order (same set as the release holds). */
  tracks: z.array(ZId).max(100).optional(),
});
export type TUpdateAlbumInput = z.infer<typeof ZUpdateAlbumInput>;

/** POST /api/distribution/tracks: the master to upload to the provider, onto the user's draft. */
export const ZAddTrackInput = z.object({ masterId: ZUuid, albumId: ZId.optional() });
export type TAddTrackInput = z.infer<typeof ZAddTrackInput>;

export const ZReorderTracksInput = z.object({ albumId: ZId, trackIds: z.array(ZId).max(100) });
export type TReorderTracksInput = z.infer<typeof ZReorderTracksInput>;

/**
 * The payout shares' total as the server checks it: counted in hundredths, so 33.33 + 33.33 + 33.34
 * is exactly 100. The wizard shows the same total while the user types.
 */
export const payoutShareTotal = (shares: readonly number[]): number => shares.reduce((sum, share) => sum + Math.round(share * 100), 0) / 100;

/** A payout share as typed: not a number, or below 0, becomes 0; above 100 (one share is at most the whole) becomes 100. */
export function clampPayoutShare(value: number | string): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number < 0) return 0;
  return Math.min(RELEASE_LIMITS.payoutTotal, number);
}

/** A track's participant as stored: role ids and payout share in percent. */
export interface StoredParticipant {
  id: number;
  role_ids: number[];
  share: number;
}

/** Every participant names at least one role (the wizard marks the row, the service refuses the track). */
export const participantRoleMissing = (participant: Pick<StoredParticipant, 'role_ids'>): boolean => participant.role_ids.length === 0;

/**
 * Participants: each has a role, shares 0-100 summing to exactly 100. The service refuses a track's
 * participants with the first problem, the draft's flags and the pre-submission check list them,
 * and the wizard shows them while the user types.
 */
export function participantsProblems(participants: readonly StoredParticipant[]): string[] {
  const problems: string[] = [];
  if (participants.length === 0) problems.push(RELEASE_ERRORS.firstParticipantFixed);
  if (participants.some(participantRoleMissing)) problems.push(RELEASE_ERRORS.participantRoleRequired);
  if (participants.some((participant) => participant.share < 0 || participant.share > RELEASE_LIMITS.payoutTotal)) problems.push(RELEASE_ERRORS.payoutRange);
  if (payoutShareTotal(participants.map((participant) => participant.share)) !== RELEASE_LIMITS.payoutTotal) problems.push(RELEASE_ERRORS.payoutTotal);
  return problems;
}

/** Percentage input: not a number becomes 0; the service refuses outside 0-100. */
const ZShare = z.coerce
  .number()
  .transform((value) => (Number.isFinite(value) ? value : 0))
  .pipe(z.number().min(0, RELEASE_ERRORS.payoutRange).max(RELEASE_LIMITS.payoutTotal, RELEASE_ERRORS.payoutRange));
/** A participant of a track: role ids (the REST adapter also takes the API's {role_id, name} objects). */
export const ZTrackParticipantInput = z.object({
  id: ZId,
  role_id: z.array(ZId).max(20),
  payout_share_percentage: ZShare,
});
export type TTrackParticipantInput = z.infer<typeof ZTrackParticipantInput>;

/** PUT /api/distribution/tracks/{id} (release track rules); absent fields stay. */
export const ZUpdateTrackInput = z.object({
  trackId: ZId,
  name: z.string().trim().min(1, RELEASE_ERRORS.titleRequired).max(RELEASE_LIMITS.maxTitleLength, 'global.message.tooLong').optional(),
  /** Genre ids (the REST adapter also takes the API's {genre_id, name} objects). */
  genre: z
    .array(ZId)
    .min(1, RELEASE_ERRORS.genreRequired)
    .max(RELEASE_LIMITS.maxGenres, RELEASE_ERRORS.tooManyGenres)
    .optional(),
  language: z.string().trim().toLowerCase().min(1, RELEASE_ERRORS.languageRequired).max(3, RELEASE_ERRORS.languageRequired).optional(),
  featuredArtists: z.array(ZId).max(RELEASE_LIMITS.maxFeaturedArtists, RELEASE_ERRORS.tooManyFeaturedArtists).optional(),
  /** Empty: the provider assigns one. Upper-cased, hyphens allowed. */
  stereo_isrc: z.string().trim().toUpperCase().max(20, RELEASE_ERRORS.invalidIsrc).optional(),
  iswc: z.string().trim().toUpperCase().max(20, RELEASE_ERRORS.invalidIswc).optional(),
  /** 2 explicit, 1 not explicit (the default), 0 clean (an edited version). */
  explicit: z.number(RELEASE_ERRORS.invalidExplicit).int(RELEASE_ERRORS.invalidExplicit).min(0, RELEASE_ERRORS.invalidExplicit).max(2, RELEASE_ERRORS.invalidExplicit).optional(),
  lyrics: z.string().max(RELEASE_LIMITS.maxLyricsLength, 'global.message.tooLong').nullish(),
  participants: z.array(ZTrackParticipantInput).min(1, RELEASE_ERRORS.firstParticipantFixed).max(20).optional(),
});
export type TUpdateTrackInput = z.infer<typeof ZUpdateTrackInput>;

/** The fields of a track's details whose rules go beyond the input's shape. */
export type TTrackInputRuleField = 'featuredArtists' | 'stereo_isrc' | 'iswc';

/**
 * The rules of a track's details that its schema cannot hold: ISRC and ISWC in form and with their
 * check digit (empty: none given), and the release's own artist never featured. The service refuses
 * a field with its problem; the wizard shows each beside its field while the user types.
 */
export function trackInputProblems(input: Pick<TUpdateTrackInput, TTrackInputRuleField>, mainArtistId: number | undefined): Partial<Record<TTrackInputRuleField, string>> {
  const problems: Partial<Record<TTrackInputRuleField, string>> = {};
  if (mainArtistId !== undefined && input.featuredArtists?.includes(mainArtistId)) problems.featuredArtists = RELEASE_ERRORS.featuredIsMainArtist;
  if (input.stereo_isrc && !isValidIsrc(input.stereo_isrc)) problems.stereo_isrc = RELEASE_ERRORS.invalidIsrc;
  if (input.iswc && !isValidIswc(input.iswc)) problems.iswc = RELEASE_ERRORS.invalidIswc;
  return problems;
}

export const ZMarkVisitedInput = z.object({ albumId: ZId, section: ZSectionName });
export type TMarkVisitedInput = z.infer<typeof ZMarkVisitedInput>;

/** The outlet details step: stores, the global date and per-store dates. */
export const ZOutletDetailsInput = z.object({
  albumId: ZId,
  globalReleaseDate: ZDay.nullable(),
  outlets: z.array(z.object({ store_id: ZId, release_start_date: ZDay.nullish().transform((value) => value ?? null) })).max(200),
  original_release_date: ZDay.optional(),
});
export type TOutletDetailsInput = z.infer<typeof ZOutletDetailsInput>;

/** PATCH /api/distribution/outlets/distribute (albumId, outletDetails). */
export const ZDistributeInput = z.object({
  albumId: ZId,
  outletDetails: ZOutletDetailsInput.omit({ albumId: true }).optional(),
});
export type TDistributeInput = z.infer<typeof ZDistributeInput>;
