import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A wizard step's title, and below it what the step asks of the user. */
export function StepHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Stack>
  );
}
