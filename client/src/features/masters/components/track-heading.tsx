import { Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The master page's heading: track name and artist, with the owner's actions beside them. */
export function TrackHeading({ name, artist, actions }: { name: string; artist: string | null; actions?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          <Trans>Master</Trans>
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Text c="dimmed" fs={artist ? undefined : 'italic'}>
          {artist ?? t`artist group`}
        </Text>
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
