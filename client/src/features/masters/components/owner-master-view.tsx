import { Alert, Box, Button, Grid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TMaster } from '../../../../../src/modules/masters/masters.schemas.js';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { ErrorState } from '../../../components/error-state.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { openFilePicker } from '../../../lib/file-picker.js';
import { trpc } from '../../../lib/trpc.js';
import { useTrackTalk } from '../../comments/index.js';
import { AnalyzingOverlay, MasterPlayer, useMasteringSession } from '../../player/index.js';
import { useStyleChoice } from '../hooks/use-style-choice.js';
import { reportFiguresOf } from '../lib/report-figures.js';
import { MasterDetailPanel } from './master-detail-panel.js';
import { EditIcon } from './master-icons.js';
import { PanelsSkeleton } from './master-page-skeleton.js';
import { IntensityControl } from './intensity-control.js';
import { AmountsControl } from './amounts-control.js';
import { ReferenceControl } from './reference-control.js';
import { CodecCheck } from './codec-check.js';
import { amountsOfMaster, amountsSummary } from '../lib/amounts.js';
import { INTENSITY_NAMES } from '../lib/intensity-names.js';
import { NewMasterPanel } from './new-master-panel.js';
import { ReportCard } from './report-card.js';
import { StyleChooser } from './style-chooser.js';
import { TrackFeedback } from './track-feedback.js';
import { TrackHeading } from './track-heading.js';

/** The owner's master page: player, style chooser or detail panel, buying options, report card. */
export function OwnerMasterView({ master }: { master: TMaster }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const session = useMasteringSession();
  const trackId = master.track.id;
  const talk = useTrackTalk(trackId);
  const styles = useStyleChoice(master);
  const { catalogue, trackMasters, selectedStyleId, selected, selectedMaster, intensity, amounts, referenceId, referenceName } = styles;
  const isCustom = master.track.isCustomMaster;
  const bouncing = session.bouncing !== null && !session.bouncing.processed;

  const select = (styleId: number) => {
    styles.choose(styleId);
    session.prepare();
  };

  // The owner's track is prepared as soon as the page opens, not when a style is clicked.
  // An effect event: a new socket renews `prepare`, and the session itself re-sends what was asked.
  const prepareQuietly = useEffectEvent(() => session.prepare({ quiet: true }));
  useEffect(() => {
    if (!isCustom) prepareQuietly();
  }, [trackId, isCustom]);

  const ensureMaster = async () => {
    if (selectedStyleId === null) throw new Error('mastering.noStyle');
    const existing = styles.masterOf(selectedStyleId);
    if (existing) return existing.id;
    const { masterId } = await session.bounce(selectedStyleId, intensity, amounts, referenceId);
    await utils.masters.invalidate();
    return masterId;
  };

  const reupload = () => {
    if (!openFilePicker()) void navigate('/');
  };

  if (catalogue.isError || trackMasters.isError) {
    return (
      <ErrorState
        error={catalogue.error ?? trackMasters.error}
        onRetry={() => {
          void catalogue.refetch();
          void trackMasters.refetch();
        }}
      />
    );
  }

  const shareable = selectedMaster && isMastered(selectedMaster.status, selectedMaster.style?.id ?? null) ? selectedMaster : isMastered(master.status, master.style?.id ?? null) ? master : null;

  return (
    <Stack gap="lg">
      <AnalyzingOverlay />
      <TrackHeading
        name={master.track.name}
        artist={master.track.artist}
        actions={
          <>
            <Button variant="default" leftSection={<EditIcon />} onClick={() => dialogs.open('EditTrack', { trackId })}>
              <Trans>Edit details</Trans>
            </Button>
            {shareable && (
              <Button variant="light" onClick={() => dialogs.open('ShareTrack', { masterId: shareable.id })}>
                <Trans>Share</Trans>
              </Button>
            )}
          </>
        }
      />

      <Box data-testid="player-slot">
        <MasterPlayer
          trackId={trackId}
          title={master.track.name}
          styleId={isCustom ? null : selectedStyleId}
          styleIndex={isCustom ? null : (selected?.styleIndex ?? null)}
          intensity={intensity}
          amounts={amounts}
          referenceId={selectedMaster?.referenceId ?? null}
          reference={isCustom ? null : referenceId}
          isCustomMaster={isCustom}
          nearbyStyles={isCustom ? undefined : styles.nearbyStyles}
          {...talk.playerProps}
        />
      </Box>

      {catalogue.isPending || trackMasters.isPending ? (
        <PanelsSkeleton />
      ) : (
        <Grid gap="lg">
          {!isCustom && (
            <Grid.Col span={{ base: 12, md: 6 }}>
              {styles.groups.length === 0 ? (
                <Alert color="yellow">
                  <Trans>No style is available right now. Please come back later.</Trans>
                </Alert>
              ) : (
                <Stack gap="sm">
                  <IntensityControl value={intensity} onChange={styles.chooseIntensity} />
                  <AmountsControl value={amounts} onChange={styles.chooseAmounts} />
                  <ReferenceControl value={referenceId} onChange={styles.chooseReference} />
                  <StyleChooser groups={styles.groups} selectedStyleId={selectedStyleId} masteredStyleIds={styles.masteredStyleIds} onSelect={select} />
                </Stack>
              )}
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: isCustom ? 12 : 6 }}>
            {selectedMaster || isCustom ? (
              <MasterDetailPanel
                trackId={trackId}
                isCustom={isCustom}
                master={selectedMaster}
                styleId={selectedStyleId}
                buyingDisabled={bouncing}
                ensureMaster={ensureMaster}
                onReupload={reupload}
              />
            ) : (
              <NewMasterPanel
                trackId={trackId}
                styleId={selectedStyleId}
                styleLabel={
                  selected
                    ? [`${selected.group.name} - ${selected.name}`, i18n._(INTENSITY_NAMES[intensity]), amountsSummary(i18n, amounts), referenceName ? t`toward ${referenceName}` : '']
                        .filter(Boolean)
                        .join(' · ')
                    : null
                }
                newMasterAllowed={styles.newMasterAllowed}
                buyingDisabled={bouncing}
                ensureMaster={ensureMaster}
              />
            )}
          </Grid.Col>
        </Grid>
      )}

      <ReportCard figures={reportFiguresOf(selectedMaster?.measurements ?? (isCustom ? master.measurements : null))} intensity={selectedMaster?.measurements ? selectedMaster.intensity : undefined}
        amounts={selectedMaster?.measurements ? amountsOfMaster(selectedMaster) : undefined}
      >
        {selectedMaster?.measurements && isMastered(selectedMaster.status, selectedMaster.style?.id ?? null) && (
          <CodecCheck key={selectedMaster.id} masterId={selectedMaster.id} measurements={selectedMaster.measurements} canStart />
        )}
      </ReportCard>
      {selectedMaster?.measurements && (
        <Text size="xs" c="dimmed" ta="center">
          {t`Figures are measured on the stored master file.`}
        </Text>
      )}
      <TrackFeedback talk={talk} />
    </Stack>
  );
}
