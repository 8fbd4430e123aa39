import { isMastered, SOCKET_ERROR_CODES, ZRequestMasteringPayload, type TPrepareMasteringState, type TPreparationState } from '../../../src/modules/streaming/streaming.schemas.js';
import type { MediaServices } from '../../media/media-services.js';
import { MasterFileBrokenError, RenditionPendingError } from '../../media/mastering.js';
import type { EventHandler } from '../handlers.js';
import { authorizeTrack, reportFailure, throttled } from './common.js';

const EVENT = 'request-mastering';

/**
 * request-mastering {trackId} -> prepare-mastering {processed, fixing, stage, iteration,
 * progressInPercent} while the track is prepared (or the running preparation is joined), ending
 * with processed: true. Stored masters that fail their check are rebuilt first (fixing: true).
 */
export function requestMastering(services: MediaServices): EventHandler {
  return async (session, payload, userId) => {
    const parsed = ZRequestMasteringPayload.safeParse(payload);
    if (!parsed.success) return session.sendError(SOCKET_ERROR_CODES.malformed, EVENT);
    const { trackId } = parsed.data;
    const send = (state: TPreparationState) => session.sendJson('prepare-mastering', { trackId, ...state } satisfies TPrepareMasteringState);
    try {
      const track = await authorizeTrack(services, session, userId, trackId, EVENT, 'owner');
      if (!track) return;
      session.masteringTrackId = trackId;
      const progress = throttled(send);
      progress({ processed: false, fixing: false, stage: 'preparing', iteration: 0, progressInPercent: 0 });
      const source = await services.sources.get(track.audio, session);
      const masters = await services.directory.client.masters.ofTrack.query({ trackId });
      const broken: Array<Pick<typeof masters[number], 'styleId' | 'intensity' | 'amounts'>> = [];
      for (const master of masters) {
        // A master toward a reference is rebuilt only by a bounce asked for it (the socket bounces toward none).
        if (!master.path || !isMastered(master.status, master.styleId) || master.referenceId) continue;
        try {
          await services.mastering.storedMaster(master, source.frames);
        } catch (error) {
          // A master whose 44.1 kHz download is still being made is whole: nothing to rebuild.
          if (error instanceof RenditionPendingError) continue;
          if (!(error instanceof MasterFileBrokenError)) throw error;
          session.log.warn({ trackId, styleId: master.styleId, intensity: master.intensity, err: error }, 'stored master failed its check, rebuilding');
          broken.push(master);
        }
      }
      const fixing = broken.length > 0;
      await services.mastering.prepare(track.audio, session, progress, fixing);
      for (const { styleId, intensity, amounts } of broken) {
        // Told before the rebuild starts: a bounce this process claims itself may finish before any progress is published.
        send({ processed: false, fixing: true, stage: 'done', iteration: 0, progressInPercent: 0 });
        await services.mastering.bounce(track.audio, styleId, session, throttled((state) =>
          send({ processed: false, fixing: true, stage: 'done', iteration: 0, progressInPercent: state.progressInPercent }),
        ), intensity, amounts);
        services.directory.forgetTrack(trackId);
      }
      send({ processed: true, fixing: false, stage: 'done', iteration: 0, progressInPercent: 100 });
    } catch (error) {
      reportFailure(session, error, EVENT);
    }
  };
}
