import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A royalties screen's section: its heading, an optional line of explanation, then its content. */
export function TitledSection({ title, description, children }: { title: string; description?: string | undefined; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}
