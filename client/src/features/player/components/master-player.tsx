import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Loader,
  Paper,
  SegmentedControl,
  Skeleton,
  Slider,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { formatFigure } from '../../../lib/format-decibels.js';
import { useDialogState } from '../../../lib/dialogs.js';
import { PlayerController, type PlayerSnapshot, type StreamSpec, type Version } from '../audio/player-controller.js';
import { PROGRESS_INTERVAL_MS, STREAM_SAMPLE_RATE } from '../audio/timeline.js';
import { formatDuration } from '../format-time.js';
import { useMediaSocket } from '../hooks/use-media-socket.js';
import { useOptionalMasteringSession } from '../mastering-session.js';
import { PauseIcon, PlayIcon, VolumeIcon } from './icons.js';
import { WaveformCanvas } from './waveform-canvas.js';
import { WaveformPins } from './waveform-pins.js';
import classes from './master-player.module.css';

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
  /** A custom master always plays as mastered (spec §1). */
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

export interface PlayerHandle {
  positionSeconds(): number;
  seek(seconds: number): void;
}

/**
 * The test build's hook on the page's player (testing/player-test-hook.ts). `import.meta.env.MODE`
 * is a constant at build time, so in a production build this branch, and the import, are removed.
 */
function publishForTests(controller: PlayerController, first: boolean) {
  if (import.meta.env.MODE === 'e2e') void import('../testing/player-test-hook.js').then(({ publishPlayer }) => publishPlayer(controller, first));
}

/** The key that toggles Original/Mastered (said in the UI): A, as in A/B. */
const TOGGLE_KEY = 'a';

const noSnapshot = () => null;
const noSubscribe = () => () => undefined;

/** The player that answers the keyboard: the last one played or touched. */
let keyboardOwner: PlayerController | null = null;

/** A radio or checkbox (the Original/Mastered switch just clicked): A still toggles, other keys keep their own meaning. */
function isChoiceInput(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox');
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || isChoiceInput(target)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'slider';
}

