import { Badge, Kbd, SegmentedControl, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MasteredState, ReferenceState, Version } from '../audio/player-controller.js';
import classes from './master-player.module.css';
import { VERSION_NAMES } from './version-names.js';

interface VersionSwitchProps {
  version: Version;
  isCustomMaster: boolean;
  /** False while no style is chosen: there is no mastered version to switch to. */
  hasMastered: boolean;
  masteredState: MasteredState | undefined;
  canToggle: boolean;
  /** The owner's chosen reference track, the third version ('none': no third version). */
  referenceState: ReferenceState;
  onToggle: (to: Version) => void;
}

/** The Original/Mastered switch with a hint on how to use it, or why the mastered version is not there yet. */
export function VersionSwitch({ version, isCustomMaster, hasMastered, masteredState, canToggle, referenceState, onToggle }: VersionSwitchProps) {
  const { t, i18n } = useLingui();
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
        // Three versions fit a phone's width one size smaller.
        size={referenceState === 'none' ? 'lg' : 'md'}
        radius="md"
        value={version}
        onChange={(value) => onToggle(value as Version)}
        // Shade 7 of the grey in both schemes: white on it keeps 4.5:1 (shade 5 gave 3.6:1).
        color={version === 'mastered' ? 'mastered' : version === 'reference' ? 'gray.7' : 'original.7'}
        aria-label={referenceState === 'none' ? t`Original or mastered` : t`Original, mastered or reference`}
        data={[
          { value: 'original', label: i18n._(VERSION_NAMES.original) },
          { value: 'mastered', label: i18n._(VERSION_NAMES.mastered), disabled: !canToggle },
          // The reference is fetched when first chosen (the player waits for it meanwhile), so it is never greyed out.
          ...(referenceState === 'none' ? [] : [{ value: 'reference', label: i18n._(VERSION_NAMES.reference) }]),
        ]}
      />
      <Text size="xs" c="dimmed">
        {referenceState === 'loading' ? (
          <Trans>The reference is being loaded.</Trans>
        ) : referenceState === 'failed' ? (
          <Trans>The reference could not be loaded.</Trans>
        ) : version === 'reference' ? (
          <Trans>The reference plays at the loudness of the master, so you compare the sound, not the level.</Trans>
        ) : !hasMastered ? (
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
