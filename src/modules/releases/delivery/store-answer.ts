import type { Database } from '../../../platform/db/database.js';
import * as repo from '../releases.repository.js';
import { refsOf } from '../release-access.js';
import { deliveredReleaseOf, storeVerdict } from './store-rules.js';

/**
 * A local stand-in store's answer to the release as stored now, judged on `today` (YYYY-MM-DD):
 * accepted, or refused with the reason of the first of its rules the release breaks.
 */
export async function storeAnswerOf(db: Database, albumId: number, storeId: number, today: string) {
  const album = await repo.findAlbumForJob(db, albumId);
  if (!album) throw new Error(`album ${albumId} is gone`);
  const distributionUserId = String(album.distribution_user_id);
  const [tracks, outlets, refs] = await Promise.all([
    repo.findTracks(db, albumId),
    repo.findAlbumOutlets(db, albumId),
    refsOf(db, { distributionUserId, artistId: Number(album.artist_id) }),
  ]);
  const outlet = outlets.find((candidate) => candidate.store_id === storeId);
  if (!outlet) throw new Error(`album ${albumId} does not go to store ${storeId}`);
  return storeVerdict(outlet.store_name, deliveredReleaseOf({ album, tracks, genres: refs.genres, outlet, today }));
}
