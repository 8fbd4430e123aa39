import { Badge, Kbd, SegmentedControl, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MasteredState, Version } from '../audio/player-controller.js';
import classes from './master-player.module.css';

interface VersionSwitchProps {
  version: Version;
  isCustomMaster: boolean;
  /** False while no style is chosen: there is no mastered version to switch to. */
  hasMastered: boolean;
  masteredState: MasteredState | undefined;
  canToggle: boolean;
  onToggle: (to: Version) => void;
}

/** The Original/Mastered switch with a hint on how to use it, or why the mastered version is not there yet. */
export function VersionSwitch({ version, isCustomMaster, hasMastered, masteredState, canToggle, onToggle }: VersionSwitchProps) {
  const { t } = useLingui();
  if (isCustomMaster) {
    return (
      <Badge size="lg" variant="light" color="mastered">
        <Trans>Custom master: always played as mastered</Trans>
      </Badge>
    );
  }
  return (
    <Stack gap={4}>
      <SegmentedControl
        fullWidth
        size="lg"
        radius="md"
        value={version}
        onChange={(value) => onToggle(value as Version)}
        // Shade 7 of the grey in both schemes: white on it keeps 4.5:1 (shade 5 gave 3.6:1).
        color={version === 'mastered' ? 'mastered' : 'original.7'}
        aria-label={t`Original or mastered`}
        data={[
          { value: 'original', label: t`Original` },
          { value: 'mastered', label: t`Mastered`, disabled: !canToggle },
        ]}
      />
      <Text size="xs" c="dimmed">
        {!hasMastered ? (
          <Trans>Choose a style to hear its master.</Trans>
        ) : masteredState === 'waiting' ? (
          <Trans>The mastered version can be heard once the analysis has finished.</Trans>
        ) : masteredState === 'unavailable' ? (
          <Trans>The mastered version of this style is not available to you yet.</Trans>
        ) : (
          <>
            <span className={classes.keyHints}>
              <Trans>
                Press <Kbd size="xs">A</Kbd> to switch, <Kbd size="xs">Space</Kbd> to play or pause, arrows to move. Drag on the waveform to loop a passage.
              </Trans>
            </span>
            <span className={classes.touchHints}>
              <Trans>Tap Original or Mastered to switch. Drag on the waveform to loop a passage.</Trans>
            </span>
          </>
        )}
      </Text>
    </Stack>
  );
}
