import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { enforceRateLimits, type RateLimitRule } from '../../platform/rate-limit/rate-limit.js';
import {
  isValidProductCode,
  normaliseIsrc,
  normaliseIswc,
  requireAccount,
  requireWritableAccount,
  type DistributionAccount,
} from '../distribution/index.js';
import { localName } from '../masters/index.js';
import { releaseProviderOf } from './provider/provider-of.js';
import { participantsProblems, type StoredParticipant } from './release-rules.js';
import { findDeliveriesOfAlbum } from './deliveries.repository.js';
import { albumOf, draftOf, outletRowsOf, releaseTrackOf, type ReleaseRefs } from './release-views.js';
import { ownedAlbum, refsOf, saveOutletDetails } from './release-access.js';
import * as repo from './releases.repository.js';
import {
  DEFAULT_ROLE_ID,
  RELEASE_ERRORS,
  RELEASE_LIMITS,
  SECTION_NAMES,
  trackInputProblems,
  type TAddTrackInput,
  type TAlbum,
  type TAlbumIdInput,
  type TMarkVisitedInput,
  type TOutletDetailsInput,
  type TPickerSong,
  type TReleaseDraft,
  type TSectionName,
  type TReleaseOutlet,
  type TReleaseTrack,
  type TReorderTracksInput,
  type TTrackIdInput,
  type TUpdateAlbumInput,
  type TUpdateTrackInput,
} from './releases.schemas.js';

/**
 * Building a release (release track rules): one
 * function per use case, called alike by tRPC, REST and GraphQL. Every call finds the album or
 * track through the caller's distribution account, so another user's ids answer "not found".
 */

const DRAFTS_PER_USER: RateLimitRule = { name: 'release-drafts-user', max: RELEASE_LIMITS.draftsPerHour, windowS: 3600 };

