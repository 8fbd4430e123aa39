import { ActionIcon, Slider } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { VolumeIcon } from './icons.js';
import classes from './master-player.module.css';

interface VolumeControlProps {
  volume: number;
  muted: boolean;
  onMute: (muted: boolean) => void;
  onVolume: (volume: number) => void;
}

/** Mute button and volume slider (0-100); muted shows as 0 without forgetting the volume. */
export function VolumeControl({ volume, muted, onMute, onVolume }: VolumeControlProps) {
  const { t } = useLingui();
  return (
    <div className={classes.volume}>
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => onMute(!muted)} aria-label={muted ? t`Unmute` : t`Mute`} aria-pressed={muted}>
        <VolumeIcon muted={muted || volume === 0} />
      </ActionIcon>
      <Slider
        style={{ flex: 1 }}
        min={0}
        max={100}
        step={1}
        value={muted ? 0 : volume}
        onChange={onVolume}
        label={(value) => `${value}`}
        aria-label={t`Volume`}
        thumbLabel={t`Volume`}
      />
    </div>
  );
}
