import { ActionIcon, Badge, Group, Loader, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlayStatus, Version } from '../audio/player-controller.js';
import { formatDuration } from '../format-time.js';
import { PauseIcon, PlayIcon } from './icons.js';
import classes from './master-player.module.css';
import { VERSION_NAMES } from './version-names.js';

interface PlayerHeaderProps {
  title: string;
  version: Version;
  status: PlayStatus;
  /** Seconds played and the track's length. */
  positionS: number;
  durationS: number;
  canPlay: boolean;
  onPlay: () => void;
}

/** The play button, the title with the version heard, and the time. */
export function PlayerHeader({ title, version, status, positionS, durationS, canPlay, onPlay }: PlayerHeaderProps) {
  const { t, i18n } = useLingui();
  const playing = status === 'playing' || status === 'buffering';
  return (
    <div className={classes.header}>
      <ActionIcon
        size={56}
        radius="xl"
        variant="filled"
        color={version === 'mastered' ? 'mastered' : 'original'}
        onClick={onPlay}
        disabled={!canPlay}
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
          <Badge variant={version === 'mastered' ? 'filled' : 'light'} color={version === 'mastered' ? 'mastered' : version === 'reference' ? 'gray' : 'original'}>
            {i18n._(VERSION_NAMES[version])}
          </Badge>
          {status === 'buffering' && (
            <Text size="sm" c="dimmed">
              <Trans>Loading audio…</Trans>
            </Text>
          )}
        </Group>
      </div>
      <Text className={classes.time} size="lg" aria-label={t`Time`}>
        {formatDuration(positionS)} / {formatDuration(durationS)}
      </Text>
    </div>
  );
}
