import { useMemo, useState } from 'react';
import { errorCodeOf } from '../../lib/error-messages.js';
import { trpc } from '../../lib/trpc.js';

/** How often the page asks for comments others wrote meanwhile (no reload needed). */
export const COMMENT_POLL_MS = 10_000;

const isGone = (error: unknown) => error != null && errorCodeOf(error) === 'global.error.notFound';

/**
 * Polling that stops once the track is gone (its owner deleted it or stopped sharing it): asking
 * again every 10 s would only fetch the same "not found".
 */
export const pollWhileThere = {
  refetchInterval: (query: { state: { error: unknown } }) => (isGone(query.state.error) ? false : COMMENT_POLL_MS),
  refetchIntervalInBackground: false,
  retry: (failures: number, error: unknown) => !isGone(error) && failures < 2,
} as const;

/** What the comments need of the player: where the playhead is, and a way to move it. */
export interface PlayheadHandle {
  positionSeconds(): number;
  seek(seconds: number): void;
}

/**
 * The wiring between a master page's player and its comments: the comments (polled), the pins
 * they make on the waveform, the player's handle, and which comment a pin pointed at last.
 */
export function useTrackTalk(trackId: string) {
  const comments = trpc.feedback.trackComments.useQuery({ trackId }, pollWhileThere);
  const [player, setPlayer] = useState<PlayheadHandle | null>(null);
  const [focus, setFocus] = useState<{ id: string; at: number } | null>(null);
  const markers = useMemo(
    () =>
      (comments.data ?? []).flatMap((comment) =>
        comment.timestamp === null ? [] : [{ id: comment.id, seconds: comment.timestamp, label: `${comment.user.email}: ${comment.text.slice(0, 80)}` }],
      ),
    [comments.data],
  );
  return {
    /** The track can no longer be read: deleted, or no longer shared with the caller. */
    gone: isGone(comments.error),
    playerProps: {
      markers,
      onMarker: (id: string) => setFocus({ id, at: Date.now() }),
      onHandle: setPlayer,
    },
    sectionProps: { trackId, comments, player, focus },
  };
}
export type TrackTalk = ReturnType<typeof useTrackTalk>;
