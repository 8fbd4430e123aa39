import { Alert, Button, Paper, Skeleton, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessageOf } from '../../../lib/error-messages.js';
import type { PlayerSnapshot, StreamSpec, Version } from '../audio/player-controller.js';
import { claimKeyboard } from '../hooks/keyboard-owner.js';
import { publishForTests, usePlayerController, usePosition, type PlayerHandle } from '../hooks/use-player-controller.js';
import { usePlayerKeys } from '../hooks/use-player-keys.js';
import { LoudnessPanel } from './loudness-panel.js';
import { PlayerHeader } from './player-header.js';
import { VersionSwitch } from './version-switch.js';
import { VERSION_NAMES } from './version-names.js';
import { VolumeControl } from './volume-control.js';
import { WaveformCanvas } from './waveform-canvas.js';
import { WaveformPins } from './waveform-pins.js';
import classes from './master-player.module.css';
import { SAMPLE_RATE } from '../../../../../src/audio-core/constants.js';
import { DEFAULT_AMOUNTS, type Amounts, type Intensity } from '../../../../../src/modules/masters/masters.constants.js';
import { streamIndexOf } from '../../../../../src/modules/streaming/stream-frame.js';

export type { PlayerHandle } from '../hooks/use-player-controller.js';

/**
 * CONTRACT: the A/B waveform player of the master page. The player stream owns the
 * implementation; the master page renders it with these props.
 */
export interface MasterPlayerProps {
  trackId: string;
  title: string;
  /** The style heard as "Mastered"; null when no style is chosen yet (original only). */
  styleId: number | null;
  styleIndex: number | null;
  /** The intensity the style is heard at (Medium when absent): a stream of its own, switched like a style. */
  intensity?: Intensity;
  /** The tone, width and dynamics amounts it is heard at (100 % each when absent): a stream of their own too. */
  amounts?: Amounts;
  /** The style's stored master made toward this reference track is heard (null or absent: the master toward none). */
  referenceId?: string | null;
  /** The owner's reference track, heard as a third version at the master's loudness (null or absent: none). */
  reference?: string | null;
  /** A custom master always plays as mastered. */
  isCustomMaster: boolean;
  /** The styles next to the chosen one in the chooser, nearest first: kept ready for a seamless switch. */
  nearbyStyles?: readonly StreamSpec[];
  /** Pins under the waveform (comments at a position); a pin seeks there and is reported by id. */
  markers?: readonly PlayerMarker[];
  onMarker?: (id: string) => void;
  /** Hands out a small handle on the playhead (null when the player goes away), e.g. to comment at it. */
  onHandle?: (handle: PlayerHandle | null) => void;
}

export interface PlayerMarker {
  id: string;
  seconds: number;
  label: string;
}

/** The waveform of the version heard: the master's and the reference's once they are here, else the original's. */
function peaksOf(version: Version, snapshot: PlayerSnapshot | null, original: readonly number[]): readonly number[] {
  if (version === 'mastered' && snapshot?.meta.mastered?.waveformData.length) return snapshot.meta.mastered.waveformData;
  if (version === 'reference' && snapshot?.referencePeaks) return snapshot.referencePeaks;
  return original;
}

