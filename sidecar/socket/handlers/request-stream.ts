import { SOCKET_ERROR_CODES, ZRequestStreamPayload } from '../../../src/modules/streaming/streaming.schemas.js';
import type { MediaServices } from '../../media/media-services.js';
import type { EventHandler } from '../handlers.js';
import { authorizeTrack, reportFailure } from './common.js';

const EVENT = 'request-stream';

/**
 * request-stream {trackId?} -> the original from chunk 0 on as track-stream frames, as fast as the
 * client reads (backpressure paces it). Without trackId: the track of the last request-meta.
 */
export function requestStream(services: MediaServices): EventHandler {
  return async (session, payload, userId) => {
    const parsed = ZRequestStreamPayload.safeParse(payload ?? {});
    const trackId = (parsed.success ? parsed.data.trackId : undefined) ?? session.lastTrackId;
    if (!parsed.success || !trackId) return session.sendError(SOCKET_ERROR_CODES.malformed, EVENT);
    try {
      const track = await authorizeTrack(services, session, userId, trackId, EVENT);
      if (!track) return;
      const source = await services.sources.get(track.audio, session);
      session.streamer?.stream({ kind: 'original', trackId, source });
    } catch (error) {
      reportFailure(session, error, EVENT);
    }
  };
}
