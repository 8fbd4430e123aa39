import { Button, Group, Paper, Rating, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MAX_RATING_COMMENT_LENGTH, type TRating } from '../../../../../src/modules/feedback/feedback.schemas.js';
import { ErrorState } from '../../../components/error-state.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { authorName, pollWhileThere } from '../use-track-talk.js';
import { AverageStars, STAR_SIZE } from './stars.js';
import classes from './comments-section.module.css';
import { ErrorAlert } from '../../../components/error-alert.js';

/**
 * Ratings of a track: the average, the caller's own stars with an optional comment
 * (one per user and track, editable and removable), and what others said with theirs.
 */
export function RatingPanel({ trackId }: { trackId: string }) {
  const ratings = trpc.feedback.trackRatings.useQuery({ trackId }, pollWhileThere);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="ratings-title" data-testid="ratings">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="lg" id="ratings-title">
            <Trans>Rating</Trans>
          </Title>
          {ratings.data && <AverageStars average={ratings.data.average} count={ratings.data.count} />}
        </Group>
        {ratings.isPending ? (
          <Skeleton h={80} radius="sm" />
        ) : ratings.isError ? (
          <ErrorState error={ratings.error} onRetry={() => void ratings.refetch()} />
        ) : (
          <>
            <OwnRating key={ratings.data.mine?.id ?? 'new'} trackId={trackId} mine={ratings.data.mine} />
            {ratings.data.ratings
              .filter((rating) => rating.id !== ratings.data.mine?.id && rating.comment !== '')
              .map((rating) => (
                <div key={rating.id} className={classes.item}>
                  <Group gap="xs" wrap="wrap">
                    <Rating value={rating.rating} readOnly size="xs" aria-label={`${rating.rating} / 5`} />
                    <Text size="sm" fw={600} className={classes.author}>
                      {authorName(rating.user)}
                    </Text>
                  </Group>
                  <Text size="sm" mt={4} className={classes.text}>
                    {rating.comment}
                  </Text>
                </div>
              ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function OwnRating({ trackId, mine }: { trackId: string; mine: TRating | null }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const create = trpc.feedback.createRating.useMutation();
  const update = trpc.feedback.updateRating.useMutation();
  const remove = trpc.feedback.removeRating.useMutation();
  const [stars, setStars] = useState(mine?.rating ?? 0);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const busy = create.isPending || update.isPending || remove.isPending;
  const changed = stars !== (mine?.rating ?? 0) || comment.trim() !== (mine?.comment ?? '');

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    setSaved(false);
    try {
      await action();
      await utils.feedback.trackRatings.invalidate({ trackId });
      await utils.feedback.ratingSummaries.invalidate();
      setSaved(true);
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" align="center" wrap="wrap">
        <Text size="sm" fw={600} id="own-rating-label">
          {mine ? <Trans>Your rating</Trans> : <Trans>Rate this track</Trans>}
        </Text>
        <Rating
          value={stars}
          onChange={setStars}
          size={STAR_SIZE}
          getSymbolLabel={(value) => t`${value} of 5 stars`}
          aria-labelledby="own-rating-label"
          data-testid="own-rating"
        />
      </Group>
      <Textarea
        label={t`Comment on your rating (optional)`}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={MAX_RATING_COMMENT_LENGTH}
      />
      <Group justify="flex-end" gap="xs">
        {mine && (
          <Button variant="subtle" color="red" disabled={busy} onClick={() => void run(() => remove.mutateAsync({ id: mine.id }))}>
            <Trans>Remove my rating</Trans>
          </Button>
        )}
        <Button
          disabled={stars < 1 || !changed}
          loading={create.isPending || update.isPending}
          onClick={() =>
            void run(() => (mine ? update.mutateAsync({ id: mine.id, rating: stars, comment }) : create.mutateAsync({ trackId, rating: stars, comment })))
          }
        >
          {mine ? <Trans>Save rating</Trans> : <Trans>Rate</Trans>}
        </Button>
      </Group>
      {saved && !changed && (
        <Text size="sm" c="dimmed" role="status">
          <Trans>Thank you, your rating is saved.</Trans>
        </Text>
      )}
      <ErrorAlert code={error} variant="light" />
    </Stack>
  );
}
