import { z } from 'zod';
import { ZIntensity } from '../masters/masters.schemas.js';
import { ZRecordMasteredInput } from '../streaming/streaming.schemas.js';
import { MAX_ALBUM_TRACKS, MIN_ALBUM_TRACKS } from './albums.constants.js';

export { MAX_ALBUM_TRACKS, MIN_ALBUM_TRACKS } from './albums.constants.js';

const ZUuid = z.uuid('global.error.invalidInput');

/** The tracks in their album order, one style and one intensity for all. */
export const ZCreateAlbumInput = z.object({
  trackIds: z
    .array(ZUuid)
    .min(MIN_ALBUM_TRACKS, 'album.tooFewTracks')
    .max(MAX_ALBUM_TRACKS, 'album.tooManyTracks')
    .refine((ids) => new Set(ids).size === ids.length, 'album.trackTwice'),
  styleId: z.number().int().positive(),
  intensity: ZIntensity.default('medium'),
});
export type TCreateAlbumInput = z.input<typeof ZCreateAlbumInput>;

export const ZAlbumIdInput = z.object({ id: ZUuid });

export const ZAlbumState = z.enum(['queued', 'mastering', 'done', 'failed']);

export const ZAlbumTrack = z.object({
  position: z.number().int(),
  trackId: z.string(),
  name: z.string(),
  /** The track's master of the album's style and intensity, made at the album's level. */
  masterId: z.string().nullable(),
  /** The buying option its master is owned at (0: the free MP3 only); null while there is no master. */
  buyingOption: z.number().int().nullable(),
  /** LUFS of the mix (a mono mix as heard, as stereo), known once the album is mastered. */
  mixLufs: z.number().nullable(),
  targetLufs: z.number().nullable(),
  masterLufs: z.number().nullable(),
  masterTruePeak: z.number().nullable(),
});
export type TAlbumTrack = z.infer<typeof ZAlbumTrack>;

export const ZAlbum = z.object({
  id: z.string(),
  styleId: z.number().int(),
  intensity: ZIntensity,
  state: ZAlbumState,
  /** A failed album's translation key. */
  error: z.string().nullable(),
  createdAt: z.string(),
  tracks: z.array(ZAlbumTrack),
  /** Loudest minus quietest, LU: of the mixes, and of the masters. */
  spreadInLu: z.number().nullable(),
  spreadOutLu: z.number().nullable(),
});
export type TAlbum = z.infer<typeof ZAlbum>;

/* ---------- the media process's side (internal API) ---------- */

export const ZAlbumPlan = z.object({
  albumId: z.string(),
  ownerId: z.string(),
  styleId: z.number().int(),
  intensity: ZIntensity,
  tracks: z.array(z.object({ position: z.number().int(), trackId: z.string() })),
});
export type TAlbumPlan = z.infer<typeof ZAlbumPlan>;

export const ZAlbumMastered = z.object({
  albumId: z.string(),
  tracks: z
    .array(z.object({ position: z.number().int(), mixLufs: z.number().nullable(), targetLufs: z.number(), master: ZRecordMasteredInput }))
    .min(MIN_ALBUM_TRACKS)
    .max(MAX_ALBUM_TRACKS),
});
export type TAlbumMastered = z.input<typeof ZAlbumMastered>;
