import type { ServiceContext } from '../../platform/context.js';
import { completeIfHeld, failJob } from '../../platform/queue/job-queue.js';
import { albumTopic, recordMasterWithDownloads } from '../streaming/index.js';
import * as repo from './albums.repository.js';
import type { TAlbumMastered, TAlbumPlan } from './albums.schemas.js';

interface AlbumJobLease {
  jobId: string;
  leaseToken: string;
}

/**
 * What a media process that claimed an album's job masters: its style, intensity and tracks in
 * order. The album shows as being mastered from now on. Null: the album is gone.
 */
export async function beginAlbumJob(ctx: Pick<ServiceContext, 'db'>, input: { albumId: string }): Promise<TAlbumPlan | null> {
  const album = await repo.findAlbum(ctx.db, input.albumId);
  if (!album) return null;
  const tracks = await repo.findAlbumTracks(ctx.db, [album.id]);
  if (album.state === 'queued') await repo.setAlbumState(ctx.db, album.id, 'mastering');
  return {
    albumId: album.id,
    ownerId: album.user_id,
    styleId: album.style_id,
    intensity: album.intensity,
    tracks: tracks.map((t) => ({ position: t.position, trackId: t.track_id })),
  };
}

/**
 * Every master of the album recorded (each the track's master of the album's style and
 * intensity, its downloads chained) with the figures the album page shows, in the transaction
 * that completes the job: a worker that lost its lease records nothing. False: the lease was lost.
 */
export async function completeAlbumJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: AlbumJobLease & TAlbumMastered): Promise<{ held: boolean }> {
  const { held } = await completeIfHeld(ctx.db, { id: input.jobId, leaseToken: input.leaseToken }, async (tx) => {
    for (const track of input.tracks) {
      const { masterId } = await recordMasterWithDownloads(tx, track.master);
      await repo.saveAlbumTrack(tx, input.albumId, track.position, {
        masterId,
        mixLufs: track.mixLufs,
        targetLufs: track.targetLufs,
        masterLufs: track.master.measurements.lufs,
        masterTruePeak: track.master.measurements.truePeak,
      });
    }
    await repo.setAlbumState(tx, input.albumId, 'done');
  });
  if (held) await ctx.platform.events.publish({ topic: albumTopic(input.albumId), type: 'done' });
  return { held };
}

/** An album whose work failed for good: the album says so with the error's key. */
export async function failAlbumJob(ctx: Pick<ServiceContext, 'db' | 'platform'>, input: AlbumJobLease & { albumId: string; error: string }): Promise<{ held: boolean }> {
  const held = await ctx.db.transaction().execute(async (tx) => {
    const state = await failJob(tx, { id: input.jobId, leaseToken: input.leaseToken }, input.error, undefined, { retry: false });
    if (state === 'lease lost') return false;
    await repo.setAlbumState(tx, input.albumId, 'failed', input.error);
    return true;
  });
  if (held) await ctx.platform.events.publish({ topic: albumTopic(input.albumId), type: 'failed', data: { error: input.error } });
  return { held };
}
