import { DEFAULT_AMOUNTS, SOCKET_ERROR_CODES, ZRequestMetaPayload, type TLoudness, type TStreamMeta } from '../../../src/modules/streaming/streaming.schemas.js';
import { streamIndexOf } from '../../../src/modules/streaming/stream-frame.js';
import { OUTPUT_CHANNELS } from '../../engine/index.js';
import type { MediaServices } from '../../media/media-services.js';
import { chunkBytesOf, chunkCountOf, STREAM_BITS_PER_SAMPLE } from '../../media/pcm.js';
import type { EventHandler } from '../handlers.js';
import { authorizeTrack, reportFailure } from './common.js';
import { SAMPLE_RATE } from '../../../src/audio-core/constants.js';

const EVENT = 'request-meta';

const loudnessOf = (value: unknown): TLoudness | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const { lufs, truePeak } = value as Record<string, unknown>;
  return typeof lufs === 'number' && typeof truePeak === 'number' ? { lufs, truePeak } : undefined;
};

/**
 * request-meta {trackId, masterId?, styleId?, intensity?, amounts?, referenceId?} -> meta (its styleIndex the stream's index,
 * streamIndexOf: the style's with the intensity and amounts in it, and whether toward a reference). Original and
 * masters stream at 44.1 kHz, 16 bits, so toggling keeps the sample position; a master is stereo. A master toward
 * a reference is only ever its stored file: named without one made, it is not found.
 */
export function requestMeta(services: MediaServices): EventHandler {
  return async (session, payload, userId) => {
    const parsed = ZRequestMetaPayload.safeParse(payload);
    if (!parsed.success) return session.sendError(SOCKET_ERROR_CODES.malformed, EVENT);
    const { trackId, masterId, styleId } = parsed.data;
    // A master named by id is heard at its own intensity; a style at the one asked for.
    let intensity = parsed.data.intensity;
    let amounts = parsed.data.amounts ?? DEFAULT_AMOUNTS;
    let referenceId = parsed.data.referenceId ?? null;
    try {
      const track = await authorizeTrack(services, session, userId, trackId, EVENT);
      if (!track) return;
      const source = await services.sources.get(track.audio, session);
      session.lastTrackId = trackId;
      const prepared = await services.mastering.preparedTrack(source);
      const analysis = prepared?.preparation.analysis;
      const original = analysis?.lufs != null && analysis.truePeak != null ? { lufs: analysis.lufs, truePeak: analysis.truePeak } : undefined;

      let styleIndex = -1;
      let resolvedStyleId: number | null = null;
      let master: TLoudness | undefined;
      let masterPredicted = false;
      let masterWaveform: number[] | null = null;
      const info = masterId || styleId ? await services.directory.masterInfo({ trackId, masterId: masterId ?? null, styleId: masterId ? null : (styleId ?? null), intensity, amounts, referenceId }) : null;
      if (info) {
        intensity = info.intensity;
        amounts = info.amounts;
        referenceId = info.referenceId;
      } else if (referenceId) {
        return session.sendError(SOCKET_ERROR_CODES.notFound, EVENT);
      }
      // The track's unmastered master (the id an upload answers, as the public API's clients send it) streams the original.
      const wantsStyle = Boolean(info || styleId || (masterId && !(await services.directory.isUnmasteredMaster(trackId, masterId))));
      if (wantsStyle) {
        resolvedStyleId = info?.styleId ?? styleId ?? null;
        const style = resolvedStyleId !== null ? await services.directory.styleById(resolvedStyleId) : null;
        if (!style) return session.sendError(SOCKET_ERROR_CODES.notFound, EVENT);
        if ((await services.directory.styleHearing(userId, trackId, style.id, intensity, amounts, referenceId)) === 'none') return session.sendError(SOCKET_ERROR_CODES.forbidden, EVENT);
        styleIndex = streamIndexOf(style.styleIndex, intensity, amounts, referenceId !== null);
        master = loudnessOf(info?.measurements);
        masterWaveform = info?.waveform?.length ? info.waveform : null;
        const fitted = !master && prepared ? await services.mastering.fittedStyle(prepared, style.id, intensity, amounts) : null;
        if (fitted) {
          // The fit's own prediction of the peak (none for silence: the ceiling), so the panel shows
          // about what the report card will once the style is bounced.
          master = { lufs: fitted.predictedLufs, truePeak: Number.isFinite(fitted.predictedTruePeakDb) ? fitted.predictedTruePeakDb : fitted.ceilingDbtp };
          masterPredicted = true;
        }
      }
      const channels = styleIndex === -1 ? source.channels : OUTPUT_CHANNELS;
      const meta: TStreamMeta = {
        trackId,
        styleIndex,
        styleId: resolvedStyleId,
        duration: source.frames / SAMPLE_RATE,
        sampleRate: SAMPLE_RATE,
        numberOfSamples: source.frames,
        bitsPerSample: STREAM_BITS_PER_SAMPLE,
        numberOfChannels: channels,
        totalByteLength: source.frames * channels * 2,
        chunkSize: chunkBytesOf(channels),
        numberOfChunks: chunkCountOf(source.frames),
        container: 'WAVE',
        // A bounced master has its own waveform; a style heard as a live render shows the original's.
        waveformData: masterWaveform ?? source.info.peaks,
        ...(styleIndex === -1 ? (original ?? {}) : (master ?? {})),
        loudness: { ...(original ? { original } : {}), ...(master ? { master } : {}), ...(masterPredicted ? { masterPredicted } : {}) },
      };
      session.sendJson('meta', meta);
    } catch (error) {
      reportFailure(session, error, EVENT);
    }
  };
}