export function MasterPlayer({ trackId, title, styleId, styleIndex, isCustomMaster, nearbyStyles, markers, onMarker, onHandle }: MasterPlayerProps) {
  const { t, i18n } = useLingui();
  const { socket } = useMediaSocket();
  const session = useOptionalMasteringSession();
  const checkoutOpen = useDialogState((state) => state.open.includes('CheckoutTrack'));
  const [controller, setController] = useState<PlayerController | null>(null);
  const masteredSpec = styleIndex !== null ? { styleIndex, styleId } : isCustomMaster ? { styleIndex: -1, styleId: null } : null;
  const masteredKey = masteredSpec ? `${masteredSpec.styleIndex}:${masteredSpec.styleId}` : 'none';
  const currentSpec = useEffectEvent(() => masteredSpec);

  // One controller per track; a style change swaps its mastered stream and keeps playing.
  useEffect(() => {
    if (!socket) return;
    const spec = currentSpec();
    const created = new PlayerController(socket, {
      trackId,
      streams: { original: isCustomMaster ? null : { styleIndex: -1, styleId: null }, mastered: spec },
      initialVersion: isCustomMaster ? 'mastered' : 'original',
    });
    // The controller owns audio nodes and socket subscriptions, so it is made after mount and destroyed on cleanup.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setController(created);
    keyboardOwner ??= created;
    publishForTests(created, true);
    return () => {
      if (keyboardOwner === created) keyboardOwner = null;
      created.destroy();
      setController(null);
    };
  }, [socket, trackId, isCustomMaster]);

  useEffect(() => {
    controller?.setMasteredStream(currentSpec());
  }, [controller, masteredKey]);

  const handOut = useEffectEvent((handle: PlayerHandle | null) => onHandle?.(handle));
  useEffect(() => {
    if (!controller) return;
    const sampleRateOf = () => {
      const meta = controller.getSnapshot().meta;
      return (meta.original ?? meta.mastered)?.sampleRate ?? STREAM_SAMPLE_RATE;
    };
    handOut({ positionSeconds: () => controller.positionFrames() / sampleRateOf(), seek: (seconds) => controller.seek(Math.round(seconds * sampleRateOf())) });
    return () => handOut(null);
  }, [controller]);

  const nearbyKey = (nearbyStyles ?? []).map((spec) => `${spec.styleIndex}:${spec.styleId}`).join(',');
  const currentNearby = useEffectEvent(() => nearbyStyles ?? []);
  useEffect(() => {
    controller?.setNearbyStreams(currentNearby());
  }, [controller, nearbyKey]);

  const prepared = session?.preparation?.processed ?? false;
  useEffect(() => {
    if (prepared) controller?.onPrepared();
  }, [controller, prepared]);

  // Spec §4: the player stops when the buy dialog opens.
  useEffect(() => {
    if (checkoutOpen) controller?.pause();
  }, [controller, checkoutOpen]);

  const snapshot = useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getSnapshot ?? noSnapshot, noSnapshot);
  const position = usePosition(controller, snapshot?.status === 'playing');

  const canToggle = !isCustomMaster && masteredSpec !== null && snapshot?.masteredState === 'ready';
  const play = () => {
    if (!controller) return;
    keyboardOwner = controller;
    publishForTests(controller, false);
    controller.togglePlay();
  };
  const toggleVersion = (to?: Version) => {
    if (!controller || !snapshot || !canToggle) return;
    keyboardOwner = controller;
    controller.setVersion(to ?? (snapshot.version === 'original' ? 'mastered' : 'original'));
  };

  // ui-direction.md: Space plays and pauses, A toggles Original/Mastered, arrows seek.
  const onKeyEvent = useEffectEvent((event: KeyboardEvent) => {
    if (!controller) return;
    if (keyboardOwner !== controller || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
    if (isChoiceInput(event.target) && event.key.toLowerCase() !== TOGGLE_KEY) return;
    const onButton = event.target instanceof HTMLElement && (event.target.tagName === 'BUTTON' || event.target.tagName === 'A');
    if (event.key === ' ' && !onButton) play();
    else if (event.key.toLowerCase() === TOGGLE_KEY) toggleVersion();
    else if (event.key === 'ArrowLeft') controller.seekBy(event.shiftKey ? -1 : -5);
    else if (event.key === 'ArrowRight') controller.seekBy(event.shiftKey ? 1 : 5);
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => onKeyEvent(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const meta = snapshot ? (snapshot.meta.original ?? snapshot.meta.mastered) : null;
  const sampleRate = meta?.sampleRate ?? STREAM_SAMPLE_RATE;
  const totalFrames = meta?.numberOfSamples ?? 0;
  const version = snapshot?.version ?? (isCustomMaster ? 'mastered' : 'original');
  const status = snapshot?.status ?? 'idle';
  const playing = status === 'playing' || status === 'buffering';
  const versionLabel = version === 'mastered' ? t`Mastered` : t`Original`;

  const announcement =
    status === 'buffering' ? t`Loading audio…` : status === 'playing' ? t`Playing: ${versionLabel}` : status === 'paused' ? t`Paused: ${versionLabel}` : versionLabel;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} className={classes.player} component="section" aria-label={t`Player: ${title}`} data-testid="master-player">
      <div className={classes.header}>
        <ActionIcon
          size={56}
          radius="xl"
          variant="filled"
          color={version === 'mastered' ? 'mastered' : 'original'}
          onClick={play}
          disabled={!controller || totalFrames === 0 || !!snapshot?.error}
          aria-label={playing ? t`Pause` : t`Play`}
          aria-keyshortcuts="Space"
        >
          {status === 'buffering' ? <Loader size="sm" color="currentColor" /> : playing ? <PauseIcon /> : <PlayIcon />}
        </ActionIcon>
        <div className={classes.titleBlock}>
          <Title order={2} size="h4" className={classes.title}>
            {title}
          </Title>
          <Group gap="xs" mt={4}>
            <Badge variant={version === 'mastered' ? 'filled' : 'light'} color={version === 'mastered' ? 'mastered' : 'original'}>
              {versionLabel}
            </Badge>
            {status === 'buffering' && (
              <Text size="sm" c="dimmed">
                <Trans>Loading audio…</Trans>
              </Text>
            )}
          </Group>
        </div>
        <Text className={classes.time} size="lg" aria-label={t`Time`}>
          {formatDuration(position(snapshot) / sampleRate)} / {formatDuration(totalFrames / sampleRate)}
        </Text>
      </div>

      {snapshot?.error ? (
        <Alert color="red" variant="light" title={t`The audio could not be loaded`}>
          {i18n._(errorMessageOf(snapshot.error))}
        </Alert>
      ) : meta && controller ? (
        <WaveformCanvas
          peaks={version === 'mastered' && snapshot?.meta.mastered?.waveformData.length ? snapshot.meta.mastered.waveformData : meta.waveformData}
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
        <Skeleton height={112} radius="sm" aria-label={t`Loading the waveform`} />
      )}

      {markers && markers.length > 0 && meta && controller && totalFrames > 0 && (
        <WaveformPins
          markers={markers}
          durationS={totalFrames / sampleRate}
          onPick={(marker) => {
            keyboardOwner = controller;
            controller.seek(Math.round(marker.seconds * sampleRate));
            onMarker?.(marker.id);
          }}
        />
      )}

      <div className={classes.controls}>
        <div className={classes.toggle}>
          {isCustomMaster ? (
            <Badge size="lg" variant="light" color="mastered">
              <Trans>Custom master: always played as mastered</Trans>
            </Badge>
          ) : (
            <Stack gap={4}>
              <SegmentedControl
                fullWidth
                size="lg"
                radius="md"
                value={version}
                onChange={(value) => toggleVersion(value as Version)}
                // Shade 7 of the grey in both schemes: white on it keeps 4.5:1 (shade 5 gave 3.6:1).
                color={version === 'mastered' ? 'mastered' : 'original.7'}
                aria-label={t`Original or mastered`}
                data={[
                  { value: 'original', label: t`Original` },
                  { value: 'mastered', label: t`Mastered`, disabled: !canToggle },
                ]}
              />
              <Text size="xs" c="dimmed">
                {masteredSpec === null ? (
                  <Trans>Choose a style to hear its master.</Trans>
                ) : snapshot?.masteredState === 'waiting' ? (
                  <Trans>The mastered version can be heard once the analysis has finished.</Trans>
                ) : snapshot?.masteredState === 'unavailable' ? (
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
          )}
        </div>
        <div className={classes.volume}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => controller?.setMuted(!snapshot?.muted)}
            aria-label={snapshot?.muted ? t`Unmute` : t`Mute`}
            aria-pressed={snapshot?.muted ?? false}
          >
            <VolumeIcon muted={(snapshot?.muted ?? false) || snapshot?.volume === 0} />
          </ActionIcon>
          <Slider
            style={{ flex: 1 }}
            min={0}
            max={100}
            step={1}
            value={snapshot?.muted ? 0 : (snapshot?.volume ?? 100)}
            onChange={(value) => controller?.setVolume(value)}
            label={(value) => `${value}`}
            aria-label={t`Volume`}
            thumbLabel={t`Volume`}
          />
        </div>
        {snapshot?.range && (
          <Button variant="default" size="sm" onClick={() => controller?.setRange(null)}>
            <Trans>Clear loop</Trans>
          </Button>
        )}
      </div>

      {snapshot && !isCustomMaster && masteredSpec && <LoudnessPanel snapshot={snapshot} onMatch={(enabled) => controller?.setMatchLoudness(enabled)} />}

      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Paper>
  );
}

/** The playhead, re-read from the audio clock every 25 ms while playing (spec §9). */
function usePosition(controller: PlayerController | null, playing: boolean): (snapshot: PlayerSnapshot | null) => number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!controller || !playing) return;
    const timer = setInterval(() => setTick((tick) => (tick + 1) % 1_000_000), PROGRESS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [controller, playing]);
  return () => controller?.positionFrames() ?? 0;
}

