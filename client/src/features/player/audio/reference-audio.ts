import { truePeakOf } from '../../../../../src/audio-core/true-peak.js';
import { PeakWaveform } from '../../../../../src/audio-core/waveform.js';
import { integratedLoudness } from './integrated-loudness.js';
import type { ReferenceLoudness } from './loudness-match.js';
import { SR } from './playback-scheduler.js';

/**
 * A reference track as the player holds it: decoded in the browser from its owner-only route
 * (GET /api/references/:id/audio) at the stream rate, cut into the stream's one-second chunks (the
 * last one filled up with silence) so the scheduler plays and switches it like the other versions,
 * and measured for its loudness and true peak (the audio core's meter, the engine's).
 */
export interface ReferenceAudio {
  id: string;
  chunks: AudioBuffer[];
  loudness: ReferenceLoudness | null;
}

export async function loadReferenceAudio(id: string, options: { fetch: typeof fetch; accessToken: string | null }): Promise<ReferenceAudio> {
  const response = await options.fetch(`/api/references/${encodeURIComponent(id)}/audio`, { headers: options.accessToken ? { Authorization: `Bearer ${options.accessToken}` } : {} });
  if (!response.ok) throw new Error(response.status === 404 ? 'global.error.notFound' : 'global.error.server');
  // An offline context decodes without the user's gesture, resampled to the stream rate.
  const decoded = await new OfflineAudioContext(1, 1, SR).decodeAudioData(await response.arrayBuffer());
  return { id, chunks: chunksOf(decoded), loudness: loudnessOf(decoded) };
}

function chunksOf(decoded: AudioBuffer): AudioBuffer[] {
  const chunks: AudioBuffer[] = [];
  for (let start = 0; start < decoded.length; start += SR) {
    const chunk = new AudioBuffer({ length: SR, numberOfChannels: decoded.numberOfChannels, sampleRate: SR });
    for (let channel = 0; channel < decoded.numberOfChannels; channel++) chunk.copyToChannel(decoded.getChannelData(channel).subarray(start, start + SR), channel);
    chunks.push(chunk);
  }
  return chunks;
}

function loudnessOf(decoded: AudioBuffer): ReferenceLoudness | null {
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, channel) => decoded.getChannelData(channel));
  const lufs = integratedLoudness(channels, decoded.sampleRate);
  if (lufs === null) return null;
  let peak = 0;
  for (const samples of channels) for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const truePeak = Math.max(...channels.map(truePeakOf));
  return { lufs, channels: decoded.numberOfChannels, samplePeakDb: 20 * Math.log10(peak), truePeakDb: 20 * Math.log10(truePeak) };
}

/**
 * The reference's waveform over a track's timeline of `timelineFrames` stream frames, as the player
 * plays it there: cut at the track's end, or looped (its chunks over and over) beside a longer track.
 */
export function referencePeaks(audio: ReferenceAudio, timelineFrames: number): number[] {
  const waveform = new PeakWaveform(timelineFrames);
  if (audio.chunks.length === 0) return waveform.result();
  for (let start = 0, index = 0; start < timelineFrames; start += SR, index++) {
    const chunk = audio.chunks[index % audio.chunks.length]!;
    const count = Math.min(SR, timelineFrames - start);
    for (let channel = 0; channel < chunk.numberOfChannels; channel++) waveform.add(chunk.getChannelData(channel), 1, start, count);
  }
  return waveform.result();
}
