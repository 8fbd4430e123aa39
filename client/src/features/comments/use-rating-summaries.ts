import { useMemo } from 'react';
import type { TRatingSummary } from '../../../../src/modules/feedback/feedback.schemas.js';
import { trpc } from '../../lib/trpc.js';

/** The average rating of each listed track, by track id (tracks nobody rated are absent or count 0). */
export function useRatingSummaries(trackIds: readonly string[]): ReadonlyMap<string, TRatingSummary> {
  const unique = useMemo(() => [...new Set(trackIds)].sort(), [trackIds]);
  const summaries = trpc.feedback.ratingSummaries.useQuery({ trackIds: unique }, { enabled: unique.length > 0, placeholderData: (previous) => previous });
  return useMemo(() => new Map((summaries.data ?? []).map((summary) => [summary.trackId, summary])), [summaries.data]);
}