/** Measured loudness and true peak of both versions, and the loudness-matched A/B switch (issue 5). */
function LoudnessPanel({ snapshot, onMatch }: { snapshot: PlayerSnapshot; onMatch: (enabled: boolean) => void }) {
  const { t, i18n } = useLingui();
  const original = snapshot.meta.original?.loudness.original ?? snapshot.meta.mastered?.loudness.original ?? null;
  const mastered = snapshot.meta.mastered?.loudness.master ?? null;
  const predicted = snapshot.meta.mastered?.loudness.masterPredicted ?? false;
  const locale = i18n.locale;
  const adjusted = snapshot.gains.masteredDb !== 0 ? snapshot.gains.masteredDb : snapshot.gains.originalDb;
  const adjustedVersion = snapshot.gains.masteredDb !== 0 ? t`Mastered` : t`Original`;
  const row = (label: string, color: string, value: { lufs: number; truePeak: number } | null, note?: string) => (
    <Table.Tr>
      <Table.Td>
        <span className={classes.swatch} style={{ background: `var(--mantine-color-${color}-5)` }} aria-hidden />
        {label}
        {note && (
          <Text span size="xs" c="dimmed">
            {' '}
            ({note})
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.figures}>{value ? `${formatFigure(value.lufs, locale)} LUFS` : '–'}</Table.Td>
      <Table.Td className={classes.figures}>{value ? `${formatFigure(value.truePeak, locale)} dBTP` : '–'}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="xs">
      <Switch
        checked={snapshot.matchLoudness}
        onChange={(event) => onMatch(event.currentTarget.checked)}
        label={t`Match loudness`}
        description={
          snapshot.matchLoudness && adjusted !== 0
            ? t`Both versions play at the same loudness, so you judge the sound, not the volume. ${adjustedVersion} is turned down by ${formatFigure(Math.abs(adjusted), locale)} dB.`
            : t`Both versions play at the same loudness, so you judge the sound, not the volume.`
        }
      />
      <Table.ScrollContainer minWidth={280}>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" className={classes.loudnessTable} aria-label={t`Measured loudness`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Version</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Loudness</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>True peak</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row(t`Original`, 'original', original)}
            {row(t`Mastered`, 'mastered', mastered, mastered && predicted ? t`predicted` : undefined)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