const refuse = (key: string, detail?: string): never => {
  throw new AppError('BAD_REQUEST', key, detail ? { detail } : undefined);
};
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** An album the wizard may still change: the caller's, and not yet handed over for delivery. */
async function draftAlbum(db: Database, account: DistributionAccount, albumId: number) {
  const album = await ownedAlbum(db, account, albumId, { forUpdate: true });
  if (album.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
  return album;
}

async function draftView(ctx: ServiceContext, account: DistributionAccount, albumId: number): Promise<TReleaseDraft> {
  const album = await ownedAlbum(ctx.db, account, albumId);
  const [tracks, outlets, refs] = await Promise.all([repo.findTracks(ctx.db, albumId), repo.findAlbumOutlets(ctx.db, albumId), refsOf(ctx.db, account)]);
  return draftOf(ctx.platform, album, tracks, outlets, refs);
}

/** The release in the making, or null when none is open. */
export async function currentDraft(ctx: ServiceContext): Promise<TReleaseDraft | null> {
  const account = await requireAccount(ctx);
  const album = await repo.findDraftAlbum(ctx.db, account.distributionUserId);
  return album ? draftView(ctx, account, Number(album.id)) : null;
}

/** One release's draft view by id (the caller's; also after delivery, read-only). */
export async function releaseDraft(ctx: ServiceContext, input: TAlbumIdInput): Promise<TReleaseDraft> {
  const account = await requireAccount(ctx);
  return draftView(ctx, account, input.albumId);
}

/**
 * Opens the wizard: the open draft, or a new empty album for the user's label and artist.
 * The provider is asked up to 1 + 5 times, 1 s apart; then its error or 'Unable to create album'.
 */
export async function startRelease(ctx: ServiceContext, options: { retryDelayMs?: number; now?: Date } = {}): Promise<TReleaseDraft> {
  const account = await requireWritableAccount(ctx);
  const existing = await repo.findDraftAlbum(ctx.db, account.distributionUserId);
  if (existing) return draftView(ctx, account, Number(existing.id));
  // Only a new draft counts: each is an album at the provider, and opening and cancelling them in
  // a loop would fill the provider's catalogue; continuing the open one is free.
  await enforceRateLimits(ctx.db, [{ rule: DRAFTS_PER_USER, key: account.userId }], options.now);
  const provider = releaseProviderOf(ctx.platform);
  const delay = options.retryDelayMs ?? RELEASE_LIMITS.albumCreateRetryDelayMs;
  let lastError: unknown = null;
  for (let attempt = 0; attempt <= RELEASE_LIMITS.albumCreateRetries; attempt++) {
    if (attempt > 0) await sleep(delay);
    try {
      const { albumId } = await provider.createAlbum(ctx.db, { distributionUserId: account.distributionUserId, labelId: account.labelId, artistId: account.artistId });
      return await draftView(ctx, account, albumId);
    } catch (error) {
      // Two tabs opening the wizard at once: the other one's album is the draft.
      if (isUniqueViolation(error)) {
        const winner = await repo.findDraftAlbum(ctx.db, account.distributionUserId);
        if (winner) return draftView(ctx, account, Number(winner.id));
      }
      lastError = error;
      ctx.log.warn({ err: error, attempt }, 'album creation failed');
    }
  }
  if (lastError instanceof AppError) throw lastError;
  throw new AppError('INTERNAL', RELEASE_ERRORS.unableToCreateAlbum, { cause: lastError });
}

/** /distribution/releases: every release of the user, newest first. */
export async function listReleases(ctx: ServiceContext): Promise<TAlbum[]> {
  const account = await requireAccount(ctx);
  const rows = await repo.listAlbums(ctx.db, account.distributionUserId);
  return rows.map((row) => albumOf(ctx.platform, row));
}

/** The song picker (Song in the distribution picker): the user's releasable masters. */
export async function pickerSongs(ctx: ServiceContext): Promise<TPickerSong[]> {
  const account = await requireAccount(ctx);
  const rows = await repo.findPickerMasters(ctx.db, account.userId);
  return rows.map((row) => ({
    id: row.id,
    track_name: row.track_name,
    custom_master: row.is_custom_master,
    // The same localized names the masters list shows.
    styleGroup_name: row.is_custom_master || row.style_group_name === null ? null : localName(ctx.locale, row.style_group_name, row.style_group_name_de),
    style_name: row.is_custom_master || row.style_name === null ? null : localName(ctx.locale, row.style_name, row.style_name_de),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** GET /api/distribution/outlets/{albumId}: the release's stores with status and date. */
export async function releaseOutlets(ctx: ServiceContext, input: TAlbumIdInput): Promise<TReleaseOutlet[]> {
  const account = await requireAccount(ctx);
  const album = await ownedAlbum(ctx.db, account, input.albumId);
  const [rows, children, deliveries] = await Promise.all([repo.findAlbumOutlets(ctx.db, input.albumId), repo.findChildStores(ctx.db), findDeliveriesOfAlbum(ctx.db, input.albumId)]);
  return outletRowsOf(rows, children, album.global_release_date, deliveries);
}

/** PUT /api/distribution/albums/{id}: the album step (name, label, type, dates, code, track order). */
export async function updateAlbum(ctx: ServiceContext, input: TUpdateAlbumInput): Promise<TReleaseDraft> {
  const account = await requireWritableAccount(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const album = await draftAlbum(trx, account, input.albumId);
    const albumId = Number(album.id);
    if (input.label_id !== undefined && !(await repo.findLabelOfUser(trx, account.distributionUserId, input.label_id))) throw notFound('label');
    // The user's own code only with code_auto_generate off; the generated one stays otherwise.
    const autoCode = input.code_auto_generate ?? album.code_auto_generate;
    let productCode: string | undefined;
    if (!autoCode && input.product_code) {
      if (!isValidProductCode(input.product_code)) refuse(RELEASE_ERRORS.invalidProductCode);
      // A UPC-A is kept as its EAN-13 (the same code with a leading 0).
      productCode = input.product_code.length === 12 ? `0${input.product_code}` : input.product_code;
      if (await repo.productCodeTaken(trx, productCode, albumId)) refuse(RELEASE_ERRORS.invalidProductCode, 'taken');
    }
    if (!autoCode && !productCode && !album.product_code) refuse(RELEASE_ERRORS.invalidProductCode);
    if (input.tracks) await reorder(trx, albumId, input.tracks);
    await repo.updateAlbum(trx, albumId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.label_id !== undefined ? { label_id: input.label_id } : {}),
      ...(input.product_type !== undefined ? { product_type: input.product_type } : {}),
      ...(input.original_release_date !== undefined ? { original_release_date: input.original_release_date } : {}),
      ...(input.product_code_type !== undefined ? { product_code_type: input.product_code_type } : {}),
      ...(input.code_auto_generate !== undefined ? { code_auto_generate: input.code_auto_generate } : {}),
      ...(productCode !== undefined ? { product_code: productCode } : {}),
    });
  });
  return draftView(ctx, account, input.albumId);
}

/** The new order must name exactly the release's tracks. */
async function reorder(db: Database, albumId: number, trackIds: number[]) {
  const tracks = await repo.findTracks(db, albumId);
  const have = tracks.map((track) => Number(track.id)).sort((a, b) => a - b);
  const want = [...trackIds].sort((a, b) => a - b);
  if (have.length !== want.length || have.some((id, index) => id !== want[index])) throw notFound('track');
  for (const [position, trackId] of trackIds.entries()) await repo.updateTrack(db, trackId, { position });
}

/** Reordering selected masters reorders the track list. */
export async function reorderTracks(ctx: ServiceContext, input: TReorderTracksInput): Promise<TReleaseDraft> {
  const account = await requireWritableAccount(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await draftAlbum(trx, account, input.albumId);
    await reorder(trx, input.albumId, input.trackIds);
  });
  return draftView(ctx, account, input.albumId);
}

const fileStem = (fileName: string | null, fallback: string) => (fileName ?? '').replace(/\.[^.]*$/, '').trim().slice(0, RELEASE_LIMITS.maxTitleLength) || fallback;

/**
 * POST /api/distribution/tracks: selecting a master uploads it to the provider once and
 * puts it at the end of the track list, named after its file, with the release track defaults of
 * (explicit 1; the user's participant as Artist with 100 %). Selecting it again answers the
 * track it already has.
 */
export async function addTrack(ctx: ServiceContext, input: TAddTrackInput): Promise<TReleaseTrack> {
  const account = await requireWritableAccount(ctx);
  const album = input.albumId !== undefined ? await ownedAlbum(ctx.db, account, input.albumId) : await repo.findDraftAlbum(ctx.db, account.distributionUserId);
  if (!album) throw new AppError('BAD_REQUEST', RELEASE_ERRORS.noAlbumId);
  if (album.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
  const albumId = Number(album.id);
  const [master] = await repo.findPickerMasters(ctx.db, account.userId, input.masterId);
  if (!master) throw notFound('master');
  const refs = await refsOf(ctx.db, account);
  const tracks = await repo.findTracks(ctx.db, albumId);
  const already = tracks.find((track) => track.master_id === master.id);
  if (already) return releaseTrackOf(already, refs);
  const sourceKey = master.is_custom_master ? master.track_path : master.path;
  if (!sourceKey) throw new AppError('CONFLICT', RELEASE_ERRORS.masterNotDeliverable);
  const participants: StoredParticipant[] = [{ id: account.participantId, role_ids: [DEFAULT_ROLE_ID], share: RELEASE_LIMITS.payoutTotal }];
  let trackId: number;
  try {
    ({ trackId } = await releaseProviderOf(ctx.platform).uploadTrack(ctx.db, {
      distributionUserId: account.distributionUserId,
      albumId,
      masterId: master.id,
      isCustomMaster: master.is_custom_master,
      position: tracks.reduce((max, track) => Math.max(max, track.position + 1), 0),
      name: fileStem(master.track_file_name, master.track_name),
      sourceKey,
      participants: JSON.stringify(participants),
    }));
  } catch (error) {
    if (isUniqueViolation(error)) {
      const row = (await repo.findTracks(ctx.db, albumId)).find((track) => track.master_id === master.id);
      if (row) return releaseTrackOf(row, refs);
    }
    if (error instanceof AppError) throw error;
    // The file could not be read as audio (or the provider refused it): the selection is undone.
    throw new AppError('BAD_REQUEST', RELEASE_ERRORS.masterNotDeliverable, { cause: error });
  }
  await forgetVisited(ctx.db, account, albumId, SELECTION_SECTIONS);
  const row = await repo.findTrack(ctx.db, account.distributionUserId, trackId);
  if (!row) throw notFound('track');
  return releaseTrackOf(row, refs);
}

/** Selecting or deselecting a song marks track list and participants as not visited. */
const SELECTION_SECTIONS: readonly TSectionName[] = ['trackList', 'participants'];

async function forgetVisited(db: Database, account: DistributionAccount, albumId: number, sections: readonly TSectionName[]) {
  await db.transaction().execute(async (trx) => {
    const album = await ownedAlbum(trx, account, albumId, { forUpdate: true });
    const visited = idsFree(album.visited).filter((name) => !sections.includes(name as TSectionName));
    await repo.updateAlbum(trx, albumId, { visited: JSON.stringify(visited) });
  });
}

/** The caller's track on a release still in the making. */
async function draftTrack(db: Database, account: DistributionAccount, trackId: number) {
  const track = await repo.findTrack(db, account.distributionUserId, trackId, { forUpdate: true });
  if (!track) throw notFound('track');
  await draftAlbum(db, account, Number(track.album_id));
  return track;
}

/** DELETE /api/distribution/tracks/{id}: deselecting a song removes its uploaded track. */
export async function removeTrack(ctx: ServiceContext, input: TTrackIdInput): Promise<TReleaseDraft> {
  const account = await requireWritableAccount(ctx);
  const track = await draftTrack(ctx.db, account, input.trackId);
  const albumId = Number(track.album_id);
  await releaseProviderOf(ctx.platform).deleteTrack(ctx.db, account.distributionUserId, input.trackId);
  const rest = await repo.findTracks(ctx.db, albumId);
  for (const [position, row] of rest.entries()) if (row.position !== position) await repo.updateTrack(ctx.db, Number(row.id), { position });
  await forgetVisited(ctx.db, account, albumId, SELECTION_SECTIONS);
  return draftView(ctx, account, albumId);
}

/**
 * PUT /api/distribution/tracks/{id}: track details and participants. Each field sent is
 * checked whole, and a refusal changes nothing: known genres (1 to 10), a known language, up to 4
 * featured artists of the user's other than the release's artist, ISRC and ISWC in form and check
 * digit, explicit 2/1/0, participants of the user with roles and shares summing to exactly 100, the
 * user's own participant staying first.
 */
export async function updateTrack(ctx: ServiceContext, input: TUpdateTrackInput): Promise<TReleaseTrack> {
  const account = await requireWritableAccount(ctx);
  const refs = await refsOf(ctx.db, account);
  const rules = trackInputProblems(input, account.artistId);
  await ctx.db.transaction().execute(async (trx) => {
    const track = await draftTrack(trx, account, input.trackId);
    const trackId = Number(track.id);
    const values: Parameters<typeof repo.updateTrack>[2] = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.genre !== undefined) {
      const ids = [...new Set(input.genre)];
      if (ids.some((id) => !refs.genres.has(id))) refuse(RELEASE_ERRORS.unknownGenre);
      values.genre_ids = JSON.stringify(ids);
    }
    if (input.language !== undefined) {
      if (!(await repo.findLanguage(trx, input.language))) refuse(RELEASE_ERRORS.languageRequired);
      values.language = input.language;
    }
    if (input.featuredArtists !== undefined) {
      const ids = [...new Set(input.featuredArtists)];
      if (rules.featuredArtists) refuse(rules.featuredArtists);
      if (ids.some((id) => !refs.artists.has(id))) refuse(RELEASE_ERRORS.unknownArtist);
      values.featured_artist_ids = JSON.stringify(ids);
    }
    if (input.stereo_isrc !== undefined) {
      if (input.stereo_isrc === '') {
        // Left empty: the provider's assigned code stays, or a new one is assigned.
        if (!track.isrc_assigned || !track.isrc) {
          values.isrc = await releaseProviderOf(ctx.platform).assignIsrc(trx, account.distributionUserId, track.master_id);
          values.isrc_assigned = true;
        }
      } else {
        if (rules.stereo_isrc) refuse(rules.stereo_isrc);
        const isrc = normaliseIsrc(input.stereo_isrc);
        if (isrc !== track.isrc) {
          // The user's own recording's code is theirs to enter again; another user's never.
          if (!(await repo.claimIsrc(trx, isrc, account.distributionUserId, track.master_id))) refuse(RELEASE_ERRORS.isrcTaken);
          values.isrc = isrc;
          values.isrc_assigned = false;
        }
      }
    }
    if (input.iswc !== undefined) {
      if (rules.iswc) refuse(rules.iswc);
      values.iswc = input.iswc === '' ? null : normaliseIswc(input.iswc);
      if (values.iswc && values.iswc !== track.iswc && (await repo.iswcHeldByAnother(trx, values.iswc, account.distributionUserId))) refuse(RELEASE_ERRORS.iswcTaken);
    }
    if (input.explicit !== undefined) values.explicit = input.explicit;
    if (input.lyrics !== undefined) values.lyrics = input.lyrics === null || input.lyrics.trim() === '' ? null : input.lyrics;
    if (input.participants !== undefined) values.participants = JSON.stringify(checkedParticipants(account, refs, input.participants));
    await repo.updateTrack(trx, trackId, values);
  });
  const row = await repo.findTrack(ctx.db, account.distributionUserId, input.trackId);
  if (!row) throw notFound('track');
  return releaseTrackOf(row, refs);
}

function checkedParticipants(account: DistributionAccount, refs: ReleaseRefs, input: TUpdateTrackInput['participants'] & object): StoredParticipant[] {
  const participants = input.map((p) => ({ id: p.id, role_ids: [...new Set(p.role_id)], share: p.payout_share_percentage }));
  // The first participant (the user's own) cannot be removed.
  if (participants[0]?.id !== account.participantId) refuse(RELEASE_ERRORS.firstParticipantFixed);
  if (new Set(participants.map((p) => p.id)).size !== participants.length) refuse(RELEASE_ERRORS.duplicateParticipant);
  if (participants.some((p) => !refs.participants.has(p.id))) refuse(RELEASE_ERRORS.unknownParticipant);
  if (participants.some((p) => p.role_ids.some((role) => !refs.roles.has(role)))) refuse(RELEASE_ERRORS.unknownRole);
  const problems = participantsProblems(participants);
  if (problems.length > 0) throw new AppError('BAD_REQUEST', problems[0]!, { detail: JSON.stringify(problems) });
  return participants;
}

/** Each editor marks its section visited when it closes. */
export async function markVisited(ctx: ServiceContext, input: TMarkVisitedInput): Promise<TReleaseDraft> {
  const account = await requireAccount(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const album = await ownedAlbum(trx, account, input.albumId, { forUpdate: true });
    const visited = new Set(idsFree(album.visited));
    visited.add(input.section);
    await repo.updateAlbum(trx, input.albumId, { visited: JSON.stringify(SECTION_NAMES.filter((name) => visited.has(name))) });
  });
  return draftView(ctx, account, input.albumId);
}
const idsFree = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? (JSON.parse(value) as string[]) : []);

