import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  ZBounceState,
  ZErrorMessagePayload,
  ZPrepareMasteringState,
  type TBounceProgress,
  type TPreparationState,
} from '../../../../src/modules/streaming/streaming.schemas.js';
import { amountsKeyOf, DEFAULT_AMOUNTS, fullAmounts, isDefaultAmounts, type Amounts, type Intensity } from '../../../../src/modules/masters/masters.constants.js';
import { useAppStoreApi } from '../../lib/app-store.js';
import { useMediaSocket } from './hooks/use-media-socket.js';

/**
 * CONTRACT between the master page (features/masters), the player (features/player) and the
 * buy buttons (features/checkout): one mastering session per track page, over the media socket.
 * The player stream owns the implementation; the others only use this interface.
 */
export type MasteringProgress = TPreparationState;
export type BounceProgress = TBounceProgress;

export type SocketConnection = 'connecting' | 'connected' | 'disconnected' | 'expired';

export interface MasteringSession {
  trackId: string;
  connection: SocketConnection;
  /** null until preparation was requested for this track. */
  preparation: MasteringProgress | null;
  /** null unless a style is being bounced. */
  bouncing: BounceProgress | null;
  /**
   * Starts (or joins) the track's preparation: every enabled style becomes audible. `quiet`: the
   * overlay waits for the server's first answer (a prepared track answers "processed" at once, so
   * opening its page shows no overlay at all).
   */
  prepare(options?: { quiet?: boolean }): void;
  /**
   * Makes the style's master at the intensity and amounts (end-mastering), toward the reference track
   * when one is named, and resolves with its id when stored.
   */
  bounce(styleId: number, intensity?: Intensity, amounts?: Amounts, referenceId?: string | null): Promise<{ masterId: string }>;
}

/** The end-mastering payload of a bounce; amounts go out only when not 100 % each, as before amounts; a reference only when chosen. */
const endMasteringOf = (trackId: string, { styleId, intensity, amounts, referenceId }: Pick<PendingBounce, 'styleId' | 'intensity' | 'amounts' | 'referenceId'>) => ({
  trackId,
  styleId,
  intensity,
  ...(isDefaultAmounts(amounts) ? {} : { amounts }),
  ...(referenceId ? { referenceId } : {}),
});

/** Error codes that end the page's mastering with a global error. */
export const TIMEOUT_CODE = 'binary.creation.timeout';

const Context = createContext<MasteringSession | null>(null);

interface PendingBounce {
  styleId: number;
  intensity: Intensity;
  amounts: Amounts;
  referenceId: string | null;
  resolve: (value: { masterId: string }) => void;
  reject: (error: Error) => void;
}

/**
 * The session: prepare() sends request-mastering and follows prepare-mastering
 * (preparing -> dynamics with iterations -> eq -> done; fixing while a stored master is rebuilt);
 * bounce() sends end-mastering and resolves with the masterId of the final bounce-progress.
 * Errors become the translated global error; binary.creation.timeout also goes to
 * /masters. After a reconnect, running work is asked for again (the sidecar joins running jobs).
 */
