import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '../../../platform/context.js';
import { copyToFile } from '../../../platform/storage/file-storage.js';
import { sha256OfFile } from '../file-hash.js';
import { audioFactsOf, coverKeyOf, coverOf, idsOf, participantsOf } from '../release-views.js';
import * as repo from '../releases.repository.js';
import { OUTLET_STATUS, RELEASE_ERRORS } from '../releases.schemas.js';
import { refsOf } from '../release-access.js';
import { newReleaseMessage, type MessageTrack } from './ddex-message.js';
import { storeVerdict, type DeliveredRelease } from './store-rules.js';

/**
 * The local provider's delivery (decisions.md, DISTRIBUTION_PROVIDER=local), as a durable job in
 * the database (sql/0050 distribution_jobs). Steps: `package` writes the delivery package under
 * DATA_DIR/deliveries/<album id>/ (the DDEX-shaped message, the audio files, the artwork; written
 * to a temporary folder and renamed into place, so a package is whole or absent); then one
 * `store:<id>` step per store answers 1202 or 1034 by that store's rules; `finish` marks the release
 * delivered. Each step's database change and the job's next step are committed together, and a
 * job whose lease ran out (its process stopped) is taken up again at the step it reached: a
 * restart in the middle of a delivery resumes it, and no step's effect happens twice.
 */

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 5;

export const deliveriesDirOf = (platform: Pick<Platform, 'env'>) => path.resolve(platform.env.DATA_DIR, 'deliveries');
export const deliveryDirOf = (platform: Pick<Platform, 'env'>, albumId: number) => path.join(deliveriesDirOf(platform), String(albumId));

async function loadRelease(platform: Platform, albumId: number) {
  const album = await repo.findAlbumForJob(platform.db, albumId);
  if (!album) throw new Error(`album ${albumId} is gone`);
  const distributionUserId = String(album.distribution_user_id);
  const [tracks, outlets, refs, label] = await Promise.all([
    repo.findTracks(platform.db, albumId),
    repo.findAlbumOutlets(platform.db, albumId),
    refsOf(platform.db, { distributionUserId, artistId: Number(album.artist_id) }),
    repo.findLabelOfUser(platform.db, distributionUserId, Number(album.label_id)),
  ]);
  return { album, tracks, outlets, refs, label: label?.name ?? '' };
}

const today = () => new Date().toISOString().slice(0, 10);

