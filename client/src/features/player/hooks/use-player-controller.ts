import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useApiFetch } from '../../../lib/api-fetch.js';
import { useDialogState } from '../../../lib/dialogs.js';
import { getAccessToken } from '../../auth/index.js';
import { loadReferenceAudio } from '../audio/reference-audio.js';
import { PlayerController, type PlayerSnapshot, type StreamSpec } from '../audio/player-controller.js';
import { streamKey } from '../api/stream-feed.js';
import { PROGRESS_INTERVAL_MS } from '../audio/timeline.js';
import { useOptionalMasteringSession } from '../mastering-session.js';
import { offerKeyboard, releaseKeyboard } from './keyboard-owner.js';
import { useMediaSocket } from './use-media-socket.js';
import { SAMPLE_RATE } from '../../../../../src/audio-core/constants.js';

export interface PlayerHandle {
  positionSeconds(): number;
  seek(seconds: number): void;
}

interface PlayerControllerOptions {
  trackId: string;
  isCustomMaster: boolean;
  /** The stream heard as "Mastered"; null when no style is chosen yet. */
  masteredSpec: StreamSpec | null;
  nearbyStyles: readonly StreamSpec[] | undefined;
  /** The owner's reference track to hear beside the others (null: none). */
  reference: string | null;
  onHandle: ((handle: PlayerHandle | null) => void) | undefined;
}

/**
 * The test build's hook on the page's player (testing/player-test-hook.ts). `import.meta.env.MODE`
 * is a constant at build time, so in a production build this branch, and the import, are removed.
 */
export function publishForTests(controller: PlayerController, first: boolean) {
  if (import.meta.env.MODE === 'e2e') void import('../testing/player-test-hook.js').then(({ publishPlayer }) => publishPlayer(controller, first));
}

const noSnapshot = () => null;
const noSubscribe = () => () => undefined;

/**
 * One controller per track, kept in step with the page: a style change swaps its mastered stream
 * and keeps playing, nearby styles are kept ready, and the buy dialog stops it.
 */
export function usePlayerController({ trackId, isCustomMaster, masteredSpec, nearbyStyles, reference, onHandle }: PlayerControllerOptions): {
  controller: PlayerController | null;
  snapshot: PlayerSnapshot | null;
} {
  const { socket } = useMediaSocket();
  const session = useOptionalMasteringSession();
  const checkoutOpen = useDialogState((state) => state.open.includes('CheckoutTrack'));
  const [controller, setController] = useState<PlayerController | null>(null);
  const masteredKey = masteredSpec ? streamKey(masteredSpec) : 'none';
  const currentSpec = useEffectEvent(() => masteredSpec);

  useEffect(() => {
    if (!socket) return;
    const created = new PlayerController(socket, {
      trackId,
      streams: { original: isCustomMaster ? null : { styleIndex: -1, styleId: null }, mastered: currentSpec() },
      initialVersion: isCustomMaster ? 'mastered' : 'original',
    });
    // The controller owns audio nodes and socket subscriptions, so it is made after mount and destroyed on cleanup.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setController(created);
    offerKeyboard(created);
    publishForTests(created, true);
    return () => {
      releaseKeyboard(created);
      created.destroy();
      setController(null);
    };
  }, [socket, trackId, isCustomMaster]);

  useEffect(() => {
    controller?.setMasteredStream(currentSpec());
  }, [controller, masteredKey]);

  const handOut = useEffectEvent((handle: PlayerHandle | null) => onHandle?.(handle));
  useEffect(() => {
    if (!controller) return;
    const sampleRateOf = () => {
      const meta = controller.getSnapshot().meta;
      return (meta.original ?? meta.mastered)?.sampleRate ?? SAMPLE_RATE;
    };
    handOut({ positionSeconds: () => controller.positionFrames() / sampleRateOf(), seek: (seconds) => controller.seek(Math.round(seconds * sampleRateOf())) });
    return () => handOut(null);
  }, [controller]);

  const nearbyKey = (nearbyStyles ?? []).map((spec) => `${spec.styleIndex}:${spec.styleId}`).join(',');
  const currentNearby = useEffectEvent(() => nearbyStyles ?? []);
  useEffect(() => {
    controller?.setNearbyStreams(currentNearby());
  }, [controller, nearbyKey]);

  const apiFetch = useApiFetch();
  useEffect(() => {
    controller?.setReference(reference, (id) => loadReferenceAudio(id, { fetch: apiFetch, accessToken: getAccessToken() }));
  }, [controller, reference, apiFetch]);

  const prepared = session?.preparation?.processed ?? false;
  useEffect(() => {
    if (prepared) controller?.onPrepared();
  }, [controller, prepared]);

  useEffect(() => {
    if (checkoutOpen) controller?.pause();
  }, [controller, checkoutOpen]);

  const snapshot = useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getSnapshot ?? noSnapshot, noSnapshot);
  return { controller, snapshot };
}

/** The playhead, re-read from the audio clock every 25 ms while playing. */
export function usePosition(controller: PlayerController | null, playing: boolean): (snapshot: PlayerSnapshot | null) => number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!controller || !playing) return;
    const timer = setInterval(() => setTick((tick) => (tick + 1) % 1_000_000), PROGRESS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [controller, playing]);
  return () => controller?.positionFrames() ?? 0;
}
