import { getAccessToken } from '../../auth/index.js';

/**
 * Start times of buffers played back to back on one clock: each starts exactly where the one before
 * ends, so an album plays without gaps (the audio clock, not timers, decides when a track begins).
 */
export function backToBackStarts(startAt: number, durations: readonly number[]): number[] {
  const starts: number[] = [];
  let at = startAt;
  for (const duration of durations) {
    starts.push(at);
    at += duration;
  }
  return starts;
}

/** How long a master's MP3 still being made is waited for, and how often it is asked for again. */
const PENDING_RETRY_MS = 1_500;
const PENDING_GIVE_UP_MS = 5 * 60_000;

/** The owner's MP3 of a master (made right after the bounce; asked again while it is being made). */
async function fetchMasterMp3(masterId: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const giveUpAt = Date.now() + PENDING_GIVE_UP_MS;
  for (;;) {
    const token = getAccessToken();
    const response = await fetch(`/api/download/master/${encodeURIComponent(masterId)}/0`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
    if (response.status === 200) return response.arrayBuffer();
    if (response.status !== 409 || Date.now() > giveUpAt) throw new Error(response.status === 404 ? 'global.error.notFound' : 'global.error.server');
    await new Promise((resolve) => setTimeout(resolve, PENDING_RETRY_MS));
  }
}

export interface ScheduledTrack {
  masterId: string;
  /** On the audio context's clock, seconds. */
  start: number;
  end: number;
}

/**
 * The album's masters decoded and scheduled one after another on one AudioContext. The levels are
 * the masters' own (no gain node, no normalisation): the album's loudness differences are heard.
 */
export class GaplessAlbumPlayer {
  private context: AudioContext | null = null;
  private sources: AudioBufferSourceNode[] = [];
  private readonly controller = new AbortController();

  async play(masterIds: readonly string[], onEnded: () => void): Promise<{ schedule: ScheduledTrack[]; currentTime: () => number }> {
    const context = new AudioContext();
    this.context = context;
    const buffers: AudioBuffer[] = [];
    for (const masterId of masterIds) {
      const bytes = await fetchMasterMp3(masterId, this.controller.signal);
      buffers.push(await context.decodeAudioData(bytes));
    }
    // A little ahead of now, so the first start is not already in the past when it is scheduled.
    const starts = backToBackStarts(context.currentTime + 0.1, buffers.map((b) => b.duration));
    this.sources = buffers.map((buffer, i) => {
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.start(starts[i]);
      return source;
    });
    this.sources.at(-1)!.onended = onEnded;
    return {
      schedule: masterIds.map((masterId, i) => ({ masterId, start: starts[i]!, end: starts[i]! + buffers[i]!.duration })),
      currentTime: () => context.currentTime,
    };
  }

  stop(): void {
    this.controller.abort();
    for (const source of this.sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // never started: nothing to stop
      }
    }
    this.sources = [];
    void this.context?.close();
    this.context = null;
  }
}