export function MasterPlayer({ trackId, title, styleId, styleIndex, intensity = 'medium', amounts = DEFAULT_AMOUNTS, referenceId = null, reference = null, isCustomMaster, nearbyStyles, markers, onMarker, onHandle }: MasterPlayerProps) {
  const { t, i18n } = useLingui();
  const masteredSpec =
    styleIndex !== null
      ? { styleIndex: streamIndexOf(styleIndex, intensity, amounts, referenceId !== null), styleId, intensity, amounts, ...(referenceId ? { referenceId } : {}) }
      : isCustomMaster
        ? { styleIndex: -1, styleId: null }
        : null;
  const { controller, snapshot } = usePlayerController({ trackId, isCustomMaster, masteredSpec, nearbyStyles, reference, onHandle });
  const position = usePosition(controller, snapshot?.status === 'playing');

  const canToggle = !isCustomMaster && masteredSpec !== null && snapshot?.masteredState === 'ready';
  const play = () => {
    if (!controller) return;
    claimKeyboard(controller);
    publishForTests(controller, false);
    controller.togglePlay();
  };
  const toggleVersion = (to?: Version) => {
    if (!controller || !snapshot || !canToggle) return;
    claimKeyboard(controller);
    controller.setVersion(to ?? (snapshot.version === 'original' ? 'mastered' : 'original'));
  };
  usePlayerKeys(controller, { play, toggleVersion: () => toggleVersion() });

  const meta = snapshot ? (snapshot.meta.original ?? snapshot.meta.mastered) : null;
  const sampleRate = meta?.sampleRate ?? SAMPLE_RATE;
  const totalFrames = meta?.numberOfSamples ?? 0;
  const version = snapshot?.version ?? (isCustomMaster ? 'mastered' : 'original');
  const status = snapshot?.status ?? 'idle';
  const versionLabel = i18n._(VERSION_NAMES[version]);

  const announcement =
    status === 'buffering' ? t`Loading audio…` : status === 'playing' ? t`Playing: ${versionLabel}` : status === 'paused' ? t`Paused: ${versionLabel}` : versionLabel;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} className={classes.player} component="section" aria-label={t`Player: ${title}`} data-testid="master-player">
      <PlayerHeader
        title={title}
        version={version}
        status={status}
        positionS={position(snapshot) / sampleRate}
        durationS={totalFrames / sampleRate}
        canPlay={Boolean(controller) && totalFrames > 0 && !snapshot?.error}
        onPlay={play}
      />

      {snapshot?.error ? (
        <Alert color="red" variant="light" title={t`The audio could not be loaded`}>
          {i18n._(errorMessageOf(snapshot.error))}
        </Alert>
      ) : meta && controller ? (
        <WaveformCanvas
          peaks={peaksOf(version, snapshot, meta.waveformData)}
          totalFrames={totalFrames}
          sampleRate={sampleRate}
          positionFrames={position(snapshot)}
          range={snapshot?.range ?? null}
          mastered={version === 'mastered'}
          onSeek={(frame) => controller.seek(frame)}
          onSeekBy={(seconds) => controller.seekBy(seconds)}
          onRange={(range) => controller.setRange(range)}
        />
      ) : (
        <Skeleton height={112} radius="sm" role="status" aria-label={t`Loading the waveform`} />
      )}

      {markers && markers.length > 0 && meta && controller && totalFrames > 0 && (
        <WaveformPins
          markers={markers}
          durationS={totalFrames / sampleRate}
          onPick={(marker) => {
            claimKeyboard(controller);
            controller.seek(Math.round(marker.seconds * sampleRate));
            onMarker?.(marker.id);
          }}
        />
      )}

      <div className={classes.controls}>
        <div className={classes.toggle}>
          <VersionSwitch
            version={version}
            isCustomMaster={isCustomMaster}
            hasMastered={masteredSpec !== null}
            masteredState={snapshot?.masteredState}
            canToggle={canToggle}
            referenceState={snapshot?.reference ?? 'none'}
            onToggle={toggleVersion}
          />
        </div>
        <VolumeControl
          volume={snapshot?.volume ?? 100}
          muted={snapshot?.muted ?? false}
          onMute={(muted) => controller?.setMuted(muted)}
          onVolume={(value) => controller?.setVolume(value)}
        />
        {snapshot?.range && (
          <Button variant="default" size="sm" onClick={() => controller?.setRange(null)}>
            <Trans>Clear loop</Trans>
          </Button>
        )}
      </div>

      {snapshot && !isCustomMaster && masteredSpec && <LoudnessPanel snapshot={snapshot} onMatch={(enabled) => controller?.setMatchLoudness(enabled)} onPlatform={(platform) => controller?.setPlatform(platform)} />}

      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Paper>
  );
}