export function MasteringSessionProvider({ trackId, children }: { trackId: string; children: ReactNode }) {
  const { socket, connection } = useMediaSocket();
  const appStore = useAppStoreApi();
  const navigate = useNavigate();
  const [preparation, setPreparation] = useState<MasteringProgress | null>(null);
  const [bouncing, setBouncing] = useState<BounceProgress | null>(null);
  const pending = useRef<PendingBounce[]>([]);
  const wantsPreparation = useRef(false);

  // A new track starts a new session: nothing of the previous one carries over.
  const [sessionTrackId, setSessionTrackId] = useState(trackId);
  if (sessionTrackId !== trackId) {
    setSessionTrackId(trackId);
    setPreparation(null);
    setBouncing(null);
  }
  // Reset in the cleanup: a child asks for preparation in its own mount effect, which runs before this one.
  useEffect(
    () => () => {
      wantsPreparation.current = false;
      for (const bounce of pending.current) bounce.reject(new Error('mastering.canceled'));
      pending.current = [];
    },
    [trackId],
  );

  useEffect(() => {
    if (!socket) return;
    const fail = (code: string) => {
      appStore.showError(code);
      if (code === TIMEOUT_CODE) void navigate('/masters');
    };
    const offPrepare = socket.on('prepare-mastering', ({ payload }) => {
      const state = ZPrepareMasteringState.safeParse(payload);
      if (!state.success || state.data.trackId !== trackId) return;
      const { processed, fixing, stage, iteration, progressInPercent, queuePosition } = state.data;
      setPreparation({ processed, fixing, stage, iteration, progressInPercent, ...(queuePosition ? { queuePosition } : {}) });
    });
    const offBounce = socket.on('bounce-progress', ({ payload }) => {
      const state = ZBounceState.safeParse(payload);
      if (!state.success || state.data.trackId !== trackId) return;
      const { processed, progressInPercent, masterId, styleId, intensity, amounts, referenceId, queuePosition } = state.data;
      const isThis = (bounce: PendingBounce) =>
        bounce.styleId === styleId && bounce.intensity === intensity && amountsKeyOf(bounce.amounts) === amountsKeyOf(fullAmounts(amounts)) && bounce.referenceId === (referenceId ?? null);
      if (!processed) {
        setBouncing({ processed, progressInPercent, ...(queuePosition ? { queuePosition } : {}) });
        return;
      }
      const done = pending.current.filter(isThis);
      pending.current = pending.current.filter((bounce) => !isThis(bounce));
      for (const bounce of done) {
        if (masterId) bounce.resolve({ masterId });
        else bounce.reject(new Error('global.error.server'));
      }
      setBouncing(pending.current.length > 0 ? { processed: false, progressInPercent: 0 } : null);
      // A bounce prepares the track first: its figures and every style's chunks are there now.
      if (masterId) setPreparation((current) => (current?.processed ? current : { processed: true, fixing: false, stage: 'done', iteration: 0, progressInPercent: 100 }));
    });
    const offError = socket.on('error-message', ({ payload }) => {
      const error = ZErrorMessagePayload.safeParse(payload);
      if (!error.success) return;
      const { code, event } = error.data;
      if (event === 'request-mastering') {
        wantsPreparation.current = false;
        setPreparation(null);
        fail(code);
      } else if (event === 'end-mastering') {
        const failed = pending.current;
        pending.current = [];
        setBouncing(null);
        for (const bounce of failed) bounce.reject(new Error(code));
        fail(code);
      }
    });
    const offOpen = socket.onOpen((reconnected) => {
      if (!reconnected) return;
      // The sidecar forgot this client: ask again for what still runs; it joins the running jobs.
      if (wantsPreparation.current) socket.send('request-mastering', { trackId });
      for (const bounce of pending.current) socket.send('end-mastering', endMasteringOf(trackId, bounce));
    });
    return () => {
      offPrepare();
      offBounce();
      offError();
      offOpen();
    };
  }, [socket, trackId, appStore, navigate]);

  const prepare = useCallback(
    (options?: { quiet?: boolean }) => {
      wantsPreparation.current = true;
      if (!options?.quiet) setPreparation((current) => (current?.processed ? current : { processed: false, fixing: false, stage: 'preparing', iteration: 0, progressInPercent: 0 }));
      socket?.send('request-mastering', { trackId });
    },
    [socket, trackId],
  );

  // prepare() called before the socket existed is sent as soon as it does.
  useEffect(() => {
    if (socket && wantsPreparation.current) socket.send('request-mastering', { trackId });
  }, [socket, trackId]);

  const bounce = useCallback(
    (styleId: number, intensity: Intensity = 'medium', amounts: Amounts = DEFAULT_AMOUNTS, referenceId: string | null = null) =>
      new Promise<{ masterId: string }>((resolve, reject) => {
        if (!socket) {
          reject(new Error('global.error.network'));
          return;
        }
        const bounce = { styleId, intensity, amounts, referenceId, resolve, reject };
        pending.current = [...pending.current, bounce];
        setBouncing({ processed: false, progressInPercent: 0 });
        socket.send('end-mastering', endMasteringOf(trackId, bounce));
      }),
    [socket, trackId],
  );

  const session = useMemo<MasteringSession>(
    () => ({ trackId, connection, preparation, bouncing, prepare, bounce }),
    [trackId, connection, preparation, bouncing, prepare, bounce],
  );
  return <Context.Provider value={session}>{children}</Context.Provider>;
}

export function useMasteringSession(): MasteringSession {
  const session = useContext(Context);
  if (!session) throw new Error('useMasteringSession needs a MasteringSessionProvider');
  return session;
}

/** The session when the player is inside one (the master page); null elsewhere (a shared list). */
export function useOptionalMasteringSession(): MasteringSession | null {
  return useContext(Context);
}
