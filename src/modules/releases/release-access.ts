import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { DistributionAccount } from '../distribution/index.js';
import type { ReleaseRefs } from './release-views.js';
import * as repo from './releases.repository.js';
import { RELEASE_ERRORS, type TOutletDetailsInput } from './releases.schemas.js';

/**
 * Steps the releases services share (releases, cover, delivery, check, the delivery job). Not
 * services: they take the database first, like the repository, because they run on the caller's
 * open transaction as well as on the database, and they are not part of the module's index.ts.
 */

/** The names a release's views show, by id: the user's artists and participants, genres, roles. */
export async function refsOf(db: Database, account: Pick<DistributionAccount, 'distributionUserId' | 'artistId'>): Promise<ReleaseRefs> {
  const [artists, participants, genres, roles] = await Promise.all([
    repo.findArtistsOfUser(db, account.distributionUserId),
    repo.findParticipantsOfUser(db, account.distributionUserId),
    repo.findGenres(db),
    repo.findRoles(db),
  ]);
  const artistNames = new Map(artists.map((artist) => [Number(artist.id), artist.name]));
  return {
    artists: artistNames,
    participants: new Map(participants.map((participant) => [Number(participant.id), participant.name])),
    genres: new Map(genres.map((genre) => [genre.genre_id, genre.name])),
    roles: new Map(roles.map((role) => [role.role_id, role.name])),
    mainArtist: { artist_id: account.artistId, name: artistNames.get(account.artistId) ?? '' },
  };
}

/** The caller's album, else "not found" (another user's album is never told apart from none). */
export async function ownedAlbum(db: Database, account: DistributionAccount, albumId: number, options: { forUpdate?: boolean } = {}) {
  const album = await repo.findAlbum(db, account.distributionUserId, albumId, options);
  if (!album) throw notFound('album');
  return album;
}

/** Saves the chosen stores (each enabled, once) with their dates and the release dates. */
export async function saveOutletDetails(db: Database, albumId: number, input: Omit<TOutletDetailsInput, 'albumId'>) {
  const enabled = new Set((await repo.findEnabledStoreIds(db)).map((row) => row.store_id));
  const seen = new Set<number>();
  for (const outlet of input.outlets) {
    if (!enabled.has(outlet.store_id) || seen.has(outlet.store_id)) throw new AppError('BAD_REQUEST', RELEASE_ERRORS.unknownOutlet, { detail: String(outlet.store_id) });
    seen.add(outlet.store_id);
  }
  await repo.replaceAlbumOutlets(db, albumId, input.outlets);
  await repo.updateAlbum(db, albumId, {
    global_release_date: input.globalReleaseDate,
    ...(input.original_release_date ? { original_release_date: input.original_release_date } : {}),
  });
}
