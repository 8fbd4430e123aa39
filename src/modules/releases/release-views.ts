import { createHmac } from 'node:crypto';
import type { Platform } from '../../platform/context.js';
import type { AlbumRow, TrackRow } from './releases.repository.js';
import { coverProblems, participantsProblems, trackDetailProblems, type StoredParticipant } from './release-rules.js';
import {
  albumStatusName,
  COVER_VARIANT_WIDTHS,
  OUTLET_STATUS,
  RELEASE_ERRORS,
  SECTION_NAMES,
  ZAudioFacts,
  ZCoverFacts,
  ZDeliveryState,
  type TAlbum,
  type TAlbumImage,
  type TCoverFacts,
  type TCoverVariant,
  type TDeliveryState,
  type TReleaseDraft,
  type TReleaseOutlet,
  type TReleaseTrack,
  type TSectionName,
  type TSectionState,
} from './releases.schemas.js';

/** Stored JSON of sql/0050 read back as shapes (pg and PGlite both hand jsonb over parsed). */
const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
export const idsOf = (value: unknown): number[] => ((parsed(value) as unknown[]) ?? []).map(Number).filter(Number.isInteger);
export const participantsOf = (value: unknown): StoredParticipant[] =>
  ((parsed(value) as StoredParticipant[]) ?? []).map((p) => ({ id: Number(p.id), role_ids: (p.role_ids ?? []).map(Number), share: Number(p.share) }));
export const audioFactsOf = (value: unknown) => ZAudioFacts.parse(parsed(value));

/** The album's cover as stored: a version (new on every upload) and the image's facts. */
export interface StoredCover {
  version: string;
  ext: 'jpg' | 'png';
  facts: TCoverFacts;
  /** The variants are made by a job after the upload; until then there is nothing to show. */
  variantsReady: boolean;
}
export function coverOf(value: unknown): StoredCover | null {
  const cover = parsed(value) as (Omit<StoredCover, 'variantsReady'> & { variantsReady?: boolean }) | null;
  if (!cover) return null;
  // Covers stored before the variants had their job were stored with them.
  return { version: String(cover.version), ext: cover.ext === 'png' ? 'png' : 'jpg', facts: ZCoverFacts.parse(cover.facts), variantsReady: cover.variantsReady ?? true };
}
export const coverKeyOf = (albumId: number, version: string, variant: TCoverVariant | 'original', ext = 'jpg') => `releases/${albumId}/cover/${version}/${variant}.${ext}`;

/**
 * Cover images load in <img> tags, which send no bearer token: the URL carries a signature of the
 * album, variant and cover version instead, handed out only to the album's owner.
 */
export function coverSignature(platform: Pick<Platform, 'secrets'>, albumId: number, variant: string, version: string): string {
  // A key of its own, derived from the secret every web process agrees on (shared_secrets), so a
  // URL handed out by one process is accepted by the others; the per-machine secret would not be.
  const key = createHmac('sha256', platform.secrets.jwtSecret).update('release-cover-url-key').digest();
  return createHmac('sha256', key).update(`release-cover:${albumId}:${variant}:${version}`).digest('hex').slice(0, 32);
}
/** The variants' signed URLs; null without a cover and while its variants are being made. */
export function coverImageOf(platform: Pick<Platform, 'secrets'>, albumId: number, cover: StoredCover | null): TAlbumImage | null {
  if (!cover?.variantsReady) return null;
  const variant = (name: TCoverVariant) => ({
    url: `/api/distribution/albums/${albumId}/cover/${name}.jpg?v=${cover.version}&sig=${coverSignature(platform, albumId, name, cover.version)}`,
    width: Math.min(COVER_VARIANT_WIDTHS[name], cover.facts.width),
  });
  return { large: variant('large'), medium: variant('medium'), small: variant('small'), thumbnail: variant('thumbnail') };
}

export interface ReleaseRefs {
  artists: Map<number, string>;
  participants: Map<number, string>;
  genres: Map<number, string>;
  roles: Map<number, string>;
  mainArtist: { artist_id: number; name: string };
}

export function releaseTrackOf(row: TrackRow, refs: ReleaseRefs): TReleaseTrack {
  const explicit = Number(row.explicit);
  return {
    id: row.master_id ?? '',
    track_id: Number(row.id),
    position: row.position,
    name: row.name,
    artists: [refs.mainArtist],
    featuredArtists: idsOf(row.featured_artist_ids),
    genre: idsOf(row.genre_ids).map((genre_id) => ({ genre_id, name: refs.genres.get(genre_id) ?? '' })),
    language: row.language,
    stereo_isrc: row.isrc ?? '',
    iswc: row.iswc ?? '',
    explicit: explicit === 0 || explicit === 2 ? explicit : 1,
    lyrics: row.lyrics,
    participants: participantsOf(row.participants).map((p) => ({
      id: String(p.id),
      role_id: p.role_ids.map((role_id) => ({ role_id, name: refs.roles.get(role_id) ?? '' })),
      payout_share_percentage: String(p.share),
    })),
    isCustomMaster: row.is_custom_master,
    audio: audioFactsOf(row.audio_facts),
  };
}

const unique = (values: string[]) => [...new Set(values)];
const visitedOf = (value: unknown) => new Set(((parsed(value) as string[]) ?? []).filter((name): name is TSectionName => (SECTION_NAMES as readonly string[]).includes(name)));

