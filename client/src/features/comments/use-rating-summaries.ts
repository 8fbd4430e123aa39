import { useMemo } from 'react';
import { MAX_RATING_SUMMARY_TRACKS, type TRatingSummary } from '../../../../src/modules/feedback/feedback.schemas.js';
import { trpc } from '../../lib/trpc.js';

/** The average rating of each listed track, by track id (tracks nobody rated are absent or count 0). */
export function useRatingSummaries(trackIds: readonly string[]): ReadonlyMap<string, TRatingSummary> {
  // The server answers a bounded list per call: a long master list asks in chunks.
  const chunks = useMemo(() => {
    const unique = [...new Set(trackIds)].sort();
    return Array.from({ length: Math.ceil(unique.length / MAX_RATING_SUMMARY_TRACKS) }, (_, i) => unique.slice(i * MAX_RATING_SUMMARY_TRACKS, (i + 1) * MAX_RATING_SUMMARY_TRACKS));
  }, [trackIds]);
  const summaries = trpc.useQueries((t) => chunks.map((chunk) => t.feedback.ratingSummaries({ trackIds: chunk }, { placeholderData: (previous) => previous })));
  return new Map(summaries.flatMap((summary) => summary.data ?? []).map((summary) => [summary.trackId, summary]));
}
