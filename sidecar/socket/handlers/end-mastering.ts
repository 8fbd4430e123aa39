import { DEFAULT_AMOUNTS, SOCKET_ERROR_CODES, ZEndMasteringPayload, type TBounceState } from '../../../src/modules/streaming/streaming.schemas.js';
import type { MediaServices } from '../../media/media-services.js';
import type { EventHandler } from '../handlers.js';
import { authorizeTrack, reportFailure, throttled } from './common.js';

const EVENT = 'end-mastering';

/**
 * end-mastering {styleId, trackId?, intensity?, amounts?, referenceId?} -> bounce-progress {processed, progressInPercent} while the
 * style's master at the intensity (Medium when absent) is rendered and stored (a running bounce of it is joined), ending with
 * processed: true and the master's id; from then on that style streams from the stored file. With referenceId (one of the
 * caller's reference tracks, anyone else's: not found before any work) the master is made toward that reference.
 */
export function endMastering(services: MediaServices): EventHandler {
  return async (session, payload, userId) => {
    const parsed = ZEndMasteringPayload.safeParse(payload);
    const trackId = parsed.success ? (parsed.data.trackId ?? session.masteringTrackId) : null;
    if (!parsed.success || !trackId) return session.sendError(SOCKET_ERROR_CODES.malformed, EVENT);
    const { styleId, intensity, referenceId } = parsed.data;
    const amounts = parsed.data.amounts ?? DEFAULT_AMOUNTS;
    // Amounts and reference go out only when asked for: listeners from before them match on style and intensity.
    const send = (state: Omit<TBounceState, 'trackId' | 'styleId' | 'intensity'>) =>
      session.sendJson('bounce-progress', { trackId, styleId, intensity, ...(parsed.data.amounts ? { amounts } : {}), ...(referenceId ? { referenceId } : {}), ...state } satisfies TBounceState);
    try {
      const track = await authorizeTrack(services, session, userId, trackId, EVENT, 'owner');
      if (!track) return;
      // The caller's own reference only: the web process answers not found for anyone else's.
      if (referenceId) await services.directory.client.masters.referenceOf.query({ userId, referenceId });
      const { masterId } = await services.mastering.bounce(track.audio, styleId, session, throttled(send), intensity, amounts, referenceId ?? null);
      services.directory.forgetTrack(trackId);
      send({ processed: true, progressInPercent: 100, masterId });
    } catch (error) {
      reportFailure(session, error, EVENT);
    }
  };
}
