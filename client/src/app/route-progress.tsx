import { useIsFetching } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import classes from './route-progress.module.css';

/** The bar appears only for loads longer than the throttle and gives up at the time-out. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_TIMEOUT_MS = 5000;

type Phase = 'idle' | 'waiting' | 'running' | 'done';

/**
 * The top progress bar of a route load, driven by `busy` (a route chunk or the page's data still
 * loading) from the moment `routeKey` changes: hidden if the load ends within the throttle, shown
 * from then on, completed when the load ends, and stopped at the time-out even if it has not.
 */
export function RouteProgressBar({ routeKey, busy }: { routeKey: string; busy: boolean }) {
  const { t } = useLingui();
  const [phase, setPhase] = useState<Phase>('waiting');
  const [shownKey, setShownKey] = useState(routeKey);
  const busyRef = useRef(busy);
  useEffect(() => {
    busyRef.current = busy;
  }, [busy]);

  // State adjusted while rendering (React's pattern for "changed since the last render"):
  // a new route starts waiting; a running load that ended completes.
  if (routeKey !== shownKey) {
    setShownKey(routeKey);
    setPhase('waiting');
  }
  if (!busy && phase === 'running') setPhase('done');

  useEffect(() => {
    const throttle = setTimeout(() => setPhase((current) => (current === 'waiting' ? (busyRef.current ? 'running' : 'idle') : current)), PROGRESS_THROTTLE_MS);
    const timeout = setTimeout(() => setPhase((current) => (current === 'running' ? 'done' : current === 'waiting' ? 'idle' : current)), PROGRESS_TIMEOUT_MS);
    return () => {
      clearTimeout(throttle);
      clearTimeout(timeout);
    };
  }, [routeKey]);

  useEffect(() => {
    if (phase !== 'done') return;
    // Long enough for the bar to reach the end and fade (route-progress.module.css).
    const hide = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(hide);
  }, [phase]);

  if (phase === 'idle' || phase === 'waiting') return null;
  return (
    <div
      className={classes.bar}
      data-phase={phase}
      data-testid="route-progress"
      role="progressbar"
      aria-label={t`Loading page`}
      aria-busy={phase === 'running'}
    />
  );
}

/** The bar for the app: a route counts as loading while its chunk or any of its queries loads. */
export function RouteProgress() {
  const location = useLocation();
  const navigation = useNavigation();
  const fetching = useIsFetching();
  return <RouteProgressBar routeKey={location.key} busy={navigation.state !== 'idle' || fetching > 0} />;
}
