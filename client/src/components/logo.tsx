import { Group, Text } from '@mantine/core';

/** The product mark: two waveform bars, neutral (original) and accent (mastered). */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">
        <rect x="3" y="8" width="4" height="10" rx="2" fill="var(--mantine-color-original-5)" />
        <rect x="11" y="3" width="4" height="20" rx="2" fill="var(--mantine-color-mastered-5)" />
        <rect x="19" y="6" width="4" height="14" rx="2" fill="var(--mantine-color-mastered-7)" />
      </svg>
      <Text fw={700} fz="lg" lh={1}>
        Masterdeck
      </Text>
    </Group>
  );
}
