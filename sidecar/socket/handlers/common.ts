import { TRPCClientError } from '@trpc/client';
import { isMastered, SOCKET_ERROR_CODES, type TTrackAccess, type TTrackAudioInfo } from '../../../src/modules/streaming/streaming.schemas.js';
import { styleOfStreamIndex } from '../../../src/modules/streaming/stream-frame.js';
import { OUTPUT_CHANNELS } from '../../engine/index.js';
import type { StreamTarget } from '../../media/chunk-provider.js';
import type { MediaServices } from '../../media/media-services.js';
import { BounceRefusedError, JobTimeoutError, MasterFileBrokenError, RenditionPendingError } from '../../media/mastering.js';
import { QueuedJobFailedError } from '../../media/job-waits.js';
import { chunkRange } from '../../media/pcm.js';
import { MissingOriginalError, type TrackSource } from '../../media/track-sources.js';
import type { SocketSession } from '../session.js';

/** The error code (SOCKET_ERROR_CODES) for a failure while serving a request. */
export function errorCodeOf(error: unknown): string {
  if (error instanceof MissingOriginalError || error instanceof MasterFileBrokenError || error instanceof RenditionPendingError) return SOCKET_ERROR_CODES.fileMissing;
  if (error instanceof JobTimeoutError) return SOCKET_ERROR_CODES.timeout;
  if (error instanceof BounceRefusedError || error instanceof QueuedJobFailedError) return error.code;
  if (error instanceof TRPCClientError && typeof error.message === 'string' && /^[a-z]+\.[\w.]+$/i.test(error.message)) return error.message;
  return SOCKET_ERROR_CODES.server;
}

/** Sends the error unless the session is gone; aborted jobs of a departed client say nothing. */
export function reportFailure(session: SocketSession, error: unknown, event: string): void {
  if (session.closed) return;
  const code = errorCodeOf(error);
  if (code === SOCKET_ERROR_CODES.server) session.log.error({ err: error, event }, 'socket request failed');
  session.sendError(code, event);
}

export interface AuthorizedTrack {
  userId: string;
  access: NonNullable<TTrackAccess>;
  audio: TTrackAudioInfo;
}

/**
 * Whether the token's user may hear the track, as the web process decides (owner, or a user one
 * of its masters is shared with). Refusals are answered here: notFound for a track that does
 * not exist (or holds no audio), forbidden for someone else's.
 */
export async function authorizeTrack(
  services: MediaServices,
  session: SocketSession,
  userId: string,
  trackId: string,
  event: string,
  need: 'listen' | 'owner' = 'listen',
): Promise<AuthorizedTrack | null> {
  const [access, audio] = await Promise.all([services.directory.trackAccess(userId, trackId), services.directory.audioInfo(trackId)]);
  if (!audio) {
    session.sendError(SOCKET_ERROR_CODES.notFound, event);
    return null;
  }
  if (!access || (need === 'owner' && access.role !== 'owner')) {
    session.sendError(SOCKET_ERROR_CODES.forbidden, event);
    return null;
  }
  return { userId, access, audio };
}

/**
 * What chunks of (track, style, intensity) are cut from: the original; the stored master (checked);
 * or, for the owner of a prepared track, a live render of the style fitted at the intensity.
 * `streamIndex` is the style's index with the intensity and amounts in it (streamIndexOf); one toward
 * a reference names the reference in `referenceId` and is only ever the stored master made toward it.
 * Null after answering the refusal.
 */
export async function resolveTarget(
  services: MediaServices,
  session: SocketSession,
  track: AuthorizedTrack,
  source: TrackSource,
  wanted: { streamIndex: number; styleId: number | null | undefined; referenceId: string | null },
  event: string,
): Promise<StreamTarget | null> {
  const trackId = track.audio.trackId;
  const { streamIndex, styleId } = wanted;
  if (streamIndex === -1) return { kind: 'original', trackId, source };
  const named = styleOfStreamIndex(streamIndex);
  const style = named ? await services.directory.styleByIndex(named.styleIndex) : null;
  if (!named || !style || (styleId != null && style.id !== styleId) || named.reference !== (wanted.referenceId !== null)) {
    session.sendError(SOCKET_ERROR_CODES.notFound, event);
    return null;
  }
  const { intensity, amounts } = named;
  const referenceId = wanted.referenceId;
  const styleIndex = streamIndex;
  // The web process decides who hears which style (and how); the sidecar obeys.
  const hearing = await services.directory.styleHearing(track.userId, trackId, style.id, intensity, amounts, referenceId);
  if (hearing === 'none') {
    session.sendError(SOCKET_ERROR_CODES.forbidden, event);
    return null;
  }
  const master = await services.directory.masterInfo({ trackId, styleId: style.id, intensity, amounts, referenceId });
  let broken: unknown = null;
  if (master?.path && isMastered(master.status, master.styleId)) {
    try {
      const stored = await services.mastering.storedMaster(master, source.frames);
      return { kind: 'stored', trackId, styleIndex, master: stored };
    } catch (error) {
      // A broken stored master is rebuilt through request-mastering (fixing); meanwhile the owner hears the live render.
      broken = error;
    }
  }
  if (hearing !== 'live' || referenceId) {
    session.sendError(broken ? errorCodeOf(broken) : referenceId ? SOCKET_ERROR_CODES.notFound : SOCKET_ERROR_CODES.forbidden, event);
    return null;
  }
  const prepared = await services.mastering.preparedTrack(source);
  const fitted = prepared ? await services.mastering.fittedStyle(prepared, style.id, intensity, amounts) : null;
  if (!prepared || !fitted) {
    session.sendError(broken ? errorCodeOf(broken) : SOCKET_ERROR_CODES.notPrepared, event);
    return null;
  }
  return {
    kind: 'render',
    trackId,
    styleIndex,
    version: prepared.version,
    frames: source.frames,
    channels: OUTPUT_CHANNELS,
    render: (chunkIndex) => {
      const { start, count } = chunkRange(chunkIndex, source.frames);
      return services.mastering.render(prepared, fitted, trackId, start, count, intensity, amounts);
    },
  };
}

/** Progress messages at most every `ms` (stage changes, a new place in line and the end always pass). */
export function throttled<T extends { stage?: string; processed: boolean; queuePosition?: number }>(send: (value: T) => void, ms = 100): (value: T) => void {
  let last = 0;
  let lastStage: string | undefined;
  let lastPosition: number | undefined;
  return (value) => {
    const now = Date.now();
    if (value.processed || value.stage !== lastStage || value.queuePosition !== lastPosition || now - last >= ms) {
      last = now;
      lastStage = value.stage;
      lastPosition = value.queuePosition;
      send(value);
    }
  };
}