/** Writes the package; rewriting it (a step retried after a stop) gives the same files. */
export async function writeDeliveryPackage(platform: Platform, albumId: number): Promise<string> {
  const { album, tracks, outlets, refs, label } = await loadRelease(platform, albumId);
  const cover = coverOf(album.cover);
  if (!cover || !album.product_code) throw new Error(`album ${albumId} has no cover or product code`);
  const finalDir = deliveryDirOf(platform, albumId);
  const tempDir = path.join(deliveriesDirOf(platform), `.${albumId}-${randomUUID()}.part`);
  await mkdir(path.join(tempDir, 'resources'), { recursive: true });
  try {
    const messageTracks: MessageTrack[] = [];
    for (const [index, track] of tracks.entries()) {
      const uri = `resources/${String(index + 1).padStart(2, '0')}_${track.isrc}.wav`;
      const target = path.join(tempDir, uri);
      await copyToFile(platform.storage, track.audio_key, target);
      const sha256 = await sha256OfFile(target);
      // The provider's copy must still be what was measured and checked.
      if (sha256 !== track.audio_sha256) throw new Error(`audio of track ${track.id} changed since upload`);
      const facts = audioFactsOf(track.audio_facts);
      messageTracks.push({
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
        file: { uri, sha256, bytes: (await stat(target)).size, bitsPerSample: facts.bitsPerSample, sampleRate: facts.sampleRate, channels: facts.channels },
      });
    }
    const coverUri = `resources/${album.product_code}_cover.${cover.ext}`;
    const coverTarget = path.join(tempDir, coverUri);
    await copyToFile(platform.storage, coverKeyOf(albumId, cover.version, 'original', cover.ext), coverTarget);
    const message = newReleaseMessage({
      messageId: `${album.product_code}-${albumId}`,
      createdAt: new Date(),
      sender: { partyId: 'PADPIDA-MASTERDECK', name: 'Masterdeck Distribution' },
      release: {
        reference: 'R0',
        icpn: album.product_code,
        title: album.name,
        type: album.product_type,
        displayArtist: refs.mainArtist.name,
        label,
        originalReleaseDate: album.original_release_date,
      },
      tracks: messageTracks,
      cover: { reference: `A${tracks.length + 1}`, uri: coverUri, sha256: await sha256OfFile(coverTarget), bytes: (await stat(coverTarget)).size, width: cover.facts.width, height: cover.facts.height, format: cover.facts.format },
      deals: outlets.map((outlet) => ({ storeId: outlet.store_id, storeName: outlet.store_name, startDate: outlet.release_start_date ?? album.global_release_date ?? today() })),
    });
    await writeFile(path.join(tempDir, `${album.product_code}.xml`), message);
    await rm(finalDir, { recursive: true, force: true });
    await rename(tempDir, finalDir);
    return finalDir;
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs one step and commits its effect with the job's next step; answers the next step. */
async function runStep(platform: Platform, job: { id: number; albumId: number }, step: string, leaseUntil: Date): Promise<string> {
  const { db } = platform;
  const outlets = await repo.findAlbumOutlets(db, job.albumId);
  const nextStore = (afterIndex: number) => (outlets[afterIndex + 1] ? `store:${outlets[afterIndex + 1]!.store_id}` : 'finish');
  if (step === 'package') {
    await writeDeliveryPackage(platform, job.albumId);
    const next = nextStore(-1);
    await repo.advanceJob(db, job.id, { step: next, leaseUntil });
    return next;
  }
  if (step.startsWith('store:')) {
    const storeId = Number(step.slice('store:'.length));
    const index = outlets.findIndex((outlet) => outlet.store_id === storeId);
    const next = nextStore(index);
    const { album, tracks, refs } = await loadRelease(platform, job.albumId);
    const release: DeliveredRelease = { title: album.name, tracks: tracks.map((track) => ({ title: track.name, genres: idsOf(track.genre_ids).map((id) => refs.genres.get(id) ?? '') })) };
    const outlet = outlets[index];
    await db.transaction().execute(async (trx) => {
      if (outlet) {
        const verdict = storeVerdict(outlet.store_name, release);
        const status = verdict.accepted ? OUTLET_STATUS.distributed : OUTLET_STATUS.disapproved;
        await repo.setOutletStatus(trx, job.albumId, storeId, status.status_code, verdict.accepted ? null : verdict.reason);
      }
      await repo.advanceJob(trx, job.id, { step: next, leaseUntil });
    });
    return next;
  }
  // finish: the release is delivered; a store's refusal is its disapprove message (spec §3).
  await db.transaction().execute(async (trx) => {
    const refusal = outlets.find((outlet) => outlet.status_code === OUTLET_STATUS.disapproved.status_code);
    await repo.updateAlbum(trx, job.albumId, { state: 'delivered', delivered_at: new Date(), disapprove_message: refusal?.reason ?? null });
    await repo.finishJob(trx, job.id, 'done', null);
  });
  return 'done';
}

/**
 * Runs due delivery jobs, step by step. `maxSteps` stops after that many steps, leaving the job
 * leased as a stopped process would (tests use it to stop a delivery in the middle).
 */
export async function runDeliveryJobs(platform: Platform, options: { now?: () => Date; maxSteps?: number } = {}): Promise<{ steps: number }> {
  const now = options.now ?? (() => new Date());
  const maxSteps = options.maxSteps ?? Number.POSITIVE_INFINITY;
  let steps = 0;
  while (steps < maxSteps) {
    const job = await repo.claimJob(platform.db, now(), new Date(now().getTime() + LEASE_MS));
    if (!job) break;
    let step = job.step;
    try {
      while (step !== 'done' && steps < maxSteps) {
        step = await runStep(platform, job, step, new Date(now().getTime() + LEASE_MS));
        steps++;
      }
    } catch (error) {
      const message = (error as Error).message;
      platform.log.error({ err: error, jobId: job.id, step }, 'delivery step failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await repo.finishJob(platform.db, job.id, 'failed', message);
        // The release goes back to the user as a draft, so it can be corrected and sent again.
        await repo.updateAlbum(platform.db, job.albumId, { state: 'draft', disapprove_message: RELEASE_ERRORS.deliveryFailed }).catch(() => undefined);
      } else {
        await repo.retryJobLater(platform.db, job.id, new Date(now().getTime() + 2 ** job.attempts * 1000), message);
      }
    }
  }
  return { steps };
}