/**
 * Artwork, album, track list and participants start with an error (there
 * is nothing yet); outlet details start without one. `visited` is what the user has seen.
 */
export function sectionsOf(album: AlbumRow, tracks: readonly TrackRow[]): TReleaseDraft['sections'] {
  const visited = visitedOf(album.visited);
  const cover = coverOf(album.cover);
  const errors: Record<TSectionName, string[]> = {
    artwork: cover ? coverProblems(cover.facts).errors : [RELEASE_ERRORS.coverMissing],
    album: album.name.trim() === '' ? [RELEASE_ERRORS.albumNameRequired] : [],
    trackList: tracks.length === 0 ? [RELEASE_ERRORS.noTracks] : unique(tracks.flatMap((track) => trackDetailProblems({ name: track.name, genreIds: idsOf(track.genre_ids), language: track.language, participants: [] }))),
    participants: tracks.length === 0 ? [RELEASE_ERRORS.noTracks] : unique(tracks.flatMap((track) => participantsProblems(participantsOf(track.participants)))),
    outletDetails: [],
  };
  const state = (name: TSectionName): TSectionState => ({ hasError: errors[name].length > 0, visited: visited.has(name), errors: errors[name] });
  return { artwork: state('artwork'), album: state('album'), trackList: state('trackList'), participants: state('participants'), outletDetails: state('outletDetails') };
}

export function draftOf(
  platform: Pick<Platform, 'secrets'>,
  album: AlbumRow,
  tracks: readonly TrackRow[],
  outlets: readonly { store_id: number; release_start_date: string | null }[],
  refs: ReleaseRefs,
): TReleaseDraft {
  const albumId = Number(album.id);
  const cover = coverOf(album.cover);
  const trackList = tracks.map((track) => releaseTrackOf(track, refs));
  return {
    albumId,
    album: {
      name: album.name,
      label_id: Number(album.label_id),
      artists: [refs.mainArtist],
      product_type: album.product_type,
      original_release_date: album.original_release_date,
      tracks: trackList.map((track) => track.track_id),
      product_code_type: album.product_code_type,
      code_auto_generate: album.code_auto_generate,
      product_code: album.product_code,
      product_format: 'stereo',
    },
    trackList,
    outlets: outlets.map((outlet) => ({ store_id: outlet.store_id, release_start_date: outlet.release_start_date })),
    globalReleaseDate: album.global_release_date,
    selectedMasterIds: trackList.map((track) => track.id).filter((id) => id !== ''),
    uploadedMasterToTrackIds: Object.fromEntries(trackList.filter((track) => track.id !== '').map((track) => [track.id, track.track_id])),
    coverUploadStatus: cover ? 'Success' : 'Initial',
    cover_image: coverImageOf(platform, albumId, cover),
    cover: cover?.facts ?? null,
    sections: sectionsOf(album, tracks),
  };
}

export function albumOf(platform: Pick<Platform, 'secrets'>, album: AlbumRow & { track_count: number | null }): TAlbum {
  return {
    release_id: Number(album.id),
    name: album.name,
    cover_image: coverImageOf(platform, Number(album.id), coverOf(album.cover)),
    album_status: { status_name: albumStatusName(album.state) },
    disapprove_message: album.disapprove_message,
    original_release_date: album.original_release_date,
    release_date: album.global_release_date,
    track_count: Number(album.track_count ?? 0),
    product_code: album.product_code,
  };
}

const statusOf = (code: number) =>
  code === OUTLET_STATUS.distributed.status_code ? OUTLET_STATUS.distributed : code === OUTLET_STATUS.disapproved.status_code ? OUTLET_STATUS.disapproved : OUTLET_STATUS.pending;

interface DeliveryFacts {
  store_id: number;
  kind: 'new' | 'update' | 'takedown';
  state: string;
  reason: string | null;
  store_text: string | null;
}

/**
 * Where the release stands at a store: the state of its latest delivery there (a takedown is
 * "requested" until the store confirms it); without deliveries (the local provider before a
 * takedown), what the status code says.
 */
function deliveryStateOf(statusCode: number, latest: DeliveryFacts | undefined): TDeliveryState {
  if (!latest) return statusCode === OUTLET_STATUS.distributed.status_code ? 'live' : statusCode === OUTLET_STATUS.disapproved.status_code ? 'rejected' : 'queued';
  if (latest.kind === 'takedown') return latest.state === 'taken_down' || latest.state === 'rejected' || latest.state === 'unreadable' ? (latest.state as TDeliveryState) : 'takedown_requested';
  return ZDeliveryState.parse(latest.state);
}

export function outletRowsOf(
  rows: readonly { store_id: number; store_name: string; status_code: number; reason: string | null; release_start_date: string | null }[],
  childStores: ReadonlyMap<number, string[]>,
  globalReleaseDate: string | null,
  deliveries: readonly DeliveryFacts[] = [],
): TReleaseOutlet[] {
  return rows.map((row) => {
    const latest = deliveries.filter((delivery) => delivery.store_id === row.store_id).at(-1);
    return {
      store_id: row.store_id,
      store_name: row.store_name,
      child_stores: childStores.get(row.store_id) ?? [],
      outlet_status: { ...statusOf(row.status_code) },
      release_start_date: row.release_start_date ?? globalReleaseDate,
      disapprove_message: latest?.reason ?? row.reason,
      delivery_state: deliveryStateOf(row.status_code, latest),
      store_text: latest?.store_text ?? null,
    };
  });
}
