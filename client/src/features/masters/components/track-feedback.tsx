import { Grid } from '@mantine/core';
import { CommentsSection, RatingPanel, type TrackTalk } from '../../comments/index.js';

/** Comments (with their pins on the player's waveform) and ratings, for owner and shared viewers alike. */
export function TrackFeedback({ talk }: { talk: TrackTalk }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <CommentsSection {...talk.sectionProps} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <RatingPanel trackId={talk.sectionProps.trackId} />
      </Grid.Col>
    </Grid>
  );
}
