import { SOCKET_ERROR_CODES, ZRequestChunksPayload } from '../../../src/modules/streaming/streaming.schemas.js';
import type { MediaServices } from '../../media/media-services.js';
import type { EventHandler } from '../handlers.js';
import { authorizeTrack, reportFailure, resolveTarget } from './common.js';

const EVENT = 'request-chunks';

/**
 * request-chunks {trackId, styleIndex, styleId, chunkIndices, referenceId?} -> one track-stream frame per chunk,
 * lowest index first. Asking for another style while chunks of the previous one still wait drops
 * those and answers chunks-canceled {styleIndex, chunkIndices}.
 */
export function requestChunks(services: MediaServices): EventHandler {
  return async (session, payload, userId) => {
    const parsed = ZRequestChunksPayload.safeParse(payload);
    if (!parsed.success) return session.sendError(SOCKET_ERROR_CODES.malformed, EVENT);
    const { trackId, styleIndex, styleId, chunkIndices, referenceId } = parsed.data;
    try {
      const track = await authorizeTrack(services, session, userId, trackId, EVENT);
      if (!track) return;
      const source = await services.sources.get(track.audio, session);
      const target = await resolveTarget(services, session, track, source, { streamIndex: styleIndex, styleId, referenceId: referenceId ?? null }, EVENT);
      if (!target || session.closed) return;
      session.lastTrackId = trackId;
      session.streamer?.request(target, chunkIndices);
    } catch (error) {
      reportFailure(session, error, EVENT);
    }
  };
}
