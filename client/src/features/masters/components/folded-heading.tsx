import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChevronIcon } from './master-icons.js';

/**
 * The heading of a control folded away under the intensity (amounts, reference): the button that
 * opens it and, while folded, what was chosen in it.
 */
export function FoldedHeading({ label, summary, summaryTestId, opened, onToggle, panelId }: { label: ReactNode; summary: string | null; summaryTestId: string; opened: boolean; onToggle: () => void; panelId: string }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Button variant="subtle" color="gray" size="compact-sm" px={4} leftSection={<ChevronIcon open={opened} />} aria-expanded={opened} aria-controls={panelId} onClick={onToggle}>
        {label}
      </Button>
      {!opened && summary && (
        <Text size="xs" c="mastered.3" truncate data-testid={summaryTestId}>
          {summary}
        </Text>
      )}
    </Group>
  );
}
