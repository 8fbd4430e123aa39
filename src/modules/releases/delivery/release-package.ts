import { createHash } from 'node:crypto';
import type { Platform } from '../../../platform/context.js';
import { audioFactsOf, coverKeyOf, coverOf, idsOf, participantsOf } from '../release-views.js';
import * as repo from '../releases.repository.js';
import { refsOf } from '../release-access.js';
import { newReleaseMessage, type MessageDeal, type MessageHeaderInput, type MessageTrack } from './ddex-message.js';

/**
 * What a delivery of one release is made of, whatever carries it: the files (audio in the release's
 * track order, then the cover) as the provider's storage holds them, with their SHA-256 and size,
 * and the NewReleaseMessage for a given header and deals. The audio hashes were taken when each
 * track was uploaded; the message carries them, so the store can check what it received.
 */

export interface PackageFile {
  /** The path inside the batch folder (`resources/01_<isrc>.wav`). */
  uri: string;
  storageKey: string;
  sha256: string;
  bytes: number;
}

export interface ReleasePackage {
  albumId: number;
  distributionUserId: string;
  icpn: string;
  title: string;
  files: PackageFile[];
  /** One start date per store: its own, else the release's global date, else the original release date. */
  startDateOf(storeId: number): string;
  message(header: MessageHeaderInput, deals: MessageDeal[]): string;
}

async function sha256OfKey(platform: Pick<Platform, 'storage'>, key: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of platform.storage.read(key) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export async function loadReleasePackage(platform: Pick<Platform, 'db' | 'storage'>, albumId: number): Promise<ReleasePackage> {
  const album = await repo.findAlbumForJob(platform.db, albumId);
  if (!album) throw new Error(`album ${albumId} is gone`);
  const distributionUserId = String(album.distribution_user_id);
  const [tracks, outlets, refs, label] = await Promise.all([
    repo.findTracks(platform.db, albumId),
    repo.findAlbumOutlets(platform.db, albumId),
    refsOf(platform.db, { distributionUserId, artistId: Number(album.artist_id) }),
    repo.findLabelOfUser(platform.db, distributionUserId, Number(album.label_id)),
  ]);
  const cover = coverOf(album.cover);
  if (!cover || !album.product_code) throw new Error(`album ${albumId} has no cover or product code`);
  const icpn = album.product_code;

  const files: PackageFile[] = [];
  const messageTracks: MessageTrack[] = tracks.map((track, index) => {
    const uri = `resources/${String(index + 1).padStart(2, '0')}_${track.isrc}.wav`;
    files.push({ uri, storageKey: track.audio_key, sha256: track.audio_sha256, bytes: Number(track.audio_bytes) });
    const facts = audioFactsOf(track.audio_facts);
    return {
      reference: `A${index + 1}`,
      isrc: track.isrc ?? '',
      iswc: track.iswc,
      title: track.name,
      displayArtist: refs.mainArtist.name,
      featuredArtists: idsOf(track.featured_artist_ids).map((id) => refs.artists.get(id) ?? ''),
      contributors: participantsOf(track.participants).map((p) => ({ name: refs.participants.get(p.id) ?? '', roles: p.role_ids.map((role) => refs.roles.get(role) ?? String(role)) })),
      durationS: facts.durationS,
      language: track.language,
      explicit: Number(track.explicit),
      genres: idsOf(track.genre_ids).map((id) => refs.genres.get(id) ?? ''),
      file: { uri, sha256: track.audio_sha256, bytes: Number(track.audio_bytes), bitsPerSample: facts.bitsPerSample, sampleRate: facts.sampleRate, channels: facts.channels },
    };
  });
  const coverKey = coverKeyOf(albumId, cover.version, 'original', cover.ext);
  const coverUri = `resources/${icpn}_cover.${cover.ext}`;
  const coverHash = await sha256OfKey(platform, coverKey);
  files.push({ uri: coverUri, storageKey: coverKey, ...coverHash });
  const fallbackDate = album.global_release_date ?? album.original_release_date;

  return {
    albumId,
    distributionUserId,
    icpn,
    title: album.name,
    files,
    startDateOf: (storeId) => outlets.find((outlet) => outlet.store_id === storeId)?.release_start_date ?? fallbackDate,
    message: (header, deals) =>
      newReleaseMessage({
        ...header,
        release: {
          reference: 'R0',
          icpn,
          title: album.name,
          type: album.product_type,
          displayArtist: refs.mainArtist.name,
          label: label?.name ?? '',
          originalReleaseDate: album.original_release_date,
        },
        tracks: messageTracks,
        cover: { reference: `A${tracks.length + 1}`, uri: coverUri, sha256: coverHash.sha256, bytes: coverHash.bytes, width: cover.facts.width, height: cover.facts.height, format: cover.facts.format },
        deals,
      }),
  };
}
