import { useMemo, useState } from 'react';
import { COMMENT_PAGE_SIZE, type TComment } from '../../../../src/modules/feedback/feedback.schemas.js';
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

/** How an author is named: the name, else their own address, else a dash (sharees see no one's address). */
export const authorName = (user: TComment['user']): string => user.name ?? user.email ?? '–';

/**
 * The wiring between a master page's player and its comments: the comments (polled), the pins
 * they make on the waveform, the player's handle, and which comment a pin pointed at last.
 */
export function useTrackTalk(trackId: string) {
  // Pages of COMMENT_PAGE_SIZE, newest first; a full page may have older ones behind it.
  const comments = trpc.feedback.trackComments.useInfiniteQuery(
    { trackId, limit: COMMENT_PAGE_SIZE },
    {
      getNextPageParam: (page: TComment[]) => (page.length === COMMENT_PAGE_SIZE ? page[page.length - 1]!.id : undefined),
      ...pollWhileThere,
    },
  );
  const list = useMemo(() => comments.data?.pages.flat() ?? [], [comments.data]);
  const [player, setPlayer] = useState<PlayheadHandle | null>(null);
  const [focus, setFocus] = useState<{ id: string; at: number } | null>(null);
  const markers = useMemo(
    () =>
      list.flatMap((comment) =>
        comment.timestamp === null ? [] : [{ id: comment.id, seconds: comment.timestamp, label: `${authorName(comment.user)}: ${comment.text.slice(0, 80)}` }],
      ),
    [list],
  );
  return {
    /** The track can no longer be read: deleted, or no longer shared with the caller. */
    gone: isGone(comments.error),
    playerProps: {
      markers,
      onMarker: (id: string) => setFocus({ id, at: Date.now() }),
      onHandle: setPlayer,
    },
    sectionProps: { trackId, comments, list, player, focus },
  };
}
export type TrackTalk = ReturnType<typeof useTrackTalk>;
