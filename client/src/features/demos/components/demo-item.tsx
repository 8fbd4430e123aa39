import { ActionIcon, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { TDemo } from '../../../../../src/modules/demos/demos.schemas.js';
import classes from './demo-list.module.css';

type Version = 'original' | 'mastered';

/** Only one demo plays at a time. */
let playing: { pause: () => void } | null = null;

const formatTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** A part of a demo to play instead of the whole, as in StyleDetails' before/after. */
export interface DemoExcerpt {
  fromS: number;
  lengthS: number;
}

/**
 * One demo with play/pause and the original/mastered switch. With `excerpt`, playing starts at its
 * beginning and stops (and rewinds) at its end.
 */
export function DemoItem({ demo, excerpt }: { demo: TDemo; excerpt?: DemoExcerpt }) {
  const { t } = useLingui();
  const originalRef = useRef<HTMLAudioElement>(null);
  const masteredRef = useRef<HTMLAudioElement>(null);
  const elementOf = (v: Version) => (v === 'original' ? originalRef.current : masteredRef.current);
  const [version, setVersion] = useState<Version>('mastered');
  const [isPlaying, setIsPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const active = () => elementOf(version);

  const pause = () => {
    originalRef.current?.pause();
    masteredRef.current?.pause();
    setIsPlaying(false);
  };

  useEffect(() => () => {
    if (playing?.pause === pause) playing = null;
  });

  const rewindTo = (seconds: number) => {
    for (const element of [originalRef.current, masteredRef.current]) if (element) element.currentTime = seconds;
    setTime(seconds);
  };

  const toggle = async () => {
    const element = active();
    if (!element) return;
    if (isPlaying) return pause();
    if (excerpt && (element.currentTime < excerpt.fromS || element.currentTime >= excerpt.fromS + excerpt.lengthS)) rewindTo(excerpt.fromS);
    if (playing && playing.pause !== pause) playing.pause();
    playing = { pause };
    await element.play();
    setIsPlaying(true);
  };

  // Switching carries the position over, so the same moment is heard in the other version.
  const switchTo = (next: Version) => {
    const from = elementOf(version);
    const to = elementOf(next);
    setVersion(next);
    if (!from || !to) return;
    to.currentTime = from.currentTime;
    if (isPlaying) {
      from.pause();
      void to.play();
    }
  };

  const seek = (fraction: number) => {
    const seconds = fraction * demo.durationS;
    for (const element of [originalRef.current, masteredRef.current]) if (element) element.currentTime = seconds;
    setTime(seconds);
  };

  const peaks = demo.peaks.length > 0 ? demo.peaks : [];
  const progress = demo.durationS > 0 ? time / demo.durationS : 0;
  const label = version === 'mastered' ? t`Mastered` : t`Original`;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="demo" data-version={version}>
      <Group wrap="nowrap" gap="sm" align="center">
        <ActionIcon size={44} radius="xl" onClick={() => void toggle()} aria-label={isPlaying ? t`Pause ${demo.title}` : t`Play ${demo.title}`} color={version === 'mastered' ? 'mastered' : 'original'}>
          <span aria-hidden>{isPlaying ? '❚❚' : '▶'}</span>
        </ActionIcon>
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate>
            {demo.title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {demo.style}
            {demo.artist ? ` · ${demo.artist}` : ''}
          </Text>
        </Stack>
        <Text size="xs" c="dimmed" className={classes.time}>
          {formatTime(time)} / {formatTime(demo.durationS)}
        </Text>
      </Group>
      {peaks.length > 0 && (
        <svg
          className={classes.wave}
          viewBox={`0 0 ${peaks.length} 100`}
          preserveAspectRatio="none"
          role="slider"
          aria-label={t`Position in ${demo.title}`}
          aria-valuemin={0}
          aria-valuemax={Math.round(demo.durationS)}
          aria-valuenow={Math.round(time)}
          tabIndex={0}
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            seek((event.clientX - box.left) / box.width);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') seek(Math.min(1, (time + 5) / demo.durationS));
            else if (event.key === 'ArrowLeft') seek(Math.max(0, (time - 5) / demo.durationS));
          }}
        >
          {peaks.map((peak, index) => {
            const h = Math.max(2, peak * 96);
            return <rect key={index} x={index + 0.15} width={0.7} y={50 - h / 2} height={h} data-played={index / peaks.length < progress || undefined} />;
          })}
        </svg>
      )}
      <SegmentedControl
        mt="xs"
        fullWidth
        size="sm"
        value={version}
        onChange={(value) => switchTo(value as Version)}
        aria-label={t`Original or mastered: ${label}`}
        color={version === 'mastered' ? 'mastered' : 'original'}
        data={[
          { value: 'original', label: t`Original` },
          { value: 'mastered', label: t`Mastered` },
        ]}
      />
      {(['original', 'mastered'] as const).map((v) => (
        <audio
          key={v}
          ref={v === 'original' ? originalRef : masteredRef}
          src={demo.src[v]}
          preload="none"
          data-version={v}
          onTimeUpdate={(event) => {
            if (v !== version) return;
            const now = event.currentTarget.currentTime;
            if (excerpt && now >= excerpt.fromS + excerpt.lengthS) {
              pause();
              rewindTo(excerpt.fromS);
              return;
            }
            setTime(now);
          }}
          onEnded={() => v === version && setIsPlaying(false)}
        />
      ))}
    </Card>
  );
}