/** Outlet details: chosen stores with their own dates, the global date, the original date. */
export async function setOutletDetails(ctx: ServiceContext, input: TOutletDetailsInput): Promise<TReleaseDraft> {
  const account = await requireWritableAccount(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await draftAlbum(trx, account, input.albumId);
    await saveOutletDetails(trx, input.albumId, input);
  });
  return draftView(ctx, account, input.albumId);
}

/**
 * Cancel: deletes the album and every uploaded track at the provider, ignoring the
 * provider's failures, and resets the draft: the album is gone from the product either way. What
 * keeps (the account's meta info, outlets list, utilities) is not the release's and stays.
 * A release already handed over for delivery is not a draft and cannot be cancelled.
 */
export async function cancelRelease(ctx: ServiceContext, input: TAlbumIdInput): Promise<{ cancelled: true }> {
  const account = await requireAccount(ctx);
  const album = await ownedAlbum(ctx.db, account, input.albumId);
  if (album.state !== 'draft') throw new AppError('CONFLICT', RELEASE_ERRORS.notDraft);
  const provider = releaseProviderOf(ctx.platform);
  const tracks = await repo.findTracks(ctx.db, input.albumId);
  for (const track of tracks) {
    await provider.deleteTrack(ctx.db, account.distributionUserId, Number(track.id)).catch((error: unknown) => ctx.log.warn({ err: error, trackId: track.id }, 'provider track delete failed'));
  }
  await provider.deleteAlbum(ctx.db, account.distributionUserId, input.albumId).catch((error: unknown) => ctx.log.warn({ err: error, albumId: input.albumId }, 'provider album delete failed'));
  await repo.deleteAlbum(ctx.db, account.distributionUserId, input.albumId);
  return { cancelled: true };
}

