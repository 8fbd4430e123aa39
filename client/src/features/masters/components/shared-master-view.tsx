import { Button, Paper, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { HonestEmpty } from '../../../components/honest-empty.js';
import type { TSharedMaster } from '../../../../../src/modules/sharing/sharing.schemas.js';
import { useTrackTalk } from '../../comments/index.js';
import { AnalyzingOverlay, MasterPlayer } from '../../player/index.js';
import { reportFiguresOf } from '../lib/report-figures.js';
import { amountsOfMaster } from '../lib/amounts.js';
import { CodecCheck } from './codec-check.js';
import { ReportCard } from './report-card.js';
import { TrackFeedback } from './track-feedback.js';
import { TrackHeading } from './track-heading.js';

/** A shared viewer's master page: view-only: listen, see the figures; no buying, sharing or deleting. */
export function SharedMasterView({ master }: { master: TSharedMaster }) {
  const talk = useTrackTalk(master.track.id);
  if (talk.gone) return <MasterGone />;
  return (
    <Stack gap="lg">
      <AnalyzingOverlay />
      <TrackHeading name={master.track_name} artist={master.track_artist} />
      <MasterPlayer
        trackId={master.track.id}
        title={master.track_name}
        styleId={master.custom_master ? null : (master.style?.id ?? null)}
        styleIndex={master.custom_master ? null : (master.style?.styleIndex ?? null)}
        intensity={master.intensity}
        amounts={amountsOfMaster(master)}
        referenceId={master.referenceId}
        isCustomMaster={master.custom_master}
        {...talk.playerProps}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          {master.style && (
            <Text c="mastered.3" fw={600}>
              {master.style.styleGroup.name} - {master.style.name}
            </Text>
          )}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Trans>Shared with you by {master.user.email}</Trans>
          </Text>
        </Stack>
      </Paper>
      <ReportCard figures={reportFiguresOf(master.measurements)} amounts={amountsOfMaster(master)}>
        {master.measurements && <CodecCheck masterId={master.id} measurements={master.measurements} canStart={false} />}
      </ReportCard>
      <TrackFeedback talk={talk} />
    </Stack>
  );
}

/** The page of a master that went while it was open: its owner deleted it or stopped sharing it. */
export function MasterGone() {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="master-gone">
      <HonestEmpty
        title={<Trans>This master is no longer available</Trans>}
        description={<Trans>Its owner deleted it or stopped sharing it with you.</Trans>}
        actions={
          <Button component={Link} to="/masters/shared" variant="default">
            <Trans>Shared with me</Trans>
          </Button>
        }
      />
    </Paper>
  );
}
