import { Tooltip, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatDuration } from '../format-time.js';
import type { PlayerMarker } from './master-player.js';
import classes from './waveform-pins.module.css';

/**
 * Pins under the waveform, one per marker, at its place in the track. Each is a button: it seeks
 * the player there (and the page may show what the pin stands for, e.g. scroll to its comment).
 */
export function WaveformPins({ markers, durationS, onPick }: { markers: readonly PlayerMarker[]; durationS: number; onPick: (marker: PlayerMarker) => void }) {
  const { t } = useLingui();
  return (
    <div className={classes.pins} role="group" aria-label={t`Comments on the waveform`}>
      {markers.map((marker) => {
        const left = Math.min(100, Math.max(0, (marker.seconds / durationS) * 100));
        const at = formatDuration(marker.seconds);
        return (
          <Tooltip key={marker.id} label={`${at} · ${marker.label}`} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: false }}>
            <UnstyledButton
              className={classes.pin}
              style={{ left: `${left}%` }}
              onClick={() => onPick(marker)}
              aria-label={t`Comment at ${at}: ${marker.label}`}
              data-testid="comment-pin"
              data-seconds={marker.seconds}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
